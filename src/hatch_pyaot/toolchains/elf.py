"""What a 64-bit little-endian ELF shared library needs from the system and gives it: its
``DT_NEEDED`` libraries, the dynamic symbols it leaves undefined and those it defines.
Enough to check an Android library against bionic (``bionic.py``) without binutils or
lief."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

_SHT_DYNSYM = 11
_SHT_DYNAMIC = 6
_DT_NEEDED = 1
_STB_LOCAL, _STB_WEAK = 0, 2


@dataclass(frozen=True)
class DynamicInfo:
    needed: tuple[str, ...]
    undefined: tuple[str, ...]
    """Global undefined dynamic symbols: the loader must find each of them."""
    weak_undefined: tuple[str, ...]
    """Weak ones: null when no library defines them."""
    defined: tuple[str, ...]
    """The global and weak dynamic symbols it defines: what it exports."""


def dynamic_info(path: Path) -> DynamicInfo:
    """ValueError when ``path`` is not a 64-bit little-endian ELF file with section headers."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError(f"{path} is not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
                for i in range(shnum)]
    if not sections:
        raise ValueError(f"{path} has no section headers")

    def string(table: int, offset: int) -> str:
        start = sections[table][4] + offset
        return data[start:data.index(b"\0", start)].decode("utf-8", "replace")

    needed: list[str] = []
    undefined: list[str] = []
    weak: list[str] = []
    defined: list[str] = []
    for _, kind, _, _, offset, size, link, _, _, entsize in sections:
        if kind == _SHT_DYNAMIC:
            for at in range(offset, offset + size, entsize or 16):
                tag, value = struct.unpack_from("<qQ", data, at)
                if tag == _DT_NEEDED:
                    needed.append(string(link, value))
        elif kind == _SHT_DYNSYM:
            for at in range(offset + (entsize or 24), offset + size, entsize or 24):
                name, info, _, shndx = struct.unpack_from("<IBBH", data, at)
                bind = info >> 4
                if bind == _STB_LOCAL or name == 0:
                    continue
                if shndx != 0:
                    defined.append(string(link, name))
                else:
                    (weak if bind == _STB_WEAK else undefined).append(string(link, name))
    return DynamicInfo(tuple(needed), tuple(sorted(undefined)), tuple(sorted(weak)),
                       tuple(sorted(defined)))
