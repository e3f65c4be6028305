"""``tk.ragged``: RaggedTensor, rows of different lengths (``tk.ragged.constant([[1, 2], [3]])``).

A RaggedTensor is a ``values`` tensor (or a RaggedTensor, for more ragged axes) cut into rows by
an int64 ``row_splits`` vector: row ``i`` is ``values[row_splits[i]:row_splits[i + 1]]``. It
prints, indexes, converts and does arithmetic as TF's does. Every operation is a tapekit op on
``flat_values``, so gradients flow to the tensors a RaggedTensor was built from. Element-wise
math, ``tk.cast`` and the reductions (``tk.reduce_sum(r, axis=1)``) accept ragged inputs through
the wrappers in ``dispatch.py``.

Its modules, each importing only those listed before it: ``tensor`` (the class: factories,
structure, conversion, indexing, printing), ``elementwise`` (arithmetic, the Python operators),
``segments`` (bincount, unsorted_segment_*) and ``text`` (as ``tk.strings.format`` writes one),
``reduce`` (the reductions), ``spec`` (RaggedTensorSpec), ``functions`` (``constant``, ``range``,
``map_flat_values``, ``concat``, ...), ``gather`` and ``dispatch`` (the public functions that take
ragged inputs).
"""

from . import elementwise   # noqa: F401 - it installs the Python operators on RaggedTensor
from .functions import constant, map_flat_values, range  # noqa: A004 - tk.ragged.range, as TF's
from .functions import row_splits_to_segment_ids, segment_ids_to_row_splits, stack_dynamic_partitions
from .spec import RaggedTensorSpec  # noqa: F401 - tk.RaggedTensorSpec is imported from here
from .tensor import RaggedTensor

__all__ = ["RaggedTensor", "constant", "map_flat_values", "range", "row_splits_to_segment_ids",
           "segment_ids_to_row_splits", "stack_dynamic_partitions"]
