"""Threads for large elementwise loops (pyaot/parallel/pool.hpp): every thread count gives
the one-thread bits and NumPy's; loops that can fail (an integer power with a negative
exponent) stay on the calling thread and raise as NumPy does; a child process after fork()
still runs them; the GIL is released while a kernel of numbers and large arrays runs.

kernels/thread_kernels.py is built once; each thread count runs in a child process, since
the pool reads PYAOT_NUM_THREADS when it starts.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hatch_pyaot.pipeline import build
from support import import_file, once_for_all_workers
from thread_inputs import digest, inputs

KERNELS = Path(__file__).parent / "kernels" / "thread_kernels.py"

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the shared build uses fcntl")

CHILD = r"""
import importlib.machinery as m, importlib.util as u, json, os, sys
import numpy as np
sys.path.insert(0, sys.argv[2])
from thread_inputs import digest, inputs
path = sys.argv[1]
loader = m.ExtensionFileLoader("thread_kernels", path)
mod = u.module_from_spec(u.spec_from_file_location("thread_kernels", path, loader=loader))
loader.exec_module(mod)
a = inputs()
out = {"poly": digest(mod.poly(a["x"])), "rows": digest(mod.rows_minus_columns(a["big"], a["row"]))}
mod.scale_in_place(a["ints"], 3)
out["in_place"] = digest(a["ints"])
out["power"] = digest(mod.power(a["ints"], np.maximum(a["exponents"], 0)))
try:
    mod.power(a["ints"], a["exponents"])
except ValueError as exc:
    out["raised"] = str(exc).split(" (at")[0]
if len(sys.argv) > 3:  # after fork(): the pool's workers are not in the child
    pid = os.fork()
    if pid == 0:
        os._exit(0 if digest(mod.poly(a["x"])) == out["poly"] else 3)
    out["child"] = os.waitpid(pid, 0)[1]
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def native(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = once_for_all_workers(tmp_path_factory.getbasetemp(), "threads", _build)
    return Path(built["native"])


def _build(folder: Path) -> dict[str, str]:
    source = folder / "thread_kernels.py"
    shutil.copyfile(KERNELS, source)
    report = build([source])
    assert not report.failed_entries, [e.diagnostics for e in report.failed_entries]
    (path,) = report.built
    return {"native": str(path)}


def run(native: Path, threads: str, *extra: str) -> dict[str, object]:
    env = {**os.environ, "PYAOT_NUM_THREADS": threads}
    proc = subprocess.run([sys.executable, "-c", CHILD, str(native), str(Path(__file__).parent),
                           *extra], env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_every_thread_count_gives_the_same_bits_as_numpy(native: Path) -> None:
    python = import_file(KERNELS, "thread_kernels_python", disable=True)
    a = inputs()
    expected = {"poly": digest(python.poly(a["x"])),
                "rows": digest(python.rows_minus_columns(a["big"], a["row"]))}
    python.scale_in_place(a["ints"], 3)
    expected["in_place"] = digest(a["ints"])
    expected["power"] = digest(python.power(a["ints"], np.maximum(a["exponents"], 0)))
    with pytest.raises(ValueError) as raised:
        python.power(a["ints"], a["exponents"])
    expected["raised"] = str(raised.value)
    for threads in ("1", "2", "3", "0", "many"):  # 0 and unreadable: one per core
        assert run(native, threads) == expected, threads


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork() is POSIX")
def test_a_forked_child_runs_the_loops(native: Path) -> None:
    assert run(native, "2", "fork")["child"] == 0


def _load(native: Path) -> Any:
    loader = importlib.machinery.ExtensionFileLoader("thread_kernels", str(native))
    spec = importlib.util.spec_from_file_location("thread_kernels", native, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_gil_is_released_during_a_long_call_on_a_large_array(native: Path) -> None:
    """Another Python thread runs while a compiled loop over a large array does (a kernel
    of numbers and arrays); on a small array the call keeps the GIL, as it costs less."""
    module = _load(native)
    python = import_file(KERNELS, "thread_kernels_python_gil", disable=True)
    x = np.linspace(0.0, 1.0, 1 << 17)
    assert module.sweeps(x, 3) == python.sweeps(x, 3)

    def stamps_during(array: np.ndarray, count: int) -> int:
        stamps: list[float] = []
        stop = threading.Event()

        def ticker() -> None:
            while not stop.is_set():
                stamps.append(time.perf_counter())
                time.sleep(0.001)

        thread = threading.Thread(target=ticker)
        thread.start()
        time.sleep(0.05)
        start = time.perf_counter()
        module.sweeps(array, count)
        end = time.perf_counter()
        stop.set()
        thread.join()
        assert end - start > 0.2, "the call is too short to tell"
        return sum(start + 0.05 < s < end - 0.05 for s in stamps)

    def lasting_half_a_second(array: np.ndarray) -> int:
        # Calibrated on a call long enough to time: one of 20 sweeps of a small array lasts
        # microseconds, and a scheduler's hiccup in it would scale the count far off.
        count = 20
        while True:
            start = time.perf_counter()
            module.sweeps(array, count)
            took = time.perf_counter() - start
            if took > 0.05:
                return int(count * 0.5 / took) + 1
            count *= 4

    assert stamps_during(x, lasting_half_a_second(x)) > 5
    small = x[: 1 << 10]
    assert stamps_during(small, lasting_half_a_second(small)) == 0
