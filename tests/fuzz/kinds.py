"""The value kinds the generator types its programs with: the annotation text of each, what
its items are, and which are containers (they alias and can be changed in place)."""

from __future__ import annotations

INT, FLOAT, BOOL, STR = "int", "float", "bool", "str"
LIST_INT, LIST_FLOAT, LIST_STR = "list[int]", "list[float]", "list[str]"
DICT_STR_INT, DICT_INT_FLOAT = "dict[str, int]", "dict[int, float]"
SET_INT = "set[int]"
PAIR = "tuple[int, float]"
ARRAY_F, ARRAY_I = "NDArray[np.float64]", "NDArray[np.int64]"
VAR_INT = "tuple[int, ...]"
"""Parameters and results of functions that draw the ``vartuples`` area (f_vartuples.py)."""
OPT_INT = "int | None"
"""Parameters only: read through ``is None`` tests, ``or`` and conditionals."""

SCALARS = (INT, FLOAT, BOOL, STR)
LISTS = (LIST_INT, LIST_FLOAT, LIST_STR)
DICTS = (DICT_STR_INT, DICT_INT_FLOAT)
ARRAYS = (ARRAY_F, ARRAY_I)
CONTAINERS = (*LISTS, *DICTS, SET_INT)
ALL = (*SCALARS, *CONTAINERS, PAIR)
PARAMS = (INT, INT, FLOAT, FLOAT, BOOL, STR, STR, *CONTAINERS, PAIR, *ARRAYS, OPT_INT)
"""What parameters are drawn from (scalars twice as often)."""
RESULTS = (*ALL, *ARRAYS)

ITEM = {LIST_INT: INT, LIST_FLOAT: FLOAT, LIST_STR: STR, SET_INT: INT, ARRAY_F: FLOAT,
        ARRAY_I: INT}
KEY_VALUE = {DICT_STR_INT: (STR, INT), DICT_INT_FLOAT: (INT, FLOAT)}
LIST_OF = {INT: LIST_INT, FLOAT: LIST_FLOAT, STR: LIST_STR}


def area(kind: str) -> str:
    """The feature area a kind counts under in the figures."""
    if kind in SCALARS:
        return "str" if kind == STR else "numbers"
    if kind in ARRAYS:
        return "numpy"
    if kind == OPT_INT:
        return "optional"
    if kind == VAR_INT:
        return "vartuples"
    return {PAIR: "tuples", SET_INT: "sets"}.get(kind, "lists" if kind in LISTS else "dicts")
