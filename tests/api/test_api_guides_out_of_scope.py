"""What TF's guides use beyond tapekit's scope raises a clear NotImplementedError naming TF's API and what to
use instead (docs/DIFFERENCES.md), in both languages; the default mixed-precision policy is accepted."""

import pytest

import tapekit as tk
from tapekit import keras
from tapekit.keras import mixed_precision

OUT_OF_SCOPE = [
    ("tf.data.TextLineDataset", lambda: tk.data.TextLineDataset(["lines.txt"])),
    ("tf.data.TFRecordDataset", lambda: tk.data.TFRecordDataset(filenames=["x.tfrec"])),
    ("tf.data.Dataset.list_files", lambda: tk.data.Dataset.list_files("/tmp/*")),
    ("tf.data.experimental.CsvDataset", lambda: tk.data.experimental.CsvDataset("missing.csv", [1, 2])),
    ("tf.data.experimental.make_csv_dataset",
     lambda: tk.data.experimental.make_csv_dataset("train.csv", batch_size=4, label_name="survived")),
    ("tf.data.Dataset.rejection_resample",
     lambda: tk.data.Dataset.range(4).rejection_resample(lambda x: x % 2, target_dist=[0.5, 0.5])),
    ("tf.data.Dataset.save", lambda: tk.data.Dataset.range(3).save("/tmp/saved_dataset")),
    ("tf.data.Dataset.ignore_errors", lambda: tk.data.Dataset.range(3).ignore_errors()),
    ("keras.utils.get_file", lambda: keras.utils.get_file("train.csv", "https://example.com/train.csv")),
    ("keras.datasets.fashion_mnist.load_data", lambda: keras.datasets.fashion_mnist.load_data()),
    ("keras.preprocessing.image.ImageDataGenerator",
     lambda: keras.preprocessing.image.ImageDataGenerator(rescale=1 / 255)),
    ("keras.mixed_precision.DTypePolicy('mixed_float16')", lambda: mixed_precision.set_global_policy("mixed_float16")),
    ("keras.mixed_precision.DTypePolicy('mixed_float16')", lambda: mixed_precision.Policy("mixed_float16")),
    ("keras.mixed_precision.set_global_policy('float64')", lambda: mixed_precision.set_global_policy("float64")),
    ("keras.mixed_precision.LossScaleOptimizer",
     lambda: mixed_precision.LossScaleOptimizer(keras.optimizers.RMSprop())),
    ("tf.linalg.svd", lambda: tk.linalg.svd(tk.ones([3, 2]))),
    ("tf.linalg.cholesky", lambda: tk.linalg.cholesky(tk.eye(2))),
    ("tf.experimental.dispatch_for_api", lambda: tk.experimental.dispatch_for_api(tk.add)),
    ("tf.experimental.BatchableExtensionType", lambda: tk.experimental.BatchableExtensionType()),
    ("tf.train.Example", lambda: tk.train.Example()),
    ("tf.train.Int64List", lambda: tk.train.Int64List(value=[7])),
]


@pytest.mark.parametrize("tf_name, call", OUT_OF_SCOPE, ids=[name for name, _ in OUT_OF_SCOPE])
def test_out_of_scope_api_raises_naming_tf_api_and_what_to_use(tf_name, call):
    with pytest.raises(NotImplementedError, match=r"is not implemented in tapekit\.\n  Hint: ") as error:
        call()
    assert str(error.value).startswith(f"{tf_name} is not implemented in tapekit.")


def test_an_extension_type_subclass_fails_at_the_class_statement():
    with pytest.raises(NotImplementedError, match=r"^tf\.experimental\.ExtensionType is not implemented in tapekit"):
        class MaskedTensor(tk.experimental.ExtensionType):
            values: tk.Tensor
            mask: tk.Tensor


def test_the_hints_are_translated():
    previous = tk.config.get_language()
    tk.config.set_language("zh-CN")
    try:
        with pytest.raises(NotImplementedError, match="数据集"):
            tk.data.TextLineDataset(["lines.txt"])
        with pytest.raises(NotImplementedError, match="混合精度"):
            mixed_precision.set_global_policy("mixed_bfloat16")
    finally:
        tk.config.set_language(previous)


def test_the_default_float32_policy_is_accepted_and_changes_nothing():
    before = mixed_precision.global_policy()
    mixed_precision.set_global_policy("float32")
    mixed_precision.set_global_policy(mixed_precision.Policy("float32"))
    assert mixed_precision.global_policy() == before
    assert repr(before) == '<DTypePolicy "float32">'
    assert (before.compute_dtype, before.variable_dtype) == ("float32", "float32")
