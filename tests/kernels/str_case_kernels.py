"""Kernels of tests/test_str_case.py: case mappings of text of any script (one pass into one
string while every code point maps to one, the rest in full) and sorted(s) of short and
long strings."""

from hatch_pyaot import compile


@compile
def mapped(s: str) -> list[str]:
    return [s.lower(), s.upper(), s.casefold()]


@compile
def lowered_words(text: str) -> list[str]:
    return text.lower().split()


@compile
def sorted_letters(s: str) -> list[str]:
    return sorted(s)


@compile
def anagram_key(s: str) -> str:
    return "".join(sorted(s)) + " " + s


@compile
def sorted_joined(s: str, sep: str) -> str:
    return sep.join(sorted(s))
