"""What a generated function can see: its names with their kinds (fixed: a name never changes
kind), which of them a statement may not assign (loop variables and counters), the helpers it
may call, and what loops it is in (to keep every program terminating)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Helper:
    name: str
    params: tuple[str, ...]
    result: str


@dataclass
class Scope:
    names: dict[str, str] = field(default_factory=dict)
    readonly: set[str] = field(default_factory=set)
    helpers: list[Helper] = field(default_factory=list)
    loops: int = 0
    """Loops around the statement being generated (break/continue need one)."""
    no_growth: set[str] = field(default_factory=set)
    """Container kinds a loop iterates over: a statement must not add to one of them (a list
    that grows while a ``for`` walks it never ends)."""
    no_shrink: set[str] = field(default_factory=set)
    in_finally_try: bool = False
    """Inside a ``try`` that has a ``finally``: no return/break/continue (only without the
    ``finally-jumps`` feature: compiled since)."""
    in_finally: bool = False
    """Inside a ``finally`` block: break/continue only with the ``finally-break`` feature."""
    features: frozenset[str] = frozenset()
    """The feature areas of features.py the generator may use."""
    used: set[str] = field(default_factory=set)
    """Shared by a scope and its children: the feature areas the function used."""
    ids: list[int] = field(default_factory=lambda: [0])
    """Shared by a scope and its children: fresh names are unique in the function."""

    def of(self, kind: str) -> list[str]:
        return [n for n, t in self.names.items() if t == kind]

    def writable(self, kind: str) -> list[str]:
        return [n for n in self.of(kind) if n not in self.readonly]

    def fresh(self, prefix: str) -> str:
        self.ids[0] += 1
        return f"{prefix}{self.ids[0]}"

    def child(self) -> Scope:
        """A block's scope: names it adds (loop variables, counters) and flags it changes stay
        in it."""
        return replace(self, names=dict(self.names), readonly=set(self.readonly),
                       no_growth=set(self.no_growth), no_shrink=set(self.no_shrink))
