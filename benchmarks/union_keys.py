"""Where the time of counting ``int | str`` keys goes (docs/values.md, Unions): the whole
call against CPython, and the same loop that returns ``len(counts)`` instead of the dict, so
that the dict's conversion to a Python dict (a new object for every key) shows apart from
the compiled loop; ``list[str]`` keys alongside, to tell what the union adds.

    PYTHONPATH=src python benchmarks/union_keys.py [--size N]
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from harness import cold_build, fmt_ratio, fmt_time, import_file, measure

KERNEL = """

@compile
def {name}(xs: list[{key}]) -> {result}:
    counts: dict[{key}, int] = {{}}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return {value}
"""
SOURCE = "from hatch_pyaot import compile\n" + "".join(
    KERNEL.format(name=name, key=key, result=f"dict[{key}, int]" if whole else "int",
                  value="counts" if whole else "len(counts)")
    for name, key, whole in (("mixed_keys", "int | str", True), ("mixed_len", "int | str", False),
                             ("str_keys", "str", True), ("str_len", "str", False)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000, help="items (keys drawn below it)")
    size = parser.parse_args().size
    rng = random.Random(1)
    mixed = [rng.randrange(size) if rng.random() < 0.5 else f"k{rng.randrange(size)}"
             for _ in range(size)]
    texts = [f"k{rng.randrange(size)}" for _ in range(size)]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "union_keys.py"
        path.write_text(SOURCE, encoding="utf-8")
        _, report = cold_build(path, Path(tmp))
        assert not report.failed_entries, report
        native = import_file(path, "union_keys")
        python = import_file(path, "union_keys_python", disable=True)
        for name, items in (("mixed_keys", mixed), ("mixed_len", mixed), ("str_keys", texts),
                            ("str_len", texts)):
            py = measure(getattr(python, name), (items,), 5, 0.2).median_s
            aot = measure(getattr(native, name), (items,), 5, 0.2).median_s
            print(f"{name:10} {size} items: CPython {fmt_time(py)}, compiled {fmt_time(aot)}, "
                  f"{fmt_ratio(py / aot)}")


if __name__ == "__main__":
    main()
