"""The HTML page of an annotated module: one self-contained file (styles inline, no
script), each source line a row coloured by its kind; a line that made C++ or has a
diagnostic is a ``<details>`` whose summary is the line and whose body the C++ (per
specialization) and the diagnostics."""

from __future__ import annotations

from html import escape

from hatch_pyaot.annotate import kinds
from hatch_pyaot.annotate.lines import AnnotatedModule, Line

_STYLE = """
body { font: 14px/1.35 system-ui, sans-serif; margin: 1.5em; }
.src { font: 13px/1.35 ui-monospace, monospace; }
.line > summary, .line.bare { display: block; white-space: pre; padding: 0 .4em; }
.line > summary { cursor: pointer; list-style: none; }
.line > summary::-webkit-details-marker { display: none; }
.no { display: inline-block; width: 4em; color: #888; user-select: none; }
.why { color: #555; font-style: italic; margin-left: 2em; }
.cpp, .diag { margin: 0 0 .3em 4.4em; padding: .3em .6em; white-space: pre; }
.cpp { background: #f4f4f4; border-left: 3px solid #bbb; }
.diag { background: #fff0f0; border-left: 3px solid #c33; }
.legend span { display: inline-block; padding: .1em .5em; margin-right: .5em; }
"""


def render(module: AnnotatedModule) -> str:
    styles = [_STYLE] + [f".{k.name} {{ background: {k.colour}; }}" for k in kinds.KINDS]
    legend = "".join(f'<span class="{k.name}">{escape(k.label)}: '
                     f'<b data-count="{k.name}">{module.count(k)}</b></span>'
                     for k in kinds.KINDS if k is not kinds.PLAIN)
    rows = "\n".join(_row(line) for line in module.lines)
    title = escape(f"{module.display_path}: annotated by hatch-pyaot")
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{title}</title>\n<style>{''.join(styles)}</style>\n</head>\n<body>\n"
            f"<h1>{escape(module.module_name)} <small>({escape(module.display_path)})"
            f"</small></h1>\n"
            "<p>Each line of the source, coloured by what it became; click a line for the "
            "C++ made from it and the diagnostics at it.</p>\n"
            f'<p class="legend">{legend}</p>\n<div class="src">\n{rows}\n</div>\n'
            "</body>\n</html>\n")


def summary(module: AnnotatedModule) -> str:
    """``12 native, 3 checked, 0 python, 2 not-compiled`` (lines)."""
    return ", ".join(f"{module.count(k)} {k.name}" for k in kinds.KINDS if k is not kinds.PLAIN)


def _row(line: Line) -> str:
    attributes = f'class="line {line.kind.name}" id="L{line.number}" data-kind="{line.kind.name}"'
    why = f'<span class="why">{escape("; ".join(line.reasons))}</span>' if line.reasons else ""
    head = f'<span class="no">{line.number}</span>{escape(line.text)}{why}'
    if not line.cpp and not line.diagnostics:
        return f"<div {attributes}><span class=\"line bare\">{head}</span></div>"
    body = [f'<pre class="diag">{escape(text)}</pre>' for text in line.diagnostics]
    for label, cpp in line.cpp:
        code = "\n".join(cpp)
        body.append(f'<pre class="cpp" data-spec="{escape(label)}">// {escape(label)}\n'
                    f"{escape(code)}</pre>")
    return f"<details {attributes}><summary>{head}</summary>{''.join(body)}</details>"
