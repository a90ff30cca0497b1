"""Run the example kernels and show whether they are native."""

import time

import kernels
from hatch_pyaot import is_compiled

for fn, args in [(kernels.integrate, (0.0, 10.0, 2_000_000)), (kernels.collatz_max, (300_000,))]:
    t0 = time.perf_counter()
    result = fn(*args)
    ms = (time.perf_counter() - t0) * 1e3
    print(f"{fn.__name__}{args} = {result}  [{ms:.1f} ms, native={is_compiled(fn)}]")
