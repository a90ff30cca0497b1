"""Run by test_variants.py in a child process (whose environment picks the variant): load
the module given, call its kernels on fixed inputs, print the results as JSON (floats as
hex, to compare bit for bit)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import sys

import numpy as np


def main(path: str) -> None:
    loader = importlib.machinery.ExtensionFileLoader("variant_kernels", path)
    spec = importlib.util.spec_from_file_location("variant_kernels", path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal(1001), rng.standard_normal(1001)
    m = rng.standard_normal((37, 29))
    f = rng.standard_normal((65, 33)).astype(np.float32)
    arrays = [module.horner(a), module.col_means(m), module.softmax(a),
              module.product(m[:30], m[:29, :28]), module.log_f32(np.abs(f))]
    scalars = [module.dot(a, b), module.total(f)]
    print(json.dumps({
        "isa": module.__pyaot_isa__,
        "cpu": module.__pyaot_cpu_isa__,
        "variants": list(module.__pyaot_variants__),
        "floats": [float(x).hex() for x in scalars]
                  + [float(x).hex() for arr in arrays for x in arr.ravel()],
        "mix": module.mix(100000),
    }))


if __name__ == "__main__":
    main(sys.argv[1])
