"""The traced program: functions traced on demand, each once, with their diagnostics."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hatch_pyaot.errors import Diagnostic, Diagnostics
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ops.registry import Registry
from hatch_pyaot.tracer.build import trace_function
from hatch_pyaot.tracer.project import ModuleSource, Project
from hatch_pyaot.tracer.resolve import Resolver
from hatch_pyaot.tracer.symbols import LocalFunction


@dataclass
class Traced:
    function: ir.Function | None
    module: ModuleSource
    diagnostics: list[Diagnostic]


@dataclass
class Program:
    project: Project
    registry: Registry
    passes: Sequence[Callable[[ir.Function], None]] = ()
    resolver: Resolver = field(init=False)
    traced: dict[ir.FuncRef, Traced] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.resolver = Resolver(self.project, self.registry)

    def trace(self, ref: ir.FuncRef) -> Traced:
        if ref not in self.traced:
            module = self.project.module(ref.module)
            assert module is not None, ref
            sym = self.resolver.symbols(module).get(ref.name)
            assert isinstance(sym, LocalFunction), ref
            diags = Diagnostics()
            function = trace_function(self.resolver, module, sym.node, diags)
            if not diags.has_errors:
                for run_pass in self.passes:
                    run_pass(function)
            self.traced[ref] = Traced(None if diags.has_errors else function, module, diags.items)
        return self.traced[ref]

    def source_lines(self, display_path: str) -> list[str] | None:
        for module in self.project.modules.values():
            if module is not None and module.display_path == display_path:
                return module.text.splitlines()
        return None
