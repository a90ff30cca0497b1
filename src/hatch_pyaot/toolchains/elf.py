"""What a 64-bit little-endian ELF shared library needs from the system and gives it: its
``DT_NEEDED`` libraries, the symbol versions it needs from them (``GLIBC_2.29``), the dynamic
symbols it leaves undefined and those it defines. Enough to check an Android library against
bionic (``bionic.py``) and to find the manylinux tag of a native module (``wheel_tags.py``)
without binutils or lief."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

_SHT_DYNSYM = 11
_SHT_DYNAMIC = 6
_SHT_GNU_VERNEED = 0x6FFFFFFE
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
    versions: tuple[tuple[str, str], ...] = ()
    """(library, version) for each symbol version it needs: ``("libc.so.6", "GLIBC_2.29")``."""


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
    versions: list[tuple[str, str]] = []
    for _, kind, _, _, offset, size, link, info, _, entsize in sections:
        if kind == _SHT_GNU_VERNEED:
            at = offset
            for _ in range(info):  # Elf64_Verneed entries, each with its Elf64_Vernaux list
                _, count, file, aux, following = struct.unpack_from("<HHIII", data, at)
                at_aux = at + aux
                for _ in range(count):
                    _, _, _, name, step = struct.unpack_from("<IHHII", data, at_aux)
                    versions.append((string(link, file), string(link, name)))
                    at_aux += step
                at += following
        elif kind == _SHT_DYNAMIC:
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
                       tuple(sorted(defined)), tuple(sorted(set(versions))))
