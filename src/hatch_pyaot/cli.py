"""``pyaot`` / ``python -m hatch_pyaot``: build, check, explain, tune, annotate, ops,
targets."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    handler = {"build": _build, "check": _check, "explain": _explain, "annotate": _annotate,
               "ops": _ops, "targets": _targets, "tune": _tune}[args.command]
    if handler is _explain:  # prints the IR of deep trees: room for them (deep.py)
        from hatch_pyaot.deep import call_deep

        return call_deep(lambda: _explain(args))
    return handler(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pyaot", description="Ahead-of-time compiler for "
                                     "typed Python (@hatch_pyaot.compile functions).")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="compile modules; the native module goes next to each "
                       "source file")
    b.add_argument("paths", nargs="+", type=Path, metavar="FILE|PKG")
    b.add_argument("--strict", action="store_true",
                   help="fail when a function cannot be compiled (default: keep it in Python)")
    b.add_argument("-O", dest="opt_level", default="3", choices=["0", "1", "2", "3", "s"])
    b.add_argument("--debug", action="store_true", help="build with debug information")
    b.add_argument("--isa-variant", action="append", default=[], metavar="LEVEL",
                   choices=["x86-64-v3", "x86-64-v4"],
                   help="also build the kernels for this x86-64 level (repeat it); the module "
                   "runs the highest one the CPU supports (docs/variants.md)")
    b.add_argument("-j", "--jobs", type=int, default=0, help="parallel builds (default: cores)")
    b.add_argument("--no-progress", action="store_true",
                   help="plain progress lines, no bar (the default when stderr is no terminal)")
    b.add_argument("--target", action="append", default=[], metavar="T",
                   help="build standalone programs, a C-ABI library and headers for target "
                   "T into --out, instead of the CPython modules next to the sources (`host` "
                   "is this machine; see `pyaot targets`; repeat it; `all`: every available one; "
                   "`default`: host, wasm32-wasi, android-arm64, ios-arm64 where available)")
    b.add_argument("--out", type=Path, default=Path("pyaot-out"), metavar="DIR",
                   help="where --target writes DIR/<target>/{bin,lib,include,manifest.json} "
                   "(default: pyaot-out)")
    c = sub.add_parser("check", help="report, per @compile function, whether it compiles")
    c.add_argument("paths", nargs="+", type=Path, metavar="FILE|PKG")
    e = sub.add_parser("explain", help="show a function's IR, types or generated C++")
    e.add_argument("target", metavar="FILE::FUNC")
    e.add_argument("--stage", choices=["ir", "types", "cpp", "variants"], default="types",
                   help="`variants`: the ISA variants of the built module, which runs here, and "
                   "what tuning measured and picked")
    t = sub.add_parser("tune", help="time the variants of a module built with isa-variants "
                       "on this machine and write its tuning cache (docs/variants.md)")
    t.add_argument("module", metavar="FILE.py|MODULE", help="the module's source, or its "
                   "dotted name (importable from here); its native module must be built")
    t.add_argument("--inputs", type=Path, metavar="FILE.py", help="defines TUNE_INPUTS = "
                   "{'func': [(args...), ...]} (default: the module's own TUNE_INPUTS)")
    t.add_argument("--rounds", type=int, default=7, help="timing rounds (default 7)")
    t.add_argument("--write-defaults", action="store_true", help="write the package's "
                   "defaults next to the native module (<stem>.pyaot-tune.json) instead of "
                   "this machine's cache")
    a = sub.add_parser("annotate", help="write each module's source as an HTML page, every "
                       "line coloured by what it became, with its C++ under it")
    a.add_argument("paths", nargs="+", type=Path, metavar="FILE|PKG")
    a.add_argument("-o", "--out", type=Path, default=Path("pyaot-annotate"), metavar="DIR",
                   help="where DIR/<module>.html go (default: pyaot-annotate)")
    o = sub.add_parser("ops", help="list the supported Python operations")
    o.add_argument("module", nargs="?", help="only this module (math, builtins, operator, numpy, cv2, "
                   "onnx)")
    o.add_argument("--markdown", action="store_true",
                   help="print the table of docs/operators.md")
    sub.add_parser("targets", help="list the build targets: available here, or why not")
    return parser


def _files(paths: Sequence[Path]) -> list[Path] | None:
    """The modules to compile; None (after saying why) when a path is no module or folder."""
    from hatch_pyaot.pipeline import module_files, not_a_module

    files: list[Path] = []
    for p in paths:
        if not p.exists():
            print(f"pyaot: error: {p} does not exist", file=sys.stderr)
            return None
        problem = not_a_module(p) if p.is_file() else None
        if problem is None and not p.is_file() and not p.is_dir():
            problem = f"{p} is neither a file nor a folder"
        if problem is not None:
            print(f"pyaot: error: {problem}", file=sys.stderr)
            return None
        files.extend(module_files(p))
    return files


def _build(args: argparse.Namespace) -> int:
    from hatch_pyaot.errors import CompileError
    from hatch_pyaot.pipeline import build
    from hatch_pyaot.progress import PlainLines, RichBar
    from hatch_pyaot.toolchains.cache import CacheDirError
    from hatch_pyaot.toolchains.host import BuildOptions
    from hatch_pyaot.toolchains.process import ToolchainError

    files = _files(args.paths)
    if files is None:
        return 2
    if args.target:
        return _build_targets(args, files)
    options = BuildOptions(opt_level=args.opt_level, debug=args.debug, jobs=args.jobs,
                           isa_variants=tuple(args.isa_variant))
    bar = sys.stderr.isatty() and not args.no_progress
    display = RichBar() if bar else PlainLines()
    try:
        with display:
            report = build(files, options, progress=display.line, on_step=display.step)
    except (ToolchainError, CompileError) as exc:
        print(f"pyaot: error: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, CacheDirError) else 1
    for module in report.modules:
        text = module.format_diagnostics()
        if text:
            print(text, file=sys.stderr)
        for entry in module.entries:
            if not entry.compiled:
                print(f"{entry.loc}: warning: '{entry.name}' stays Python", file=sys.stderr)
    for path in report.built:
        print(f"pyaot: wrote {path}")
    for path, error in report.unreadable:
        print(f"{error}\npyaot: error: {path} could not be read", file=sys.stderr)
    if report.unreadable:
        return 1
    if report.failed_entries and args.strict:
        print(f"pyaot: error: {len(report.failed_entries)} function(s) could not be compiled "
              "(--strict)", file=sys.stderr)
        return 1
    return 0


def _build_targets(args: argparse.Namespace, files: list[Path]) -> int:
    """``pyaot build ... --target T``: per target, programs, library, headers, manifest."""
    from hatch_pyaot import crossbuild
    from hatch_pyaot.errors import CompileError
    from hatch_pyaot.toolchains.cache import CacheDirError
    from hatch_pyaot.toolchains.process import ToolchainError
    from hatch_pyaot.toolchains.zig import CrossOptions

    try:
        targets = crossbuild.expand_targets(args.target)
        modules, results = crossbuild.compile_modules(files)
    except (ValueError, CompileError) as exc:
        print(f"pyaot: error: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, ValueError) else 1
    failed = 0
    for result in results:
        text = result.format_diagnostics()
        if text:
            print(text, file=sys.stderr)
        for entry in result.entries:
            if not entry.compiled:
                failed += 1
                print(f"{entry.loc}: warning: '{entry.name}' is not compiled: it is left out "
                      "of the targets' artifacts", file=sys.stderr)
    if not modules:
        print("pyaot: error: no function compiled, nothing to build", file=sys.stderr)
        return 1
    library = args.paths[0].resolve().stem if args.paths[0].is_file() else \
        args.paths[0].resolve().name
    opt = "2" if args.opt_level == "3" else args.opt_level  # zig: -O3 only adds size
    options = CrossOptions(opt_level=opt, debug=args.debug)
    try:
        reports = crossbuild.build_targets(modules, targets, args.out, library, options,
                                           progress=lambda line: print(f"pyaot: {line}",
                                                                       file=sys.stderr))
    except ToolchainError as exc:
        print(f"pyaot: error: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, CacheDirError) else 1
    for report in reports:
        if report.skipped is not None and report.target in args.target:
            print(f"pyaot: error: {report.target}: {report.skipped}", file=sys.stderr)
            return 1
        for path in report.files:
            print(f"pyaot: wrote {path}")
    if failed and args.strict:
        print(f"pyaot: error: {failed} function(s) could not be compiled (--strict)",
              file=sys.stderr)
        return 1
    return 0


def _check(args: argparse.Namespace) -> int:
    """Analyze, then build at -O0 into a temporary folder: "compiles" is only said of code
    the C++ compiler took (without a toolchain, of code the analysis took, with a note)."""
    import tempfile

    from hatch_pyaot.errors import CompileError
    from hatch_pyaot.pipeline import ModuleResult, analyze, build
    from hatch_pyaot.toolchains.cache import CacheDirError
    from hatch_pyaot.toolchains.host import BuildOptions
    from hatch_pyaot.toolchains.process import ToolchainError

    files = _files(args.paths)
    if files is None:
        return 2
    results: dict[Path, ModuleResult | CompileError] = {}
    with tempfile.TemporaryDirectory(prefix="pyaot-check-") as folder:
        outputs = {path: Path(folder, str(i), f"{path.stem}.so") for i, path in enumerate(files)}
        try:
            report = build(files, BuildOptions(opt_level="0"), destination=outputs.__getitem__)
        except CacheDirError as exc:
            print(f"pyaot: error: {exc}", file=sys.stderr)
            return 2
        except ToolchainError as exc:
            print(f"pyaot: note: the generated C++ was not compiled ({exc.message})",
                  file=sys.stderr)
            for path in files:
                try:
                    results[path] = analyze(path)
                except CompileError as error:
                    results[path] = error
        else:
            results.update({m.path: m for m in report.modules})
            results.update(dict(report.unreadable))
    failed = 0
    for path in files:
        result = results[path]
        if isinstance(result, CompileError):
            failed += 1
            print(result)
            continue
        for entry in result.entries:
            if entry.compiled:
                print(f"{entry.loc}: ok: '{entry.name}' compiles")
            else:
                failed += 1
                print(f"{entry.loc}: error: '{entry.name}' cannot be compiled")
        if any(d.severity == "error" for d in result.module_diagnostics):
            failed += 1  # an unknown @compile option, say: the module is not as written
        text = result.format_diagnostics()
        if text:
            print(text)
    return 1 if failed else 0


def _explain(args: argparse.Namespace) -> int:
    from hatch_pyaot.errors import CompileError
    from hatch_pyaot.ir.printer import format_function
    from hatch_pyaot.pipeline import analyze

    file, sep, func = args.target.partition("::")
    if not sep or not Path(file).is_file():
        print("pyaot: error: expected FILE::FUNC, for example kernels.py::integrate",
              file=sys.stderr)
        return 2
    try:
        result = analyze(Path(file))
    except CompileError as exc:
        print(exc, file=sys.stderr)
        return 1
    entry = next((e for e in result.entries if e.name == func), None)
    if entry is None:
        print(f"pyaot: error: no @compile function '{func}' in {file}", file=sys.stderr)
        return 2
    if entry.spec is None:
        print(result.format_diagnostics(), file=sys.stderr)
        return 1
    if args.stage == "variants":
        from hatch_pyaot.pipeline import native_path
        from hatch_pyaot.variants_report import describe

        print(describe(Path(file), native_path(Path(file)), func))
        return 0
    if args.stage == "cpp":
        assert result.cpp is not None
        print(result.cpp, end="")
        return 0
    for spec in result.inferencer.closure(entry.spec):
        if args.stage == "ir":
            print(format_function(spec.function))
        else:
            print(format_function(spec.function, spec.expr_types, spec.var_types,
                                  spec.param_types, spec.result))
    return 0


def _tune(args: argparse.Namespace) -> int:
    from hatch_pyaot.pipeline import native_path
    from hatch_pyaot.runtime import tuning
    from hatch_pyaot.runtime.loader import _load
    from hatch_pyaot.tune import load_inputs, measure, record, report

    source = _module_source(args.module)
    if source is None:
        print(f"pyaot: error: {args.module} is no Python file nor importable module",
              file=sys.stderr)
        return 2
    native = native_path(source)
    if not native.is_file():
        print(f"pyaot: error: {source} has no native module ({native.name}); build it with "
              f"pyaot build --isa-variant x86-64-v3 --isa-variant x86-64-v4 {source}",
              file=sys.stderr)
        return 2
    module = _load(f"_pyaot_tune.{source.stem}", str(native))
    if not hasattr(module, "__pyaot_tune__"):
        print(f"pyaot: error: {native.name} was built without isa-variants: it has one "
              "variant, nothing to tune", file=sys.stderr)
        return 2
    try:
        inputs = load_inputs(source, args.inputs)
    except (OSError, ValueError) as exc:
        print(f"pyaot: error: {exc}", file=sys.stderr)
        return 2
    unknown = [name for name in inputs if not callable(getattr(module, name, None))]
    if unknown:
        print(f"pyaot: error: no compiled function {', '.join(unknown)} in {native.name}",
              file=sys.stderr)
        return 2
    measured = [m for name, calls in inputs.items()
                for m in measure(module, name, calls, max(1, args.rounds))]
    path = (tuning.defaults_file(str(native)) if args.write_defaults
            else tuning.cache_file(tuning.cpu_of(module)))
    record(module, source.resolve(), measured, path)
    print(report(measured))
    print(f"wrote {path}")
    return 0


def _module_source(name: str) -> Path | None:
    """``kernels.py``, or a module's dotted name (``mypkg.kernels``): its source file."""
    if name.endswith(".py") or Path(name).is_file():
        return Path(name) if Path(name).is_file() else None
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    origin = spec.origin if spec is not None else None
    return Path(origin) if origin is not None and origin.endswith(".py") else None


def _annotate(args: argparse.Namespace) -> int:
    """Analyzes as ``build`` does, builds nothing: the page shows the C++ it would build."""
    from hatch_pyaot.annotate.lines import annotate
    from hatch_pyaot.annotate.page import render, summary
    from hatch_pyaot.errors import CompileError

    files = _files(args.paths)
    if files is None:
        return 2
    failed = 0
    for path in files:
        try:
            module = annotate(path)
        except CompileError as exc:
            print(exc, file=sys.stderr)
            failed += 1
            continue
        page = args.out / f"{module.module_name}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(render(module), encoding="utf-8")
        print(f"pyaot: wrote {page} ({summary(module)})")
    return 1 if failed else 0


def _ops(args: argparse.Namespace) -> int:
    from hatch_pyaot.ops import default_registry
    from hatch_pyaot.ops.table import markdown_table, text_listing

    registry = default_registry()
    print(markdown_table(registry) if args.markdown else text_listing(registry, args.module),
          end="")
    return 0


def _targets(args: argparse.Namespace) -> int:
    from hatch_pyaot.toolchains.targets import TARGETS, describe

    width = max(len(target.name) for target in TARGETS)
    for target in TARGETS:
        print(f"{target.name:<{width}}  {describe(target)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
