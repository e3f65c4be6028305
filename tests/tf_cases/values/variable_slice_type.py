# A slice of a variable is a plain EagerTensor that can still be assigned into; a copy of it is a plain value.
import copy
import pickle

import tensorflow as tf

weights = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
for part in (weights[0], weights[:, 1], weights[1, 2], weights[0:1, ::2]):
    print(type(part).__name__, isinstance(part, tf.Tensor), part.shape, part.numpy().tolist())
row = weights[1]
row.assign([7.0, 8.0, 9.0])
print(weights.numpy().tolist())
print(type(pickle.loads(pickle.dumps(weights[0]))).__name__, copy.deepcopy(weights[0]).numpy().tolist())
print(type(weights[0] * 2.0).__name__)
