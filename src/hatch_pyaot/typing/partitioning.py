"""stub"""

from hatch_pyaot.typing.array_calls import Function

FUNCTIONS: dict[str, Function] = {}
