"""Formatting kernels for tests/test_formatting.py: str.format, %-formatting and the full
format-spec language in f-strings."""

from hatch_pyaot import compile


@compile
def str_specs(s: str) -> tuple[str, str, str, str, str, str]:
    return (f"{s:.3}", f"{s:>10.2}", f"{s:*^9}", f"{s:✓<6.1}", f"[{s!r:>12}]",
            f"{s:05}")


@compile
def int_specs(n: int) -> tuple[str, str, str, str, str, str, str, str]:
    return (f"{n:x}", f"{n:#X}", f"{n:08b}", f"{n:#o}", f"{n:^9}", f"{n:=+8}",
            f"{n:*<7d}", f"{n:.2f}")


@compile
def float_specs(x: float) -> tuple[str, str, str, str, str, str]:
    return (f"{x:^12.3f}", f"{x:_>10.1e}", f"{x:=+10.2f}", f"{x:#.0f}", f"{x:+}",
            f"{x:x<8.1%}")


@compile
def with_format(name: str, n: int, x: float) -> tuple[str, str, str, str]:
    return ("{} has {} items".format(name, n), "{0}/{1:>5}/{0!r}".format(name, n),
            "{:.3f}|{:^7}|{{}}".format(x, name), "{who}: {n:04d}".format(who=name, n=n))


@compile
def with_percent(name: str, n: int, x: float) -> tuple[str, str, str, str, str]:
    pair = (n, name)
    return ("%d %s %.3f" % (n, name, x), "%5s|%-6s|%.2s" % (name, name, name),
            "%+05d %x %#o %X %%" % (n, n, n, n), "%d-%s" % pair, "%r %e %g" % (name, x, x))


@compile
def percent_mapping(name: str, n: int, d: dict[str, int]) -> tuple[str, str, str]:
    return ("%(who)s has %(n)05d (%(who)r)" % {"who": name, "n": n},
            "%(a)d-%(b)x" % d, "%(n)s%%" % {"n": n * 2})


@compile
def percent_of_float(x: float) -> str:
    return "%d|%5i|%-4d|%.3d" % (x, x, x, x)


@compile
def percent_one(n: int) -> str:
    return "n=%s" % n


@compile
def grouped(n: int, x: float) -> tuple[str, str, str, str, str, str, str, str]:
    return (f"{n:,}", f"{n:_}", f"{n:010,}", f"{n:_x}", f"{n:#_b}", f"{x:,.2f}",
            f"{x:012,.1f}", f"{x:_}")


@compile
def grouped_aligned(n: int, x: float) -> tuple[str, str, str, str]:
    return f"{n:<010,}", f"{n:*>010,}", f"{x:^012,.1f}", f"{x:015,}"
