import numpy as np

from hatch_pyaot import compile

COUNT = 1
COUNT = 2


def _untyped_recursive(n):
    return n if n < 2 else _untyped_recursive(n - 1)


@compile
def uses_eval(x: int) -> int:
    y = eval("x")
    return y


@compile
def unsupported_syntax(x: int) -> int:
    items = lambda: x
    try:
        x += 1
    except ValueError:
        pass
    return x


@compile
def wrong_types(x: int, flag: bool) -> int:
    t = (x, x)
    t = 3
    return 1.5


@compile
def missing(x, y: int) -> int:
    return x


@compile
def falls_off(x: int) -> int:
    if x > 0:
        return x


@compile
def library_call(x: float) -> float:
    return np.fft.rfft(x) + COUNT


@compile
def bad_helper_call(x: int) -> int:
    return _untyped_recursive(x) + _untyped_recursive(x, 2)


@compile
def keyword_only(x: int, *, scale: int = 2) -> int:
    return x * scale


@compile
def try_forms(x: int) -> int:
    try:
        x += 1
    except ValueError as err:
        x = 0
    except int:
        x = 1
    finally:
        x = 2
    return x


@compile
def finally_return(x: int) -> int:
    for i in range(x):
        try:
            for j in range(i):
                return j
        finally:
            if i > 2:
                continue
            x += 1
    return x


@compile
def annotated_local(x: int) -> int:
    y: int = 1.5
    return x


def _grows(t, n):
    if n == 0:
        return 0
    return _grows((t, t), n - 1)


@compile
def growing_specialization(x: int) -> int:
    return _grows(x, 3)


@compile
def bare_raise_in_finally(x: int) -> int:
    try:
        x += 1
    except ValueError:
        raise
    finally:
        raise
    return x
