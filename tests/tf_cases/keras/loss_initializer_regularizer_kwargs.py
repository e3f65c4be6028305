import keras


def attempt(label, make):
    try:
        make()
        print(label, "ok")
    except Exception as error:
        print(label, type(error).__name__)


attempt("MeanSquaredError(foo=1)", lambda: keras.losses.MeanSquaredError(foo=1))
attempt("BinaryCrossentropy(from_logit=True)", lambda: keras.losses.BinaryCrossentropy(from_logit=True))
attempt("Huber(foo=1)", lambda: keras.losses.Huber(foo=1))
attempt("Huber(2.0)", lambda: keras.losses.Huber(2.0))
attempt("MeanSquaredError(reduction='avg')", lambda: keras.losses.MeanSquaredError(reduction="avg"))
attempt("MeanSquaredError(reduction='mean')", lambda: keras.losses.MeanSquaredError(reduction="mean"))
attempt("SparseCategoricalCrossentropy(ignore_class=0)",
        lambda: keras.losses.SparseCategoricalCrossentropy(ignore_class=0))
attempt("GlorotUniform(foo=1)", lambda: keras.initializers.GlorotUniform(foo=1))
attempt("Zeros(foo=1)", lambda: keras.initializers.Zeros(foo=1))
attempt("RandomNormal(std=1)", lambda: keras.initializers.RandomNormal(std=1.0))
attempt("Constant(value=2)", lambda: keras.initializers.Constant(value=2.0))
attempt("VarianceScaling(mode='bad')", lambda: keras.initializers.VarianceScaling(mode="bad"))
attempt("initializers.get('nope')", lambda: keras.initializers.get("nope"))
attempt("L2(foo=1)", lambda: keras.regularizers.L2(foo=1))
attempt("L1L2(l3=1)", lambda: keras.regularizers.L1L2(l3=1))
attempt("L2(-1.0)", lambda: keras.regularizers.L2(-1.0))
attempt("L1('a')", lambda: keras.regularizers.L1("a"))
attempt("regularizers.get('l1_l2')", lambda: keras.regularizers.get("l1_l2"))
attempt("ExponentialDecay(foo=1)", lambda: keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9, foo=1))
attempt("ExponentialDecay(decay_steps=0)", lambda: keras.optimizers.schedules.ExponentialDecay(0.1, 0, 0.9))
attempt("PiecewiseConstantDecay lengths", lambda: keras.optimizers.schedules.PiecewiseConstantDecay([10], [1.0]))
attempt("CosineDecay(foo=1)", lambda: keras.optimizers.schedules.CosineDecay(0.1, 10, foo=1))
