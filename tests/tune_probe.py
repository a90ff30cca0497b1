"""Run by test_tune.py in a child process (whose environment and cache folder decide the
picks): import the kernels' source as a user would (the loader applies the tuning cache),
call each function, print what the native module runs as JSON."""

from __future__ import annotations

import importlib.util
import json
import sys

import numpy as np

BUCKETS = (0, 9, 13, 19)


def main(path: str) -> None:  # argv[2]: calls of poly to make after the first
    spec = importlib.util.spec_from_file_location("tune_kernels", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tune_kernels"] = module
    spec.loader.exec_module(module)
    result = module.poly(np.linspace(-1.0, 1.0, 1 << 19))
    native = sys.modules["_pyaot_native.tune_kernels"]
    online = []  # PYAOT_TUNE=online: what each further call of the bucket ran, and its bits
    if len(sys.argv) > 2:
        for _ in range(int(sys.argv[2])):
            again = module.poly(np.linspace(-1.0, 1.0, 1 << 19))
            online.append([*native.__pyaot_pick__("poly", 19), again.tobytes() ==
                           result.tobytes()])
    print(json.dumps({
        "isa": native.__pyaot_isa__,
        "build_id": native.__pyaot_build_id__,
        "choice": {name: {str(b): list(p) for b, p in picks.items()}
                   for name, picks in native.__pyaot_choice__.items()},
        "tuned_from": native.__pyaot_tuned_from__,
        "picks": {name: {str(b): list(native.__pyaot_pick__(name, b)) for b in BUCKETS}
                  for name in ("poly", "dot", "mix")},
        "poly": [float(x).hex() for x in result[::4099]],
        "online": online,
    }))


if __name__ == "__main__":
    main(sys.argv[1])
