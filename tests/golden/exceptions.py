"""Golden case: exceptions as values (except ... as, a class of the program, raise from)."""

from hatch_pyaot import compile


class ParseError(ValueError):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@compile
def parse(text: str) -> int:
    if not text:
        raise ParseError("empty", 1)
    return len(text)


@compile
def describe(text: str) -> str:
    try:
        return str(parse(text))
    except ParseError as e:
        return f"{e} at line {e.line}"
    except (KeyError, ZeroDivisionError) as e:
        raise RuntimeError(repr(e)) from e
