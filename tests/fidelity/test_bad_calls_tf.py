"""Bad-input calls against TF 2.21's recorded outcomes (issue 25, part B): no defect beyond the known ones.

``tools/bad_calls.py`` puts a bad value (wrong Python type, dtype, shape, axis, enum string, length,
unknown keyword) in each argument of 218 public functions: 3,302 calls whose outcomes in real TF 2.21
are recorded in ``bad_calls_tf.json``. tapekit must raise TF's exception type (or succeed with TF's
value), never a raw Python error from inside, never change a variable or optimizer it refused, and
answer at once. The defects left (mostly TF's per-op accidents in which type it raises, listed with
their kind in ``bad_calls_known.json``) may only shrink: a new one fails here.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"
sys.path.insert(0, str(TOOLS))

import bad_calls  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def defects() -> list[dict]:
    # "slow" (over a second) depends on the machine's load: calls that compute for long show as TIMEOUT
    return [d for d in bad_calls.diff(bad_calls.generate()) if d["problem"] != "slow"]


def test_every_recorded_call_is_generated():
    recorded = json.loads(bad_calls.RECORD.read_text())
    codes = {c["code"] for c in bad_calls.generate()}
    assert codes == set(recorded), "re-record: TAPEKIT_TF_PYTHON=... python tools/bad_calls.py record"


def test_no_new_defect(defects):
    known = json.loads(bad_calls.KNOWN.read_text())
    new = [f"{d['problem']}: {d['code']}\n  tapekit: {d['tapekit']}\n  TF: {d['tf']}"
           for d in defects if known.get(d["code"]) != d["problem"]]
    assert not new, "\n".join(new[:20])


def test_no_raw_error_state_change_or_slow_call(defects):
    hard = [d for d in defects if d["problem"].startswith(("raw", "StateChanged", "TIMEOUT", "CRASH"))]
    allowed = json.loads(bad_calls.KNOWN.read_text())
    assert all(allowed.get(d["code"]) == d["problem"] for d in hard)
    assert len(hard) <= 20, [d["code"] for d in hard]
