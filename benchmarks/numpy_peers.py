"""The NumPy suite's report against the other compilers (numba, pythran): which columns
were timed, the geometric means per form and best against best, the kernels behind the
fastest peer, and what could not be timed and why."""

from __future__ import annotations

from typing import Any

from harness import Timing, fmt_ratio, fmt_time

FORMS = ("loops", "vec")


def peer_columns(report: Any) -> list[str]:
    """The other compilers' columns timed for at least one kernel (``numba_loops``, ...)."""
    columns = [f"{peer}_{form}" for peer in ("numba", "pythran") for form in FORMS]
    return [c for c in columns
            if any(isinstance(k.times.get(c), Timing) for k in report.kernels)]


def fastest_peer(kernel: Any, peers: tuple[str, ...]) -> tuple[str, float] | None:
    """The fastest column of NumPy and ``peers``: (its name, its median)."""
    columns = ["numpy", *(f"{p}_{f}" for p in peers for f in FORMS)]
    timed = [(c, t) for c in columns if (t := kernel.median(c))]
    return min(timed, key=lambda pair: pair[1]) if timed else None


def behind(report: Any, peers: tuple[str, ...], aim: float) -> list[str]:
    """Kernels whose faster compiled form takes more than ``aim`` times the fastest peer's."""
    out = []
    for k in report.kernels:
        best = k.best(("compiled_loops", "compiled_vec"))
        peer = fastest_peer(k, peers)
        if best and peer and best > aim * peer[1]:
            out.append(f"`{k.name}` ({fmt_ratio(best / peer[1])} the time of "
                       f"{peer[0].replace('_', ' ')}: {fmt_time(best)} vs {fmt_time(peer[1])})")
    return out


def render_peers(report: Any, peers: tuple[str, ...], aim: float) -> list[str]:
    g = report.geomeans
    out = ["## Against numba and pythran", "",
           "Geometric means of speedups (the other's time over the compiled one's), per form "
           "(compiled loops against the other's loops, vec against vec) and best against "
           "best (the faster compiled form against the other's faster form; with NumPy's "
           "column too in the last line).", "",
           "| against | loops | vec | best of both |", "|---|--:|--:|--:|"]
    for peer in peers:
        out.append(f"| {peer} | {fmt_ratio(g.get(f'loops_vs_{peer}'))} | "
                   f"{fmt_ratio(g.get(f'vec_vs_{peer}'))} | "
                   f"{fmt_ratio(g.get(f'best_vs_{peer}'))} |")
    out.append(f"| fastest of NumPy, {', '.join(peers)} | | | "
               f"**{fmt_ratio(g.get('best_vs_peers'))}** |")
    slow = behind(report, peers, aim)
    out += ["", f"Kernels slower than {aim}x the fastest other column: "
            + ("; ".join(slow) or "none") + "."]
    for peer in peers:
        missing = [f"`{k.name}_{f}`: {' '.join(t.split())[:160]}" for k in report.kernels
                   for f in FORMS
                   if isinstance(t := k.times.get(f"{peer}_{f}"), str)]
        out += ["", f"{peer}, not timed: " + ("; ".join(missing) or "none") + "."]
    return out
