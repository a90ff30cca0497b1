"""Call the installed specfun, check it against known values, and time it natively and as
plain Python (the same functions with PYAOT_DISABLE=1, in a second process)."""

import math
import os
import subprocess
import sys
import time

import specfun

from hatch_pyaot import is_compiled

CALLS = [
    ("normal_cdf", (1.96,), 0.5 * (1.0 + math.erf(1.96 / math.sqrt(2.0)))),
    ("normal_quantile", (0.975,), 1.959963984540054),
    ("bessel_j0", (2.404825557695773,), 0.0),  # the first zero of J0
    ("lambert_w", (1.0,), 0.5671432904097838),  # the omega constant
]


def seconds(fn, args, repeat):
    start = time.perf_counter()
    for _ in range(repeat):
        fn(*args)
    return (time.perf_counter() - start) / repeat


if "--time-only" in sys.argv:
    for name, args, _ in CALLS:
        print(seconds(getattr(specfun, name), args, 200))
    raise SystemExit

python_env = {**os.environ, "PYAOT_DISABLE": "1"}
python_times = [float(line) for line in subprocess.run(
    [sys.executable, __file__, "--time-only"], env=python_env, capture_output=True,
    text=True, check=True).stdout.split()]
for (name, args, expected), python_time in zip(CALLS, python_times, strict=True):
    fn = getattr(specfun, name)
    value = fn(*args)
    assert math.isclose(value, expected, rel_tol=1e-9, abs_tol=1e-12), (name, value, expected)
    native_time = seconds(fn, args, 200)
    print(f"{name}{args} = {value!r:<22} native={is_compiled(fn)}  "
          f"{native_time * 1e6:7.1f} us vs Python {python_time * 1e6:8.1f} us "
          f"({python_time / native_time:.0f}x)")
