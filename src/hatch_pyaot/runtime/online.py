"""``PYAOT_TUNE=online`` (docs/variants.md, "Tuning"; standard library only): a function of
a module built in several variants times its real calls, per shape bucket, trying each
variant the CPU runs in turn, and once every one has ``SAMPLES`` calls keeps the one of the
lowest median. Every variant gives the same results, so which one a call runs changes its
time only. The picks last as long as the process (``pyaot tune`` writes them for good);
in this mode every call goes through this Python wrapper (about a microsecond).
"""

from __future__ import annotations

import statistics
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    import types
    from collections.abc import Callable
    from typing import Any

SAMPLES = 5
SPLITTABLE_BUCKET = 18
"""From 2^18 elements a loop may run on threads (pyaot/parallel/pool.hpp): serial and
threaded are tried apart there."""


def bucket_of(args: tuple[Any, ...]) -> int:
    """The shape bucket a call falls in, as the module computes it (pyaot/python/tune.hpp):
    log2 of the elements of its array arguments."""
    try:
        elements = sum(int(a.size) for a in args if hasattr(a, "__array_interface__"))
    except (AttributeError, TypeError, ValueError):  # not an array after all: its error
        return 0                                     # comes from the call
    return 0 if elements < 2 else min(elements.bit_length() - 1, 63)


class OnlineFunction:
    """The native function ``name`` of ``module``, timing its calls until each bucket has
    converged."""

    def __init__(self, module: types.ModuleType, name: str, native: Callable[..., Any]):
        self._module = module
        self._name = name
        self._native = native
        self._samples: dict[int, dict[tuple[str, bool], list[float]]] = {}
        self.converged: dict[int, tuple[str, bool]] = {}
        self.__name__ = name
        self.__doc__ = native.__doc__

    def _candidates(self, bucket: int) -> list[tuple[str, bool]]:
        built = self._module.__pyaot_variants__
        levels = built[:built.index(self._module.__pyaot_isa__) + 1]
        splits = (True, False) if bucket >= SPLITTABLE_BUCKET else (True,)
        return [(isa, threads) for isa in levels for threads in splits]

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        bucket = bucket_of(args + tuple(kwargs.values()))
        if bucket in self.converged:
            return self._native(*args, **kwargs)
        samples = self._samples.setdefault(bucket, {c: [] for c in self._candidates(bucket)})
        candidate = min(samples, key=lambda c: len(samples[c]))
        self._module.__pyaot_tune__(self._name, bucket, candidate[0], int(candidate[1]))
        start = time.perf_counter()
        try:
            return self._native(*args, **kwargs)
        finally:
            samples[candidate].append(time.perf_counter() - start)
            if all(len(s) >= SAMPLES for s in samples.values()):
                best = min(samples, key=lambda c: statistics.median(samples[c]))
                self._module.__pyaot_tune__(self._name, bucket, best[0], int(best[1]))
                self.converged[bucket] = best
                del self._samples[bucket]
