"""``"...".format(...)`` and ``"..." % values`` on a literal template, made f-strings
(``ir.FormatStr``) at trace time: the template is known, so each field becomes an f-string
field of the argument it names and the rest of the compiler has one formatting path.

A %-field's spec is rewritten into the format-spec language with the conversion ``%``
(ops/format_spec.py gives it %-formatting's rules). What is wrong with the template
itself (too few arguments, a stray ``}``) is known here: a located diagnostic in CPython's
words, and the function stays Python, which raises it.
"""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder

_PERCENT = re.compile(r"%(?P<key>\([^)]*\))?(?P<flags>[-+ #0]*)(?P<width>\*|\d+)?"
                      r"(?:\.(?P<prec>\*|\d*))?[hlL]?(?P<type>.?)", re.DOTALL)
_SIMPLE = (ir.Name, ir.Const)


def literal_template(node: cst.BaseExpression) -> str | None:
    """The text of a plain (not f-, not bytes) string literal, else None."""
    if isinstance(node, cst.SimpleString | cst.ConcatenatedString) and not isinstance(
            node, cst.FormattedString):
        try:
            value = node.evaluated_value
        except (AttributeError, ValueError):  # a concatenation with an f-string part
            return None
        return value if isinstance(value, str) else None
    return None


def is_str_format(node: cst.Call) -> bool:
    return isinstance(node.func, cst.Attribute) and node.func.attr.value == "format" and \
        literal_template(node.func.value) is not None


def str_format(builder: Builder, node: cst.Call) -> ir.Expr:
    """``"{} {x:>5}".format(a, x=b)``."""
    assert isinstance(node.func, cst.Attribute)
    template = literal_template(node.func.value)
    assert template is not None
    loc = builder.loc(node)
    args: list[ir.Expr] = []
    kwargs: dict[str, ir.Expr] = {}
    for arg in node.args:
        if arg.star:
            builder.error(arg, "*args and **kwargs in str.format() are not supported")
        elif arg.keyword is not None:
            kwargs[arg.keyword.value] = builder.expr(arg.value)
        else:
            args.append(builder.expr(arg.value))
    try:
        pieces = list(string.Formatter().parse(template))
    except ValueError as exc:
        builder.error(node, f"{exc} (Python raises ValueError)")
        return ir.Const(loc, "")
    parts: list[str | ir.FormatField] = []
    used: list[ir.Expr] = []
    automatic: bool | None = None
    for text, name, spec, conversion in pieces:
        if text:
            parts.append(text)
        if name is None:
            continue
        if spec and "{" in spec:
            builder.error(node, "replacement fields inside a format spec are not supported")
            return ir.Const(loc, "")
        value: ir.Expr | None
        if name == "" or name.isdigit():
            if automatic is not None and automatic != (name == ""):
                builder.error(node, "cannot switch from " + (
                    "automatic field numbering to manual field specification" if automatic
                    else "manual field specification to automatic field numbering")
                    + " (Python raises ValueError)")
                return ir.Const(loc, "")
            automatic = name == ""
            index = len(used) if name == "" else int(name)
            if index >= len(args):
                builder.error(node, f"Replacement index {index} out of range for positional "
                              "args tuple (Python raises IndexError)")
                return ir.Const(loc, "")
            value = args[index]
        elif name.isidentifier():
            value = kwargs.get(name)
            if value is None:
                builder.error(node, f"str.format() has no argument named '{name}' "
                              "(Python raises KeyError)")
                return ir.Const(loc, "")
        else:
            builder.error(node, f"the field '{{{name}}}': attributes and items of an "
                          "argument in str.format() are not supported")
            return ir.Const(loc, "")
        used.append(value)
        parts.append(ir.FormatField(value, conversion, spec or ""))
    given = args + list(kwargs.values())
    if [id(u) for u in used] != [id(a) for a in given] and not all(
            isinstance(a, _SIMPLE) for a in given):
        builder.error(node, "str.format() here would evaluate an argument twice, out of "
                      "order or not at all: assign the arguments to variables first")
    return ir.FormatStr(loc, parts)


def is_percent(node: cst.BinaryOperation) -> bool:
    return isinstance(node.operator, cst.Modulo) and literal_template(node.left) is not None


def percent(builder: Builder, node: cst.BinaryOperation) -> ir.Expr:
    """``"%5d: %-8s %.3f" % (a, b, c)``, ``"%s" % x`` of one value, or
    ``"%(name)s is %(age)d" % {"name": n, "age": a}`` (or ``% d``, a dict[str, T]: each
    field is ``d[key]``, a KeyError as in CPython)."""
    template = literal_template(node.left)
    assert template is not None
    loc = builder.loc(node)
    fields: list[tuple[str | None, str]] = []  # (conversion, spec) of each %-field
    keys: list[str | None] = []  # its mapping key
    texts = [""]
    position = 0
    while (start := template.find("%", position)) >= 0:
        texts[-1] += template[position:start]
        match = _PERCENT.match(template, start)
        assert match is not None
        position = match.end()
        field = _field(match)
        if isinstance(field, str) and field.startswith("%"):
            texts[-1] += field[1:]
            continue
        if isinstance(field, str):
            builder.error(node, field)
            return ir.Const(loc, "")
        fields.append(field)
        keys.append(match["key"][1:-1] if match["key"] else None)
        texts.append("")
    texts[-1] += template[position:]
    if any(k is not None for k in keys) and None in keys:
        builder.error(node, "format requires a mapping (Python raises TypeError)")
        return ir.Const(loc, "")
    values = _values(builder, node.right, len(fields)) if None in keys or not keys else \
        _mapped(builder, node.right, [k for k in keys if k is not None])
    if values is None:
        return ir.Const(loc, "")
    parts: list[str | ir.FormatField] = [texts[0]] if texts[0] else []
    for (conversion, spec), value, text in zip(fields, values, texts[1:], strict=True):
        parts.append(ir.FormatField(value, conversion, spec))
        if text:
            parts.append(text)
    return ir.FormatStr(loc, parts)


def _field(match: re.Match[str]) -> tuple[str | None, str] | str:
    """(conversion, spec) of one %-field; a str: literal text (``%%``) or an error."""
    kind, flags = match["type"], match["flags"]
    if kind == "%" and match.end() - match.start() == 2:
        return "%%"
    if match["width"] == "*" or match["prec"] == "*":
        return "'*' widths and precisions in %-formatting are not supported"
    if kind not in "diouxXeEfFgGrs" or not kind:
        what = f"'{kind}'" if kind else "at the end of the template"
        return (f"the %-conversion {what} is not supported" if kind in "ca" and kind else
                f"unsupported format character {what} (Python raises ValueError)")
    width = match["width"] or ""
    prec = "" if match["prec"] is None else f".{match['prec'] or 0}"
    if kind in "rs":
        return kind, ("<" if "-" in flags else ">") + width + prec
    align = "<" if "-" in flags else ""
    sign = "+" if "+" in flags else " " if " " in flags else ""
    zero = "0" if "0" in flags and not align else ""
    alternate = "#" if "#" in flags and kind not in "diu" else ""
    return "%", f"{align}{sign}{alternate}{zero}{width}{prec}{'d' if kind in 'iu' else kind}"


def _values(builder: Builder, node: cst.BaseExpression, n: int) -> list[ir.Expr] | None:
    """The values the fields take, in order: a tuple's items, or one value."""
    if isinstance(node, cst.Tuple):
        items = [builder.expr(el.value) for el in node.elements
                 if not isinstance(el, cst.StarredElement)]
        if len(items) != len(node.elements):
            builder.error(node, "starred items after % are not supported")
            return None
        if len(items) != n:
            builder.error(node, ("not enough arguments for format string" if len(items) < n
                                 else "not all arguments converted during string formatting")
                          + " (Python raises TypeError)")
            return None
        return items
    value = builder.expr(node)
    if n == 1:
        return [value]
    if n == 0:
        builder.error(node, "not all arguments converted during string formatting "
                      "(Python raises TypeError)")
        return None
    if not isinstance(value, ir.Name):
        builder.error(node, f"the values of {n} %-fields must be a tuple or a variable "
                      "holding one")
        return None
    return [ir.TupleGet(value.loc, value, i) for i in range(n)]


def _mapped(builder: Builder, node: cst.BaseExpression, keys: list[str]) -> list[ir.Expr] | None:
    """The values of %(key)-fields: from a dict literal of constant str keys, or ``d[key]``
    of a dict held in a name."""
    if not isinstance(node, cst.Dict):
        value = builder.expr(node)
        if not isinstance(value, ir.Name):
            builder.error(node, "the mapping of %(name)-fields must be a dict literal or a "
                          "variable holding a dict")
            return None
        return [ir.Index(value.loc, value, ir.Const(value.loc, k)) for k in keys]
    given: dict[str, ir.Expr] = {}
    for el in node.elements:
        key = el.key.evaluated_value if isinstance(el, cst.DictElement) and isinstance(
            el.key, cst.SimpleString) else None
        if not isinstance(key, str):
            builder.error(el, "the keys of a %-formatting dict must be str literals here")
            return None
        given[key] = builder.expr(el.value)
    missing = [k for k in keys if k not in given]
    if missing:
        builder.error(node, f"KeyError: {missing[0]!r} (Python raises KeyError)")
        return None
    if keys != list(given) and not all(isinstance(v, _SIMPLE) for v in given.values()):
        builder.error(node, "a %-formatting dict here would evaluate a value twice, out of "
                      "order or not at all: assign the values to variables first")
        return None
    return [given[k] for k in keys]
