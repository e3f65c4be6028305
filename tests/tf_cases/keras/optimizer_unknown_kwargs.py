import keras


def attempt(label, make):
    try:
        make()
        print(label, "ok")
    except Exception as error:
        print(label, type(error).__name__)


attempt("SGD(lr=0.1)", lambda: keras.optimizers.SGD(lr=0.1))
attempt("SGD(momentun=0.9)", lambda: keras.optimizers.SGD(momentun=0.9))
attempt("Adam(lr=0.01)", lambda: keras.optimizers.Adam(lr=0.01))
attempt("Adam(beta1=0.9)", lambda: keras.optimizers.Adam(beta1=0.9))
attempt("RMSprop(decay_rate=0.9)", lambda: keras.optimizers.RMSprop(decay_rate=0.9))
attempt("Adagrad(foo=1)", lambda: keras.optimizers.Adagrad(foo=1))
attempt("AdamW(wd=0.1)", lambda: keras.optimizers.AdamW(wd=0.1))
attempt("Adam(decay=0.1)", lambda: keras.optimizers.Adam(decay=0.1))
attempt("SGD(1)", lambda: keras.optimizers.SGD(1))
attempt("SGD('fast')", lambda: keras.optimizers.SGD("fast"))
attempt("SGD(momentum=1)", lambda: keras.optimizers.SGD(momentum=1))
attempt("SGD(momentum=1.5)", lambda: keras.optimizers.SGD(momentum=1.5))
attempt("SGD(momentum=0.9)", lambda: keras.optimizers.SGD(momentum=0.9))
attempt("SGD(clipnorm, clipvalue)", lambda: keras.optimizers.SGD(clipnorm=1.0, clipvalue=1.0))
attempt("SGD(clipnorm, global_clipnorm)", lambda: keras.optimizers.SGD(clipnorm=1.0, global_clipnorm=1.0))
attempt("SGD(use_ema, ema_momentum=2)", lambda: keras.optimizers.SGD(use_ema=True, ema_momentum=2.0))
attempt("SGD(gradient_accumulation_steps=1)", lambda: keras.optimizers.SGD(gradient_accumulation_steps=1))
attempt("AdamW(weight_decay=None)", lambda: keras.optimizers.AdamW(weight_decay=None))
attempt("SGD(nesterov=True, momentum=0.9)", lambda: keras.optimizers.SGD(momentum=0.9, nesterov=True))
print(keras.optimizers.SGD(learning_rate=0.1).learning_rate.numpy())
print(keras.optimizers.SGD(0.25).learning_rate.numpy())
