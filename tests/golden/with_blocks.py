"""Golden case: ``with`` on a context manager of the program (PEP 343 lowered to
try/except/finally, __exit__ given the exception's class, the exception and None)."""

from types import TracebackType

from hatch_pyaot import compile


class Opened:
    def __init__(self, log: list[str]) -> None:
        self.log = log

    def __enter__(self) -> list[str]:
        self.log.append("open")
        return self.log

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> bool:
        self.log.append("close" if exc_type is None else exc_type.__name__)
        return isinstance(exc, KeyError)


@compile
def first_key(d: dict[str, int], log: list[str]) -> int:
    with Opened(log) as lines:
        lines.append("read")
        return d["first"]
    return -1  # __exit__ suppressed the KeyError
