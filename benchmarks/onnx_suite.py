"""Benchmarks of ONNX models in compiled functions: each model of onnx_models.py lowered by
hatch-pyaot on one thread and on all threads (``PYAOT_NUM_THREADS``; each count timed in a
child process, as the pool reads it once), versus onnxruntime on one thread and on all
threads (``SessionOptions.intra_op_num_threads``), ratios from one run.

Silero VAD (the silero-vad wheel's static-shape model, fetched by pip) joins them when pip
can fetch it. Run by ``python benchmarks/run.py --suite onnx``. Writes onnx.md and onnx.json.
``--best`` times each by its fastest of 300 single calls instead of the median repeat (on a
loaded machine, where a repeat of many calls is rarely left alone).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from harness import import_file, machine, machine_line, measure
from onnx_models import save, silero, specs

HERE = Path(__file__).resolve().parent


def _session(path: Path, threads: int) -> Any:
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def _seconds(timing: Any) -> float:
    """The median repeat's seconds per call, or with --best the fastest call's."""
    return min(timing.all_s) if "--best" in sys.argv else timing.median_s  # type: ignore[no-any-return]


def _repeats(quick: bool) -> tuple[int, float]:
    if "--best" in sys.argv:
        return 300, 0.0  # repeats of one call each
    return (3, 0.05) if quick else (7, 0.2)


def run(quick: bool) -> dict[str, Any]:
    from hatch_pyaot.pipeline import build

    folder = Path(tempfile.mkdtemp(prefix="onnx-suite-"))
    models = specs(quick)
    lines = ["import numpy as np", "from numpy.typing import NDArray",
             "from hatch_pyaot import compile, onnx_model", ""]
    for name, spec in models.items():
        save(name, spec, folder)
        lines += [f'm_{name} = onnx_model("{name}.onnx")', "", "@compile",
                  f"def {name}(x: NDArray[np.float32]) -> NDArray[np.float32]:",
                  f"    return m_{name}(x)", ""]
    feeds: dict[str, dict[str, Any]] = {
        name: {"x": np.random.default_rng(1).standard_normal(spec[1]).astype(np.float32)}
        for name, spec in models.items()}
    if silero(folder) is not None:  # a real model: a 576-sample window and the LSTM state
        lines += ['m_silero_vad = onnx_model("silero_vad.onnx")', "", "@compile",
                  "def silero_vad(x: NDArray[np.float32], state: NDArray[np.float32]) -> "
                  "NDArray[np.float32]:", "    return m_silero_vad(x, state)[0]", ""]
        feeds["silero_vad"] = {
            "input": (0.1 * np.random.default_rng(1).standard_normal((1, 576))).astype(
                np.float32), "state": np.zeros((2, 1, 128), np.float32)}
    source = folder / "onnx_bench.py"
    source.write_text("\n".join(lines), encoding="utf-8")
    report = build([source])
    failed = [e.name for e in report.failed_entries]
    for name, feed in feeds.items():
        np.savez(folder / f"{name}.npz", **feed)
    repeats, min_s = _repeats(quick)
    compiled = {threads: _compiled(folder, threads, quick) for threads in ("1", "0")}
    rows = []
    for name, feed in feeds.items():
        path = folder / f"{name}.onnx"
        one, many = _session(path, 1), _session(path, os.cpu_count() or 1)
        expected = one.run(None, feed)[0]
        row: dict[str, Any] = {"model": name, "compiled": name not in failed}
        if row["compiled"]:
            got = np.load(folder / f"{name}.out.npy")
            row["max_abs_diff"] = float(np.abs(got - expected).max())
            row["ours_s"], row["oursn_s"] = compiled["1"][name], compiled["0"][name]
        for key, session in (("ort1_s", one), ("ortn_s", many)):
            row[key] = _seconds(measure(session.run, (None, feed), repeats, min_s))
        rows.append(row)
    return {"machine": {**machine(), "quick": quick, "best": "--best" in sys.argv},
            "threads": os.cpu_count(), "rows": rows}


def _compiled(folder: Path, threads: str, quick: bool) -> dict[str, float]:
    """Median seconds of each compiled model on `threads` threads (0: one per core), timed
    in a child process (child() below)."""
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child",
                           str(folder), "--quick" if quick else "--full",
                           *(a for a in sys.argv if a == "--best")],
                          env={**os.environ, "PYAOT_NUM_THREADS": threads},
                          capture_output=True, text=True, timeout=1800, check=True)
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def child(folder: Path, quick: bool) -> dict[str, float]:
    """The timings of _compiled, each model's output saved beside its inputs."""
    native = import_file(folder / "onnx_bench.py", "onnx_bench")
    repeats, min_s = _repeats(quick)
    times = {}
    for feed_path in sorted(folder.glob("*.npz")):
        name = feed_path.stem
        if not hasattr(native, name):
            continue
        with np.load(feed_path) as data:
            args = tuple(data[key] for key in data.files)
        np.save(folder / f"{name}.out.npy", getattr(native, name)(*args))
        times[name] = _seconds(measure(getattr(native, name), args, repeats, min_s))
    return times


def write(report: dict[str, Any], out_dir: Path) -> tuple[str, list[str]]:
    lines = ["# ONNX models: compiled vs onnxruntime", "", machine_line(report["machine"]), "",
             f"| model | compiled | onnxruntime 1 thread | ratio | compiled {report['threads']} "
             f"threads | onnxruntime {report['threads']} threads | ratio | max abs diff |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    bad = []
    for r in report["rows"]:
        if not r["compiled"] or r["max_abs_diff"] > 1e-3:
            bad.append(r["model"])
        ours, oursn = r.get("ours_s"), r.get("oursn_s")
        cells = [f"{ours * 1e3:.3f} ms" if ours else "not compiled",
                 f"{r['ort1_s'] * 1e3:.3f} ms", f"{ours / r['ort1_s']:.2f}x" if ours else "-",
                 f"{oursn * 1e3:.3f} ms" if oursn else "-",
                 f"{r['ortn_s'] * 1e3:.3f} ms", f"{oursn / r['ortn_s']:.2f}x" if oursn else "-",
                 f"{r.get('max_abs_diff', float('nan')):.1e}"]
        lines.append(f"| {r['model']} | " + " | ".join(cells) + " |")
    lines += ["", "ratio: compiled time over onnxruntime's on as many threads (below 1: "
              "compiled is faster)."]
    text = "\n".join(lines) + "\n"
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "onnx.md").write_text(text, encoding="utf-8")
    (out_dir / "onnx.json").write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return text, bad


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    print(json.dumps(child(Path(sys.argv[2]), sys.argv[3] == "--quick")))
elif __name__ == "__main__":
    text, bad = write(run("--quick" in sys.argv), HERE / "results")
    print(text)
    sys.exit(1 if bad else 0)
