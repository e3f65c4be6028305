"""What Keras downloads or reads from disk: out of tapekit's scope, each raising ``NotImplementedError``.

``keras.utils.get_file``, ``keras.datasets.<name>.load_data`` and the ``keras.preprocessing``
readers and augmenters exist under Keras's names so that code fails clearly (docs/DIFFERENCES.md).
"""

from __future__ import annotations

from types import SimpleNamespace

from .._base.i18n import N_
from .._base.unsupported import out_of_scope

_DOWNLOAD_HINT = N_("downloads are out of tapekit's scope: fetch the file yourself (with TensorFlow, or a browser), "
                    "load it with NumPy or pandas and pass the arrays to tk.constant or "
                    "tk.data.Dataset.from_tensor_slices.")
_PREPROCESSING_HINT = N_("image and text preprocessing is out of tapekit's scope: prepare the arrays with NumPy, "
                         "then pass them to tk.data.Dataset.from_tensor_slices.")

get_file = out_of_scope("keras.utils.get_file", _DOWNLOAD_HINT)

_DATASETS = ("boston_housing", "california_housing", "cifar10", "cifar100", "fashion_mnist", "imdb", "mnist",
             "reuters")
datasets = {name: SimpleNamespace(load_data=out_of_scope(f"keras.datasets.{name}.load_data", _DOWNLOAD_HINT))
            for name in _DATASETS}
for _name in ("imdb", "reuters"):
    datasets[_name].get_word_index = out_of_scope(f"keras.datasets.{_name}.get_word_index", _DOWNLOAD_HINT)


def _preprocessing(module: str, names: tuple) -> SimpleNamespace:
    return SimpleNamespace(**{name: out_of_scope(f"keras.preprocessing.{module}.{name}", _PREPROCESSING_HINT)
                              for name in names})


preprocessing = SimpleNamespace(
    image=_preprocessing("image", ("ImageDataGenerator", "DirectoryIterator", "NumpyArrayIterator", "load_img",
                                   "img_to_array", "array_to_img", "save_img", "smart_resize")),
    sequence=_preprocessing("sequence", ("pad_sequences", "TimeseriesGenerator")),
    text=_preprocessing("text", ("Tokenizer", "text_to_word_sequence", "one_hot")),
    image_dataset_from_directory=out_of_scope("keras.preprocessing.image_dataset_from_directory", _DOWNLOAD_HINT),
    text_dataset_from_directory=out_of_scope("keras.preprocessing.text_dataset_from_directory", _DOWNLOAD_HINT))
