import tensorflow as tf
import keras
y = [0, 1, 1, 1, 0, 1]
p = [0.2, 0.9, 0.4, 0.6, 0.7, 0.51]
w = [1.0, 2.0, 1.0, 0.5, 1.0, 0.0]
M = keras.metrics
for cls in [M.Precision, M.Recall, M.TruePositives, M.FalsePositives, M.TrueNegatives, M.FalseNegatives]:
    m = cls()
    m.update_state(y, p)
    print(cls.__name__, m.name, m.result(), [v.name for v in m.variables], [v.shape for v in m.variables])
    m.update_state(y, p, sample_weight=w)
    print(m.result())
    m.reset_state()
    print(m.result())
    print(cls(thresholds=[0.3, 0.6])(y, p), cls(thresholds=0.55)(y, p), cls(thresholds=0.55).get_config())
print(keras.metrics.Precision(class_id=1)([[0, 1], [1, 0], [0, 1]], [[0.3, 0.8], [0.6, 0.7], [0.9, 0.2]]))
print(keras.metrics.Recall()([[1], [0], [1]], [[0.7], [0.1], [0.4]]))
for curve in ["ROC", "PR"]:
    for summ in ["interpolation", "minoring", "majoring"]:
        a = keras.metrics.AUC(curve=curve, summation_method=summ)
        a.update_state(y, p)
        r1 = a.result()
        a.update_state(y, p, sample_weight=w)
        print(curve, summ, r1, a.result())
a = keras.metrics.AUC(num_thresholds=5)
print(a([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]), [v.shape for v in a.variables], a.name, a.thresholds)
print(a.get_config())
for m in [M.BinaryCrossentropy(), M.BinaryCrossentropy(from_logits=True),
          M.CategoricalCrossentropy(label_smoothing=0.1), M.SparseCategoricalCrossentropy(), M.Hinge(),
          M.SquaredHinge(), M.CategoricalHinge(), M.KLDivergence(), M.LogCoshError(),
          M.MeanAbsolutePercentageError(), M.MeanSquaredLogarithmicError(), M.Poisson(), M.CosineSimilarity(),
          M.TopKCategoricalAccuracy(k=1), M.TopKCategoricalAccuracy(k=2)]:
    yt = [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]
    yp = tf.constant([[0.1, 0.7, 0.2], [0.3, 0.4, 0.3]])
    if isinstance(m, keras.metrics.SparseCategoricalCrossentropy):
        yt = tf.constant([1, 0])
    m.update_state(yt, yp)
    m.update_state(yt, yp, sample_weight=[1.0, 0.0])
    print(m.name, m.result(), m.get_config())
s = keras.metrics.SparseTopKCategoricalAccuracy(k=1)
print(s([2, 1], [[0.1, 0.5, 0.4], [0.1, 0.8, 0.1]]), s([[2], [1]], [[0.1, 0.5, 0.4], [0.1, 0.8, 0.1]]), s.get_config())
print(keras.metrics.top_k_categorical_accuracy([[0, 0, 1], [0, 1, 0]], [[0.1, 0.5, 0.4], [0.9, 0.05, 0.05]], k=2))
print(keras.metrics.sparse_top_k_categorical_accuracy([2, 1], [[0.1, 0.5, 0.4], [0.9, 0.05, 0.05]], k=2))
print(hasattr(keras.metrics, "cosine_similarity"), keras.metrics.AUC().name, keras.metrics.Precision(name="p").name)
try:
    keras.metrics.AUC(num_thresholds=1)
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    keras.metrics.Precision(thresholds=1.5)
except ValueError as e:
    print(type(e).__name__, str(e).splitlines()[0])
