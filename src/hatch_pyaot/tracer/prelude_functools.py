# mypy: ignore-errors
"""``functools.reduce`` for compiled code: traced from this source as a helper of the
program (never imported), so that each call is specialized for the function and the
iterable it is given, as a user's helper would be (tracer/functional.py maps the calls).
The message is CPython's."""


def reduce(function, iterable, initial):
    value = initial
    for element in iterable:
        value = function(value, element)
    return value


def reduce_first(function, iterable):
    started = False
    for element in iterable:
        if started:
            value = function(value, element)  # noqa: F821 (bound on the first item)
        else:
            value = element
            started = True
    if not started:
        raise TypeError("reduce() of empty iterable with no initial value")
    return value
