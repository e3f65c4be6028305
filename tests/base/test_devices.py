"""Device placement: TF's device strings, soft placement with its warning, the placement log, and ops
across devices (a fake GPU:0 on array_api_strict's second device stands in for CuPy)."""

import os
import pathlib
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import tapekit as tk
from tapekit import backend

TEST_BACKEND = os.environ.get("TAPEKIT_TEST_BACKEND", "numpy")

CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
GPU = "/job:localhost/replica:0/task:0/device:GPU:0"
no_gpu = pytest.mark.skipif(bool(backend.gpus()), reason="this machine has a GPU; tests the absent-GPU path")


@pytest.fixture
def fake_gpu():
    """GPU:0 backed by array_api_strict's second device; restores the session's backend after."""
    pytest.importorskip("array_api_strict")
    backend.use_test_backend("strict", fake_gpu=True)
    yield
    backend.use_test_backend(TEST_BACKEND)


@pytest.fixture
def fresh_warnings():
    backend.PLACEMENT.warned.clear()
    yield
    backend.PLACEMENT.warned.clear()


@no_gpu
def test_list_devices_as_tf_prints_them():
    assert repr(tk.config.list_physical_devices()) == \
        "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]"
    assert tk.config.list_physical_devices("GPU") == []
    assert tk.config.list_physical_devices("cpu") == []  # TF's device_type is case-sensitive
    assert repr(tk.config.list_logical_devices()) == "[LogicalDevice(name='/device:CPU:0', device_type='CPU')]"
    dev = tk.config.list_physical_devices("CPU")[0]
    assert (dev.name, dev.device_type) == ("/physical_device:CPU:0", "CPU")


@no_gpu
def test_tensor_and_variable_device_strings():
    assert tk.constant([1.0]).device == CPU
    assert tk.Variable(1.0).device == CPU
    assert (tk.constant(2.0) * 3.0).device == CPU
    for spec in ["CPU:0", "/CPU:0", "cpu:0", "/device:CPU:0", CPU, "CPU", "", None]:
        with tk.device(spec):
            assert tk.constant([1.0]).device == CPU


@pytest.mark.parametrize("spec, word", [("XPU:0", "XPU"), ("foo", "foo"), ("/device:TPU:0", "TPU")])
def test_bad_device_spec_is_tf_value_error(spec, word):
    with pytest.raises(ValueError, match=f"Unknown attribute '{word}' is encountered while parsing the "
                                         f"device spec: '{spec}'"):
        tk.device(spec)


@no_gpu
def test_absent_gpu_soft_places_on_cpu_with_one_warning(fresh_warnings):
    with pytest.warns(UserWarning) as caught:
        with tk.device("GPU:0"):
            x = tk.constant([1.0, 2.0])
            y = x * 2.0
    assert len(caught) == 1
    text = str(caught[0].message)
    assert "no GPU:0 is available" in text and backend.PLACEMENT.gpu_absent_reason in text
    assert 'pip install "tapekit[gpu]"' in text and CPU in text
    assert x.device == CPU and y.device == CPU
    np.testing.assert_array_equal(y.numpy(), [2.0, 4.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the second request stays silent
        with tk.device("/GPU:0"):
            assert tk.constant(1.0).device == CPU


def test_log_device_placement_prints_tf_lines(capsys):
    x = tk.constant([1.0, 2.0])
    tk.debugging.set_log_device_placement(True)
    try:
        assert tk.debugging.get_log_device_placement() is True
        tk.reduce_sum(x * x)
    finally:
        tk.debugging.set_log_device_placement(False)
    err = capsys.readouterr().err.splitlines()
    dev = backend.default_device().name
    assert err == [f"Executing op Mul in device {dev}", f"Executing op Sum in device {dev}"]
    tk.reduce_sum(x)
    assert capsys.readouterr().err == ""


def test_fake_gpu_places_and_copies_between_devices(fake_gpu):
    assert [d.name for d in tk.config.list_physical_devices()] == ["/physical_device:CPU:0", "/physical_device:GPU:0"]
    with tk.device("CPU:0"):
        a = tk.constant([1.0, 2.0])
    assert a.device == CPU
    b = tk.constant([3.0, 4.0])  # default device: GPU:0 when there is one, as TF
    assert b.device == GPU
    c = a * b  # inputs on two devices: copied to the op's device
    assert c.device == GPU
    with tk.device("/CPU:0"):
        d = b + a
    assert d.device == CPU
    host = c.numpy()
    assert type(host) is np.ndarray
    np.testing.assert_array_equal(host, [3.0, 8.0])
    np.testing.assert_array_equal(d.numpy(), [4.0, 6.0])


def test_fake_gpu_gradients_and_variables(fake_gpu):
    with tk.device("GPU:0"):
        w = tk.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert w.device == GPU
    with tk.device("CPU:0"):
        x = tk.constant([[1.0], [-1.0]])
    with tk.GradientTape() as tape:
        y = tk.reduce_sum(tk.matmul(w, x) ** 2)
    g = tape.gradient(y, w)
    # y = sum((W x)^2) -> dy/dW = 2 (W x) x^T
    wx = np.array([[-1.0], [-1.0]])
    np.testing.assert_allclose(g.numpy(), 2 * wx @ np.array([[1.0, -1.0]]))
    assert g.device == GPU


def test_import_tapekit_never_imports_cupy(tmp_path):
    fake = tmp_path / "cupy"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('fake cupy: must not be imported')\n")
    code = textwrap.dedent("""
        import sys
        import tapekit as tk
        assert "cupy" not in sys.modules, "import tapekit imported cupy"
        print("ok", tk.config.list_physical_devices("GPU"))
    """)
    repo = pathlib.Path(tk.__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(repo)])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok []"  # a CuPy that fails to import means no GPU, not an error
