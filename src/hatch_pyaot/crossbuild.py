"""``pyaot build ... --target T --out DIR``: per target, a library with the C ABI of every
compiled entry point (``DIR/<target>/lib/``), its C headers (``include/``), one standalone
program per entry point (``bin/``, named by its ``tag``) and ``manifest.json`` describing
all of it (docs/c-abi.md, docs/targets.md).

The C++ comes from codegen/c_abi.py and codegen/standalone.py; the toolchain of each target
from toolchains/zig.py (zig for cross targets, the system compiler for ``host``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import plistlib
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from hatch_pyaot.codegen import c_abi, c_values, standalone
from hatch_pyaot.codegen.module import Entry
from hatch_pyaot.deep import call_deep
from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.ir.types import ArrayType, DTypeScalar, Type
from hatch_pyaot.pipeline import ModuleResult, analyze, display_path, entries_and_specs
from hatch_pyaot.settings import DEFAULT_CROSS_TARGETS
from hatch_pyaot.toolchains import cache
from hatch_pyaot.toolchains.targets import TARGETS, Artifact, Target, available, get_target
from hatch_pyaot.toolchains.zig import CrossOptions, toolchain_for


@dataclass
class CompiledModule:
    """A module's C ABI translation unit and header, with its entry points."""

    name: str
    cpp: str
    header: str
    entries: list[Entry]


@dataclass
class TargetResult:
    target: str
    files: list[Path] = field(default_factory=list)
    skipped: str | None = None
    """Why nothing was built (the toolchain is missing), for ``--target all``."""


def expand_targets(names: Sequence[str]) -> list[str]:
    """The target names asked for; ``all`` is every target available here, ``default``
    ``host`` and the available ones of ``DEFAULT_CROSS_TARGETS``."""
    out: list[str] = []
    for name in names:
        if name == "all":
            chosen = [t.name for t in TARGETS if available(t) is None]
        elif name == "default":
            chosen = ["host", *(t for t in DEFAULT_CROSS_TARGETS if available(t) is None)]
        else:
            chosen = [name]
        for n in chosen:
            get_target(n)  # ValueError naming the known targets
            if n not in out:
                out.append(n)
    return out


def compile_modules(paths: Sequence[Path]) -> tuple[list[CompiledModule], list[ModuleResult]]:
    """The modules' C ABI code; ValueError when two entry points share a tag."""
    modules = []
    results = []
    for path in paths:
        result = analyze(path)
        results.append(result)
        compiled = call_deep(partial(_c_abi_module, result))
        if compiled is not None:
            modules.append(compiled)
    tags: dict[str, str] = {}
    for module in modules:
        for entry in module.entries:
            where = f"{module.name}.{entry.name}"
            if entry.tag in tags:
                raise ValueError(f"{tags[entry.tag]} and {where} are both tagged "
                                 f"'{entry.tag}': each standalone program needs a name of its "
                                 "own (@compile(tag=...))")
            tags[entry.tag] = where
    return modules, results


def _c_abi_module(result: ModuleResult) -> CompiledModule | None:
    """The C ABI code of a module's entry points that have a C form (the others get a
    warning), or None when none has."""
    entries, specs = entries_and_specs(result)
    kept = []
    for entry in entries:
        reason = c_abi.unsupported(entry)
        if reason is None:
            kept.append(entry)
        else:
            result.module_diagnostics.append(Diagnostic(
                entry.spec.function.loc, f"'{entry.name}' is left out of the cross "
                f"targets' artifacts: {reason}", "warning"))
    entries = kept
    if not entries:
        return None
    shown = display_path(result)
    return CompiledModule(result.module_name,
                          c_abi.emit_translation_unit(result.module_name, entries, specs, shown),
                          c_abi.emit_header(result.module_name, entries, shown), entries)


def build_targets(modules: Sequence[CompiledModule], targets: Sequence[str], out: Path,
                  library: str, options: CrossOptions | None = None,
                  cache_dir: Path | None = None,
                  progress: Callable[[str], None] | None = None,
                  programs: bool = True) -> list[TargetResult]:
    """Build every target's artifacts under ``out/<target>/`` (``programs=False``: the
    libraries and headers only)."""
    options = options or CrossOptions()
    reports = []
    sources = _write_sources(modules, cache_dir)
    for name in targets:
        target = get_target(name)
        reason = available(target)
        if reason is not None:
            reports.append(TargetResult(name, skipped=reason))
            if progress:
                progress(f"{name}: skipped ({reason})")
            continue
        reports.append(_build_target(target, modules, sources, out / name, library,
                                     options, cache_dir, progress, programs))
    ios = [r for r in reports if r.target.startswith("ios-") and r.skipped is None]
    if ios:
        framework = xcframework(out, library, [r.target for r in ios])
        if progress:
            progress(f"assembled {framework.relative_to(out.parent)}")
    return reports


_XCFRAMEWORK_SLICES = {
    "ios-arm64": {"SupportedPlatform": "ios"},
    "ios-arm64-simulator": {"SupportedPlatform": "ios", "SupportedPlatformVariant": "simulator"},
}


def xcframework(out: Path, library: str, ios_targets: Sequence[str]) -> Path:
    """``out/<library>.xcframework`` from the iOS targets' static libraries and headers:
    one slice per target (Info.plist as Xcode writes it), each with ``Headers/`` holding the
    C headers and a ``module.modulemap``, so that Swift can ``import`` the library by its
    name. Built here without Xcode (``xcodebuild -create-xcframework`` makes the same)."""
    framework = out / f"{library}.xcframework"
    if framework.exists():
        shutil.rmtree(framework)
    slices = []
    for name in ios_targets:
        target = get_target(name)
        lib_name = target.file_name(Artifact.STATIC_LIBRARY, library)
        folder = framework / name
        headers = folder / "Headers"
        headers.mkdir(parents=True)
        shutil.copy2(out / name / "lib" / lib_name, folder / lib_name)
        names = []
        for header in sorted((out / name / "include").glob("*.h")):
            shutil.copy2(header, headers / header.name)
            names.append(header.name)
        module = "".join(part.capitalize() for part in library.replace("-", "_").split("_"))
        lines = [f"module {module} {{", *(f'    header "{h}"' for h in names), "    export *",
                 "}", ""]
        (headers / "module.modulemap").write_text("\n".join(lines), encoding="utf-8")
        slices.append({"LibraryIdentifier": name, "LibraryPath": lib_name,
                       "HeadersPath": "Headers", "SupportedArchitectures": ["arm64"],
                       **_XCFRAMEWORK_SLICES[name]})
    info = {"AvailableLibraries": slices, "CFBundlePackageType": "XFWK",
            "XCFrameworkFormatVersion": "1.0"}
    with (framework / "Info.plist").open("wb") as file:
        plistlib.dump(info, file, sort_keys=True)
    return framework


@dataclass
class _Sources:
    modules: list[Path]
    runtime: Path
    mains: dict[str, Path]
    """tag -> the standalone program's main."""


def _write_sources(modules: Sequence[CompiledModule], cache_dir: Path | None) -> _Sources:
    """The C++ files of every module, program and the runtime's exports, in a folder of the
    cache named by their content: the same sources keep the same paths from one build to the
    next, so that zig's cache (keyed by path and content) finds every object again."""
    files: dict[str, str] = {"pyaot_c_abi.cpp": c_abi.RUNTIME_SOURCE}
    mains = {}
    for module in modules:
        files[f"{module.name}.cpp"] = module.cpp
        files[f"{module.name}.h"] = module.header
        for entry in module.entries:
            if standalone.supported(entry) is not None:
                continue  # no command-line form (a tuple parameter): the library only
            files[f"main_{entry.tag}.cpp"] = standalone.emit_main(module.name, entry)
            mains[entry.tag] = f"main_{entry.tag}.cpp"
    digest = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:24]
    folder = cache.usable_cache_dir(cache_dir) / "cross-sources" / digest
    if not folder.is_dir():
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{digest}-", dir=folder.parent))
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        try:
            staging.rename(folder)  # atomic; a concurrent build may have written it first
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)
    return _Sources([folder / f"{m.name}.cpp" for m in modules], folder / "pyaot_c_abi.cpp",
                    {tag: folder / name for tag, name in mains.items()})


def _build_target(target: Target, modules: Sequence[CompiledModule], sources: _Sources,
                  out: Path, library: str, options: CrossOptions, cache_dir: Path | None,
                  progress: Callable[[str], None] | None, programs: bool) -> TargetResult:
    result = TargetResult(target.name)
    if out.exists():
        shutil.rmtree(out)
    include = out / "include"
    include.mkdir(parents=True)
    for module in modules:
        header = include / f"{module.name}.h"
        header.write_text(module.header, encoding="utf-8")
        result.files.append(header)
    symbols = [c_abi.symbol(m.name, e.name) for m in modules for e in m.entries]
    lib_sources = [*sources.modules, sources.runtime]
    artifact = (Artifact.SHARED_LIBRARY if Artifact.SHARED_LIBRARY in target.artifacts
                else Artifact.STATIC_LIBRARY)
    toolchain = toolchain_for(target, artifact, cache_dir)
    lib = toolchain.build(lib_sources, artifact, out / "lib" / target.file_name(artifact, library),
                          options, exports=[*symbols, *c_abi.RUNTIME_EXPORTS])
    result.files.append(lib)
    import_library = lib.with_suffix(".lib")  # what MSVC and MinGW link a program with
    if lib.suffix == ".dll" and import_library.is_file():
        result.files.append(import_library)
    if progress:
        progress(f"{target.name}: built {lib.relative_to(out.parent)}")
    if programs and Artifact.EXECUTABLE in target.artifacts:
        exe_chain = toolchain_for(target, Artifact.EXECUTABLE, cache_dir)
        # a program's main includes its module's translation unit (codegen/standalone.py)
        include_options = dataclasses.replace(
            options, include_dirs=(*options.include_dirs, sources.runtime.parent))
        for module in modules:
            for entry in module.entries:
                main = sources.mains.get(entry.tag)
                if main is None:
                    if progress:
                        progress(f"{target.name}: no program {entry.tag}: "
                                 f"{standalone.supported(entry)} (it is in the library)")
                    continue
                exe = exe_chain.build([main], Artifact.EXECUTABLE,
                                      out / "bin" / target.file_name(Artifact.EXECUTABLE,
                                                                     entry.tag),
                                      include_options)
                result.files.append(exe)
                if progress:
                    progress(f"{target.name}: built {exe.relative_to(out.parent)}")
    manifest = out / "manifest.json"
    manifest.write_text(json.dumps(_manifest(target, modules, result.files, out), indent=2)
                        + "\n", encoding="utf-8")
    result.files.append(manifest)
    return result


def _manifest(target: Target, modules: Sequence[CompiledModule], files: Sequence[Path],
              out: Path) -> dict[str, object]:
    """What was built: the functions in the schema the JavaScript loader reads
    (src/hatch_pyaot/js/pyaot.mjs: C parameters and results in order, tuples flattened), with
    the Python view of them, and every file with its size."""
    functions = []
    for module in modules:
        for entry in module.entries:
            fn = entry.spec.function
            c_values = _c_values(entry)
            functions.append({
                "name": entry.name, "module": module.name, "tag": entry.tag,
                "description": entry.description,
                "symbol": c_abi.symbol(module.name, entry.name),
                "params": [{"name": v.name, **description} for v, description in c_values
                           if not v.out],
                "results": [description for v, description in c_values if v.out],
                "python": {"params": [{"name": p.name, "annotation": str(t),
                                       **({"default": p.default.value}
                                          if p.default is not None else {})}
                                      for p, t in zip(fn.params, entry.spec.param_types,
                                                      strict=True)],
                           "returns": str(entry.spec.result)},
            })
    return {"version": 1, "target": target.name, "functions": functions,
            "files": [{"path": f.relative_to(out).as_posix(), "size": f.stat().st_size}
                      for f in files]}


def _c_values(entry: Entry) -> list[tuple[c_abi.CValue, dict[str, object]]]:
    """The C values of an entry with their manifest descriptions: no ``ndim`` where the
    entry's variants (one per array rank it was compiled for) differ, a ``default`` for a
    number or bool parameter that has one in Python."""
    values = c_abi.c_parameters(entry)
    variants = [c_abi.c_parameters(dataclasses.replace(entry, spec=v))
                for v in entry.variants or (entry.spec,)]
    defaults = {}
    position = 0
    for p, t in zip(entry.spec.function.params, entry.spec.param_types, strict=True):
        count = len(c_abi.flatten(p.name, t, out=False))
        if count == 1 and p.default is not None and not isinstance(t, ArrayType) and \
                isinstance(p.default.value, bool | int | float):
            defaults[position] = p.default.value
        position += count
    out = []
    for index, value in enumerate(values):
        description = type_description(value.type)
        if len({str(v[index].type) for v in variants}) > 1:
            description.pop("ndim", None)
        if index in defaults:
            description["default"] = defaults[index]
        out.append((value, description))
    return out


def type_description(t: Type) -> dict[str, object]:
    """One C value's type in the manifest: int, float, bool, a NumPy dtype's name, or an
    array with its dtype (and rank, when it is fixed)."""
    if isinstance(t, ArrayType):
        rank: dict[str, object] = {"ndim": t.ndim} if t.ndim >= 0 else {}
        return {"type": "array", "dtype": t.dtype.name, **rank}
    if isinstance(t, DTypeScalar):
        return {"type": t.dtype.name}
    if c_values.is_value(t):  # docs/c-abi.md, Values
        mutable = c_values.is_mutable(t) or c_values.holds_object(t)
        return {"type": "value", "value": c_values.describe(t),
                **({"mutable": True} if mutable else {})}
    return {"type": str(t)}
