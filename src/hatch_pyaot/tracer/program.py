"""The traced program: functions traced on demand, each once, with their diagnostics."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hatch_pyaot.errors import Diagnostic, Diagnostics
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ops.registry import Registry
from hatch_pyaot.tracer import class_methods, enum_methods
from hatch_pyaot.tracer.build import trace_function
from hatch_pyaot.tracer.classes import class_info
from hatch_pyaot.tracer.project import ModuleSource, Project
from hatch_pyaot.tracer.resolve import Resolver
from hatch_pyaot.tracer.symbols import LocalClass, LocalFunction


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
            diags = Diagnostics()
            if ".<locals>." in ref.name:  # traced with the function that defines it
                return Traced(None, module, [])
            if "." in ref.name:  # a method: Class.name
                function = self.trace_method(module, ref, diags)
            else:
                sym = self.resolver.symbols(module).get(ref.name)
                assert isinstance(sym, LocalFunction), ref
                function = trace_function(self.resolver, module, sym.node, diags)
            if not diags.has_errors:
                for run_pass in self.passes:
                    run_pass(function)
            self.traced[ref] = Traced(None if diags.has_errors else function, module, diags.items)
            for inner in function.nested:
                if not diags.has_errors:
                    for run_pass in self.passes:
                        run_pass(inner)
                self.traced[inner.ref] = Traced(None if diags.has_errors else inner, module,
                                                diags.items)
        return self.traced[ref]

    def trace_method(self, module: ModuleSource, ref: ir.FuncRef,
                     diags: Diagnostics) -> ir.Function:
        """A method of a class (tracer/classes.py), written in the class or by the compiler
        (a dataclass's ``__init__``)."""
        class_name, _, name = ref.name.partition(".")
        enum = self.resolver.enums.get(f"{module.name}.{class_name}")
        if enum is not None:
            return enum_methods.trace(self.resolver, module, enum, name, diags)
        sym = self.resolver.symbols(module).get(class_name)
        assert isinstance(sym, LocalClass), ref
        info = class_info(self.resolver, module, sym.node)
        diags.items.extend(info.all_errors())
        if name in info.synthetic:
            return info.synthetic[name]
        node = info.methods.get(name) or info.properties.get(name) or info.static.get(name)
        if node is None:
            return class_methods.trace(self.resolver, module, info, name, diags)
        return trace_function(self.resolver, module, node, diags, owner=info, name=name)

    def source_lines(self, display_path: str) -> list[str] | None:
        for module in self.project.modules.values():
            if module is not None and module.display_path == display_path:
                return module.text.splitlines()
        return None
