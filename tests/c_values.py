"""Calling a C ABI function (docs/c-abi.md) from Python over any memory: the host's through
ctypes (tests/test_c_abi_values.py), a wasm32 module's through wasmtime
(tests/test_wasm_differential.py). Arguments are laid out as the header declares them
(``pyaot_value`` trees for str, list, dict, set and None), results read back, the containers
a call changed written back into the caller's Python objects, and the runtime's trees
released."""

from __future__ import annotations

import ast
import builtins
import contextlib
import struct
from collections.abc import Callable
from typing import Any, Protocol

from cross_cases import flatten, rebuild
from support import without_location

NODE = 24
"""sizeof(pyaot_value) on every target."""


class Obj(dict[str, Any]):
    """An OBJECT node's fields by name (an object of the program's classes)."""


KINDS = {type(None): 0, int: 1, float: 2, bool: 3, str: 4, list: 5, tuple: 6, dict: 7, set: 8,
         frozenset: 9, bytes: 10, complex: 11, Obj: 12}
_SCALARS = {"int": "<q", "float": "<d", "bool": "<?"}


class Memory(Protocol):
    pointer_size: int

    def malloc(self, n: int) -> int: ...
    def free(self, address: int) -> None: ...
    def write(self, address: int, data: bytes) -> None: ...
    def read(self, address: int, n: int) -> bytes: ...
    def release(self, address: int) -> None:
        """pyaot_value_release(address)."""
    def error(self) -> tuple[str, str]:
        """pyaot_error_type() and pyaot_error_message()."""


def put(memory: Memory, address: int, value: Any, blocks: list[int]) -> None:
    """Writes the node of ``value`` at ``address``; its items and text go in new blocks."""
    kind = KINDS[type(value)]
    length, payload = 0, b"\0" * 8
    if isinstance(value, bool | int):
        payload = struct.pack("<q", int(value))
    elif isinstance(value, float):
        payload = struct.pack("<d", value)
    elif isinstance(value, str | bytes):
        data = value.encode("utf-8", "surrogatepass") if isinstance(value, str) else value
        length, payload = len(data), struct.pack("<Q", _block(memory, data or b"\0", blocks))
    elif isinstance(value, complex):
        put(memory, address, [value.real, value.imag], blocks)
        memory.write(address, struct.pack("<i", kind))
        return
    elif value is not None:
        items = [x for pair in value.items() for x in pair] if isinstance(value, dict) \
            else list(value)
        length = len(value)
        base = _block(memory, b"\0" * (NODE * max(len(items), 1)), blocks)
        for i, item in enumerate(items):
            put(memory, base + NODE * i, item, blocks)
        payload = struct.pack("<Q", base)
    memory.write(address, struct.pack("<iiq", kind, 0, length) + payload)


def get(memory: Memory, address: int) -> Any:
    """The Python value of the node at ``address``."""
    kind, _, length = struct.unpack("<iiq", memory.read(address, 16))
    raw = memory.read(address + 16, 8)
    pointer = struct.unpack("<Q" if memory.pointer_size == 8 else "<I", raw[:memory.pointer_size])[0]
    if kind in (1, 3):
        value = struct.unpack("<q", raw)[0]
        return value if kind == 1 else value != 0
    if kind == 2:
        return struct.unpack("<d", raw)[0]
    if kind in (4, 10):
        data = memory.read(pointer, length) if length else b""
        return data.decode("utf-8", "surrogatepass") if kind == 4 else data
    if kind == 0:
        return None
    count = 2 * length if kind in (7, 12) else length
    items = [get(memory, pointer + NODE * i) for i in range(count)]
    if kind in (7, 12):
        return (dict if kind == 7 else Obj)(zip(items[::2], items[1::2], strict=True))
    if kind == 11:
        return complex(*items)
    return {5: list, 6: tuple, 8: set, 9: frozenset}[kind](items)


def _block(memory: Memory, data: bytes, blocks: list[int]) -> int:
    address = memory.malloc(len(data))
    memory.write(address, data)
    blocks.append(address)
    return address


def _assign(target: Any, value: Any) -> None:
    """The caller's container takes what the call left in it."""
    if isinstance(target, list):
        target[:] = value
    elif isinstance(target, dict | set):  # an Obj: the object's fields
        target.clear()
        target.update(value)


def call(memory: Memory, invoke: Callable[..., int], function: dict[str, Any],
         *args: Any) -> Any:
    """``function`` (a manifest entry) called with Python arguments through ``invoke(symbol,
    *c_args)``: the result, or the exception it raised as its builtin type."""
    params = function["python"]["params"]
    args = (*args, *(p["default"] for p in params[len(args):]))
    flat = list(flatten(args))
    blocks: list[int] = []
    c_args, nodes = [], []
    try:
        for value, param in zip(flat, function["params"], strict=True):
            if param["type"] == "value":
                node = _block(memory, b"\0" * NODE, blocks)
                put(memory, node, value, blocks)
                nodes.append((node, value, param.get("mutable", False)))
                c_args.append(node)
            else:
                c_args.append(value)
        outs = [_block(memory, b"\0" * NODE, blocks) for _ in function["results"]]
        status = invoke(function["symbol"], *c_args, *outs)
        for node, value, mutable in nodes:
            if mutable and struct.unpack("<i", memory.read(node + 4, 4))[0]:
                _assign(value, get(memory, node))
                memory.release(node)
        if status != 0:
            kind, message = memory.error()
            found = getattr(builtins, kind, None)
            if kind == "KeyError":  # its message is repr(key), as str(KeyError(key)) shows
                key = without_location(message)
                with contextlib.suppress(ValueError, SyntaxError):
                    raise KeyError(ast.literal_eval(key))
            raise (found if isinstance(found, type) and issubclass(found, BaseException)
                   else Exception)(message)
        values = []
        for out, result in zip(outs, function["results"], strict=True):
            if result["type"] == "value":
                values.append(get(memory, out))
                memory.release(out)
            else:
                fmt = _SCALARS[result["type"]]
                values.append(struct.unpack(fmt, memory.read(out, struct.calcsize(fmt)))[0])
    finally:
        for block in blocks:
            memory.free(block)
    return rebuild(function["python"]["returns"], values)
