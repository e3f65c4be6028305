"""Locate the front-end files: ``tapekit/_frontend`` in a wheel, the top-level ``widgets/`` in a checkout."""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def frontend_dir() -> Path:
    for candidate in (_HERE.parent / "_frontend", _HERE.parent.parent / "widgets"):
        if (candidate / "player.js").is_file():
            return candidate
    raise FileNotFoundError("tapekit's widget front end (player.js) is missing from this installation.")


def read_asset(name: str) -> str:
    return (frontend_dir() / name).read_text(encoding="utf-8")
