"""``pyaot annotate``: the page of tests/fixtures/annotate/shown.py, read back with
html.parser as a browser would: every source line once, in order, coloured by what it
became, with the C++ made from it (exactly the module's C++, split by line) and the
diagnostics at it."""

from __future__ import annotations

import html.parser
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from hatch_pyaot.annotate.lines import ENTRY_POINT as ENTRY
from hatch_pyaot.pipeline import analyze

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "annotate" / "shown.py"
SOURCE = FIXTURE.read_text().splitlines()


@dataclass
class Row:
    kind: str
    text: str = ""
    """The summary: line number, source line, reasons."""
    cpp: list[str] = field(default_factory=list)
    specs: list[str] = field(default_factory=list)
    diagnostics: list[str] = field(default_factory=list)


class Page(html.parser.HTMLParser):
    """The rows by line number, the legend's counts, and whether the markup nests well."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[int, Row] = {}
        self.counts: dict[str, int] = {}
        self.title = ""
        self.open: list[str] = []
        self.where: str | None = None  # "summary", "cpp", "diag", "count:<kind>", "title"
        self.row: Row | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag not in ("meta",):
            self.open.append(tag)
        classes = (a.get("class") or "").split()
        if "line" in classes and a.get("id", "").startswith("L"):  # type: ignore[union-attr]
            number = int(str(a["id"])[1:])
            assert number not in self.rows
            self.row = self.rows[number] = Row(str(a["data-kind"]))
            self.where = "summary"
        elif tag == "pre" and self.row is not None:
            self.where = "cpp" if "cpp" in classes else "diag"
            if self.where == "cpp":
                self.row.specs.append(str(a["data-spec"]))
                self.row.cpp.append("")
            else:
                self.row.diagnostics.append("")
        elif tag == "b" and "data-count" in a:
            self.where = f"count:{a['data-count']}"
        elif tag == "title":
            self.where = "title"

    def handle_endtag(self, tag: str) -> None:
        assert self.open.pop() == tag
        if tag in ("details", "div") and self.where is not None and self.row is not None \
                and tag == ("details" if self.row.cpp or self.row.diagnostics else "div"):
            self.row, self.where = None, None
        elif tag in ("pre", "b", "title"):
            self.where = "summary" if self.row is not None else None

    def handle_data(self, data: str) -> None:
        if self.where == "title":
            self.title += data
        elif self.where is not None and self.where.startswith("count:"):
            self.counts[self.where[6:]] = int(data)
        elif self.row is not None and self.where == "summary":
            self.row.text += data
        elif self.row is not None and self.where == "cpp":
            self.row.cpp[-1] += data
        elif self.row is not None and self.where == "diag":
            self.row.diagnostics[-1] += data


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Page:
    """The page as the command line writes it."""
    out = tmp_path_factory.mktemp("annotate")
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "annotate", str(FIXTURE),
                           "-o", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    written = out / "shown.html"
    assert proc.stdout == (f"pyaot: wrote {written} (10 native, 4 checked, 1 python, "
                           "4 not-compiled)\n")
    parsed = Page()
    parsed.feed(written.read_text(encoding="utf-8"))
    parsed.close()
    assert parsed.open == []
    return parsed


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(SOURCE, start=1) if line.strip() == text)


def test_every_source_line_once_in_order(page: Page):
    assert sorted(page.rows) == list(range(1, len(SOURCE) + 1))
    for number, row in page.rows.items():
        assert row.text.startswith(f"{number}{SOURCE[number - 1]}")
    assert page.title == "shown.py: annotated by hatch-pyaot"


@pytest.mark.parametrize("source, kind, reason", [
    ("s += xs[i] * SCALE", "native", ""),  # the index is proven in range: no check
    ("return xs[i]", "checked", "numpy::getitem: index in range"),
    ("return n * 3", "checked", "op::mul: integer overflow"),
    ('print("n is", n)', "python", "print() writes through sys.stdout"),
    ('assert n >= 0, "n is negative"', "checked", "raises AssertionError"),
    ("return x + x", "checked", "op::add: integer overflow"),  # the int one of two
    ("return _twice(a) + _twice(b)", "native", ""),  # a callee's exception passed on
    ("for i in range(xs.shape[0]):", "native", ""),  # the interrupt poll is no check
    ("import numpy as np", "plain", ""),
    ("SCALE = 2.0", "plain", ""),
    ("with open(path) as f:", "not-compiled", ""),
    ("return len(f.read())", "not-compiled", ""),
])  # fmt: skip
def test_line_kinds_and_reasons(page: Page, source: str, kind: str, reason: str):
    row = page.rows[line_of(source)]
    assert row.kind == kind
    assert row.text.endswith(source + reason)


def test_legend_counts_the_rows(page: Page):
    kinds = Counter(row.kind for row in page.rows.values())
    assert page.counts == {k: kinds[k] for k in ("native", "checked", "python", "not-compiled")}


def test_a_function_that_stays_python_shows_its_diagnostic(page: Page):
    number = line_of("with open(path) as f:")
    (diagnostic,) = page.rows[number].diagnostics
    assert diagnostic.startswith(f"shown.py:{number}:10: error: open() is not supported by "
                                 "the compiler\n")
    assert "\n             ^~~~~~~~~~" in diagnostic
    decorator = page.rows[line_of("def opaque(path: str) -> int:") - 1]
    assert (decorator.kind, decorator.cpp) == ("not-compiled", [])


def test_each_specialization_of_a_helper_has_its_cpp(page: Page):
    row = page.rows[line_of("return x + x")]
    assert row.specs == ["_twice(int) -> int", "_twice(float) -> float"]
    assert "pyaot::op::add(t1, v_x, v_x)" in row.cpp[0]  # checked, int64
    assert "out = pyaot::op::add(v_x, v_x);" in row.cpp[1]  # plain, double


def test_the_cpp_shown_is_the_modules_split_by_line(page: Page):
    """Every kernel line of the module's C++ is under exactly one source line."""
    cpp = analyze(FIXTURE).cpp
    assert cpp is not None
    kernels = cpp[cpp.index("namespace pyaot_gen {"):cpp.index("}  // namespace pyaot_gen")]
    module_lines = [line for line in kernels.splitlines()[1:]
                    if line.strip() and not re.match(r"static bool .*\);$", line)]
    shown = [line for row in page.rows.values()
             for spec, block in zip(row.specs, row.cpp, strict=True) if ENTRY not in spec
             for line in block.splitlines()[1:]]  # less the "// spec" heading
    assert Counter(shown) == Counter(module_lines)
    assert sum(1 for line in shown if "fail_at" in line) > 5


def test_def_lines_show_the_cpython_entry_point_as_built(page: Page):
    cpp = analyze(FIXTURE).cpp
    assert cpp is not None
    for name in ("total", "pick", "shout", "both"):
        row = page.rows[next(i for i, line in enumerate(SOURCE, 1)
                             if line.startswith(f"def {name}("))]
        (block,) = [b for s, b in zip(row.specs, row.cpp, strict=True) if s == f"{name}: {ENTRY}"]
        body = block.split("\n", 1)[1]
        assert body in cpp and f"py_{name}(" in body
        assert row.kind == "native"  # its conversions are the call's, not the line's


def test_a_module_that_does_not_parse_gets_its_error_and_no_page(tmp_path: Path):
    (tmp_path / "broken.py").write_text("from hatch_pyaot import compile\n\ndef f(:\n")
    proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", "annotate", "broken.py",
                           "-o", "out"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 1
    assert re.match(r"broken\.py:3:\d+: error: ", proc.stderr), proc.stderr
    assert not (tmp_path / "out").exists()
