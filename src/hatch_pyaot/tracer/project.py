"""Where modules live: map dotted module names to source files and parse them once.

The project root is the folder above the topmost package that holds the compiled file, so
``pkg/sub/kernels.py`` is module ``pkg.sub.kernels`` and its sibling ``pkg/sub/util.py`` is
``pkg.sub.util``. A lone ``kernels.py`` is module ``kernels`` and the folder it sits in is
the root, so a sibling ``util.py`` is found as ``util``. Library modules (math, numpy) are
never read: their functions are leaf operations from the operator registry; the standard
modules in TRACED_STDLIB (heapq) are read from CPython's own source and traced.
"""

from __future__ import annotations

import sysconfig
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from hatch_pyaot.errors import CompileError, Diagnostic, Loc
from hatch_pyaot.tracer.cpython_check import cpython_error
from hatch_pyaot.tracer.identifiers import normalize_names

TRACED_STDLIB = frozenset({"heapq"})
"""Standard modules written in Python whose functions are traced from their source, as the
project's own (CPython's C accelerators of them are not used)."""

STDLIB_OVERRIDES = {"heapq": "stdlib_heapq.py"}
"""Files of this folder appended to a traced standard module's source: their functions replace
the module's own where the C accelerator behaves differently (a later ``def`` wins)."""


PRELUDE = "hatch_pyaot.tracer.prelude_functools"
"""The module of the compiler's own helpers written in Python (``functools.reduce``)."""


@dataclass
class ModuleSource:
    name: str
    path: Path
    display_path: str
    """How diagnostics and generated code name the file (relative to the root)."""
    text: str
    tree: cst.Module
    positions: dict[cst.CSTNode, CodeRange]
    is_package: bool

    def loc(self, node: cst.CSTNode) -> Loc:
        rng = self.positions.get(node)
        if rng is None:
            return Loc(self.display_path, 0, 0)
        end_col = rng.end.column if rng.end.line == rng.start.line else None
        return Loc(self.display_path, rng.start.line, rng.start.column, end_col)

    @property
    def package(self) -> str:
        """The package that relative imports in this module are relative to."""
        return self.name if self.is_package else self.name.rpartition(".")[0]


def module_name_for(path: Path) -> tuple[str, Path]:
    """The dotted module name of a source file and the root folder it is importable from."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts), folder


@dataclass
class Project:
    """Parses project modules on demand; each file is read and parsed once per build."""

    root: Path
    modules: dict[str, ModuleSource | None] = field(default_factory=dict)

    @classmethod
    def for_file(cls, path: Path) -> tuple[Project, str]:
        name, root = module_name_for(path)
        return cls(root), name

    def find_file(self, name: str) -> Path | None:
        base = self.root.joinpath(*name.split("."))
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            if candidate.is_file():
                return candidate
        if name == PRELUDE:
            return Path(__file__).with_name("prelude_functools.py")
        if name in TRACED_STDLIB:
            candidate = Path(sysconfig.get_paths()["stdlib"]) / f"{name}.py"
            return candidate if candidate.is_file() else None
        return None

    def is_own(self, module: ModuleSource) -> bool:
        """Whether a module is a file of the project (not a traced standard module)."""
        return self.is_own_path(module.path)

    def is_own_path(self, path: Path) -> bool:
        return path.resolve().is_relative_to(self.root.resolve())

    def module(self, name: str) -> ModuleSource | None:
        """The parsed module, or None when it is not a source file of this project."""
        if name not in self.modules:
            path = self.find_file(name) if name else None
            self.modules[name] = self._parse(name, path) if path else None
        return self.modules[name]

    def _parse(self, name: str, path: Path) -> ModuleSource:
        try:
            display = path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            display = path.name
        try:
            text = path.read_text(encoding="utf-8")
            if name in STDLIB_OVERRIDES and not self.is_own_path(path):
                override = Path(__file__).with_name(STDLIB_OVERRIDES[name])
                text += "\n\n" + override.read_text(encoding="utf-8")
            rejected = cpython_error(text, display)
            if rejected is not None:
                raise CompileError([rejected])
            wrapper = MetadataWrapper(cst.parse_module(text), unsafe_skip_copy=True)
            positions = dict(wrapper.resolve(PositionProvider))
            tree = wrapper.module
            if not text.isascii():
                tree, positions = normalize_names(tree, positions)
        except UnicodeDecodeError as exc:
            raise CompileError([Diagnostic(Loc(display, 0, 0), f"not UTF-8 text: {exc}")]) \
                from None
        except cst.ParserSyntaxError as exc:
            where = Loc(display, exc.editor_line, max(0, exc.editor_column - 1))
            reason = exc.message.removeprefix("parser error: ")
            raise CompileError([Diagnostic(where, f"invalid syntax: {reason}")]) from None
        except RecursionError:
            raise CompileError([Diagnostic(Loc(display, 0, 0), "the module is nested too "
                                           "deeply to be parsed")]) from None
        return ModuleSource(
            name=name,
            path=path,
            display_path=display,
            text=text,
            tree=tree,
            positions=positions,
            is_package=path.name == "__init__.py",
        )
