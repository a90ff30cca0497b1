"""Kernels for tests/test_exception_values.py: ``except E as e`` of built-in exceptions."""

from __future__ import annotations

from hatch_pyaot import compile


def _fail(x: int, d: dict[str, int]) -> int:
    if x < 0:
        raise ValueError(f"negative: {x}")
    if x == 0:
        return 10 // x
    if x == 1:
        return d["missing"]
    if x == 2:
        return [1, 2][x]
    if x == 3:
        raise KeyError("k")
    if x == 4:
        return int("x4")
    return x


@compile
def texts(x: int, log: list[str]) -> str:
    try:
        return str(_fail(x, {"a": 1}))
    except (ValueError, ZeroDivisionError, LookupError) as e:
        log.append(str(e))
        log.append(repr(e))
        log.append(type(e).__name__)
        return f"{e}|{e!r}|" + str(len(e.args))


@compile
def args_of(x: int) -> tuple[str]:
    try:
        _fail(x, {"a": 1})
    except ValueError as e:
        return e.args
    return ("none",)


@compile
def classify(x: int, log: list[str]) -> int:
    try:
        return _fail(x, {"a": 1})
    except Exception as e:
        if isinstance(e, LookupError):
            log.append("lookup")
        if isinstance(e, (ValueError, ArithmeticError)):
            log.append("value or arithmetic")
        if isinstance(e, KeyError):
            log.append("key " + str(e))
        return -1


@compile
def raise_again(x: int, log: list[str]) -> int:
    try:
        return _fail(x, {"a": 1})
    except ArithmeticError as e:
        log.append(str(e))
        raise e
    except ValueError as err:
        log.append(type(err).__name__)
        if x < -5:
            raise err
        return 0


@compile
def unbound_after(x: int) -> str:
    msg = "none"
    try:
        _fail(x, {"a": 1})
    except ValueError as e:
        print(e)
        msg = str(e)
    if x > 3:
        return msg
    return str(e)  # UnboundLocalError: Python deletes the name at the handler's end


@compile
def two_handlers(x: int) -> str:
    try:
        _fail(x, {"a": 1})
    except ZeroDivisionError as e:
        return "zero: " + str(e)
    except IndexError as e:
        return "index: " + repr(e)
    except BaseException as e:
        return "other: " + repr(e)
    return "none"


class ParseError(ValueError):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class DeepParseError(ParseError):
    def __str__(self) -> str:
        return f"line {self.line}: {self.args[0]}"


class Timeout(Exception):
    pass


def _parse(text: str, log: list[str]) -> int:
    if text == "":
        raise ParseError("empty input", 1)
    if text == "deep":
        raise DeepParseError("too deep", 7)
    if text == "slow":
        raise Timeout("took too long")
    if text == "bad":
        raise ValueError("plain value error")
    log.append("parsed " + text)
    return len(text)


@compile
def parse(text: str, log: list[str]) -> int:
    return _parse(text, log)


@compile
def parse_caught(text: str, log: list[str]) -> int:
    try:
        return _parse(text, log)
    except ParseError as e:
        log.append(str(e))
        log.append(repr(e))
        log.append(type(e).__name__)
        log.append(f"{e} at {e.line}")
        log.append(e.args[0])
        return -e.line
    except Timeout as e:  # another class under the same name
        log.append(str(e) + "|" + repr(e))
        return -100


@compile
def parse_as_value_error(text: str, log: list[str]) -> int:
    try:
        return _parse(text, log)
    except ValueError as e:
        log.append(str(e))
        log.append(type(e).__name__)
        if isinstance(e, LookupError):
            log.append("never")
        if text == "deep":
            raise e  # the very object, its class and attributes kept
        return -1


@compile
def parse_reraised(text: str, log: list[str]) -> int:
    try:
        return _parse(text, log)
    except (ParseError, Timeout):
        log.append("seen")
        raise


@compile
def make_error(line: int) -> int:
    e = ParseError("made", line)
    if isinstance(e, ValueError) and isinstance(e, ParseError):
        return e.line + len(e.args)
    return 0


@compile
def wrapped(text: str, log: list[str]) -> int:
    try:
        return _parse(text, log)
    except ParseError as e:
        raise RuntimeError("could not parse") from e
    except ValueError as err:
        raise Timeout("wrapped " + str(err)) from err


@compile
def suppressed(x: int) -> int:
    try:
        return _fail(x, {"a": 1})
    except LookupError:
        raise ValueError("no such item") from None


@compile
def raise_given(e: ParseError, log: list[str]) -> int:
    log.append(str(e) + " " + repr(e))
    e.line += 1
    if e.line > 100:
        return e.line
    raise e


@compile
def bare_raise(x: int) -> int:
    """``raise ValueError`` (and ``KeyError()``): no arguments, in CPython args == ()."""
    if x == 0:
        raise ValueError
    if x == 1:
        raise KeyError()
    if x == 2:
        try:
            raise IndexError
        except IndexError as e:
            raise e
    if x == 3:
        try:
            raise ZeroDivisionError
        except ZeroDivisionError as e:
            raise RuntimeError from e
    return x


@compile
def cause_of(x: int) -> list[str]:
    """``e.__cause__`` read in compiled code: None, or what it was raised from."""
    out: list[str] = []
    try:
        try:
            out.append(str(_fail(x, {"a": 1})))
        except (ValueError, KeyError) as inner:
            if x == -1:
                raise RuntimeError("wrapped") from inner
            if x == 3:
                raise RuntimeError("hidden") from None
            raise inner
    except Exception as e:
        out.append(repr(e))
        out.append(str(e.__cause__ is None))
        out.append(str(e.__cause__))
        out.append(repr(e.__cause__))
        c = e.__cause__
        if c is not None:
            out.append("cause " + str(c) + " " + str(c.args))
    return out
