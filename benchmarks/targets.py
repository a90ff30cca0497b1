"""Artifact sizes and build times per target, as a user gets them from the command line.

    python benchmarks/targets.py [--target T ...] [--out DIR]

For each target (default: every one this machine can build) it runs
``pyaot build target_kernels.py --target T`` twice with one fresh zig cache: cold (zig
builds its libc and libc++ for the target first) and warm (the same build again, all cache
hits). It reports both times and the size of every artifact; the artifacts are stripped
(the default of ``pyaot build``). The scalar kernel is ``collatz``, the NumPy one ``blur``.
Writes targets.md and targets.json to DIR (default: benchmarks/results/).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
KERNELS = HERE / "target_kernels.py"


def build(target: str, folder: Path, zig_cache: Path) -> float:
    env = {**os.environ, "ZIG_GLOBAL_CACHE_DIR": str(zig_cache)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hatch_pyaot", "build", str(KERNELS), "--target",
                    target, "--out", str(folder), "--no-progress"], env=env, check=True,
                   capture_output=True, text=True)
    return time.perf_counter() - start


def measure(target: str) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="pyaot-targets-") as tmp:
        cold = build(target, Path(tmp) / "out", Path(tmp) / "zig")
        warm = build(target, Path(tmp) / "out", Path(tmp) / "zig")
        manifest = json.loads((Path(tmp) / "out" / target / "manifest.json").read_text())
    sizes = {f["path"]: f["size"] for f in manifest["files"]
             if not f["path"].endswith((".h", ".json"))}
    return {"target": target, "cold_s": round(cold, 1), "warm_s": round(warm, 2),
            "sizes": sizes}


def markdown(rows: list[dict[str, object]]) -> str:
    lines = ["# Artifacts per target", "",
             f"`pyaot build {KERNELS.name} --target T`, a fresh zig cache per target; sizes "
             "of the stripped artifacts in KB (1000 bytes).", "",
             "| target | `collatz` program | `blur` program | library | cold build | warm build |",
             "|---|--:|--:|--:|--:|--:|"]
    for row in rows:
        sizes = row["sizes"]
        assert isinstance(sizes, dict)

        def size(prefix: str, sizes: dict[str, int] = sizes) -> str:
            found = [v for k, v in sizes.items() if k.startswith(prefix)]
            return f"{found[0] / 1000:.0f}" if found else "-"

        lines.append(f"| {row['target']} | {size('bin/collatz')} | {size('bin/blur')} | "
                     f"{size('lib/')} | {row['cold_s']} s | {row['warm_s']} s |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--target", action="append", default=[], metavar="T")
    parser.add_argument("--out", type=Path, default=HERE / "results")
    args = parser.parse_args(argv)
    if args.target:
        targets = args.target
    else:
        from hatch_pyaot.toolchains.targets import TARGETS, available

        targets = [t.name for t in TARGETS if available(t) is None]
    rows = []
    for target in targets:
        print(f"{target} ...", file=sys.stderr, flush=True)
        rows.append(measure(target))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "targets.json").write_text(json.dumps(rows, indent=2) + "\n")
    text = markdown(rows)
    (args.out / "targets.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
