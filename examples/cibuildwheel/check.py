"""cibuildwheel's test command: the installed wheel runs natively, gives what the Python
code gives (this script again with PYAOT_DISABLE=1 and --values, in a second process),
and carries the wasm32-wasi library."""

import json
import os
import subprocess
import sys

from primecount import count_primes, is_prime, kernels

import hatch_pyaot

values = repr(([count_primes(n) for n in (0, 2, 3, 100, 10_000)], is_prime(7919)))
if "--values" in sys.argv:
    print(values)
    raise SystemExit(0)

assert hatch_pyaot.is_compiled(kernels.count_primes), "count_primes is not native"
assert hatch_pyaot.is_compiled(kernels.is_prime), "is_prime is not native"
python = subprocess.run([sys.executable, __file__, "--values"], capture_output=True, text=True,
                        env={**os.environ, "PYAOT_DISABLE": "1"}, check=True).stdout.strip()
assert values == python == "([0, 0, 1, 25, 1229], True)", (values, python)
wasm = hatch_pyaot.artifacts("primecount")["wasm32-wasi"]
manifest = json.loads((wasm / "manifest.json").read_text())
assert sorted(f["name"] for f in manifest["functions"]) == ["count_primes", "is_prime"]
assert (wasm / "lib" / "primecount.wasm").is_file(), sorted(wasm.rglob("*"))
print(f"primecount: native {values}, as Python; wasm32-wasi library in the wheel")
