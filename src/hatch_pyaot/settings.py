"""The build integration's settings: one frozen dataclass, read from ``pyproject.toml``.

Each setting is one field of ``Settings``; its ``metadata`` holds the TOML key, the help
text and a JSON Schema fragment for the value. Parsing, the JSON schema
(``settings.schema.json``) and the docs page (``docs/settings.md``) are all generated from
those fields, so a setting is described in exactly one place and a test fails when a
generated file is stale. Regenerate them with::

    python -m hatch_pyaot.settings --markdown > docs/settings.md
    python -m hatch_pyaot.settings --schema > src/hatch_pyaot/settings.schema.json

The table may live in Hatch's build hook table or in ``[tool.pyaot]``; the caller says which
(``where``) so that messages point at the right place. Only the standard library is imported:
the build hook imports this module in every build.
"""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args

KNOWN_TARGETS: tuple[str, ...] = (
    "host", "linux-x86_64", "linux-aarch64", "macos-arm64", "macos-x86_64", "windows-x86_64",
    "wasm32-wasi", "android-arm64", "ios-arm64", "ios-arm64-simulator", "all", "default",
)
"""Stable target names (DESIGN §3.11); ``all`` means every target whose toolchain is found,
``default`` (an unset ``targets``) ``host`` plus ``DEFAULT_CROSS_TARGETS`` where found."""

DEFAULT_CROSS_TARGETS: tuple[str, ...] = ("wasm32-wasi", "android-arm64", "ios-arm64")

OPT_LEVELS: tuple[str, ...] = ("0", "1", "2", "3", "s")

ISA_LEVELS: tuple[str, ...] = ("baseline", "x86-64-v3", "x86-64-v4")
"""``isa-variants`` values; ``baseline`` is always built (codegen/isa_variants.py)."""

LIMITED_API_VERSIONS: tuple[str, ...] = ("3.11", "3.12", "3.13", "3.14")
"""Minimum versions for ``limited-api``: 3.11 is the first whose stable ABI has the buffer
protocol, which arrays cross the boundary with."""

HATCH_HOOK_KEYS: tuple[str, ...] = (
    "dependencies", "require-runtime-dependencies", "require-runtime-features",
    "enable-by-default",
)
"""Keys of ``[tool.hatch.build.hooks.pyaot]`` that belong to hatchling, not to us."""

Fallback = Literal["python", "error"]

SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema"


class SettingsError(ValueError):
    """A setting is unknown or has the wrong type; each line names the offending key."""


@dataclass(frozen=True)
class Settings:
    targets: tuple[str, ...] = field(default=("default",), metadata={
        "key": "targets",
        "help": "Targets to build native code for: `host` is the machine running the build, "
                "`all` every target whose toolchain is available, `default` `host` plus "
                "wasm32-wasi, android-arm64 and ios-arm64 where their toolchain is available "
                "(zig: `hatch-pyaot[cross]` among the build requirements).",
        "schema": {"type": "array", "minItems": 1,
                   "items": {"type": "string", "enum": list(KNOWN_TARGETS)}},
    })
    fallback: Fallback = field(default="python", metadata={
        "key": "fallback",
        "help": "What happens to a function that cannot be compiled: it stays Python in the "
                "wheel (`python`, with a diagnostic) or the build fails (`error`).",
        "schema": {"type": "string", "enum": list(get_args(Fallback))},
    })
    artifacts_in_wheel: bool = field(default=False, metadata={
        "key": "artifacts-in-wheel",
        "help": "Also put the artifacts of the targets other than `host` (programs, C-ABI "
                "libraries, headers, manifest) into the wheel, under `<package>/_pyaot/<target>/`"
                " (`hatch_pyaot.artifacts(\"<package>\")` finds them). Off by default: they "
                "make the platform wheel many times larger, and tools such as `auditwheel` "
                "expect only the platform's own binaries in it; `hatch build -t all` writes "
                "them as one archive per target, and `pyaot build --target` as folders.",
        "schema": {"type": "boolean"},
    })
    boundscheck: bool = field(default=True, metadata={
        "key": "boundscheck",
        "help": "Check indices and raise `IndexError` as Python does. `false` removes the "
                "checks: an out-of-range index is then undefined behaviour.",
        "schema": {"type": "boolean"},
    })
    opt_level: str = field(default="3", metadata={
        "key": "opt-level",
        "help": "C++ optimization level (`-O<level>`); `s` optimizes for size.",
        "schema": {"anyOf": [{"type": "string", "enum": list(OPT_LEVELS)},
                             {"type": "integer", "minimum": 0, "maximum": 3}]},
        "normalize": str,
    })
    threads: int = field(default=0, metadata={
        "key": "threads",
        "help": "Threads that large elementwise array loops (over 256Ki elements) are split "
                "over, with results identical to one thread's; `1` turns threads off, `0` "
                "means one per core. `PYAOT_NUM_THREADS` overrides it when the program runs. "
                "WebAssembly always runs on one thread (docs/variants.md).",
        "schema": {"type": "integer", "minimum": 0, "maximum": 64},
    })
    isa_variants: tuple[str, ...] = field(default=(), metadata={
        "key": "isa-variants",
        "help": "On an x86-64 host, also build each module's kernels for these instruction-set "
                "levels (`x86-64-v3`: AVX2 and FMA; `x86-64-v4`: AVX-512), each in its own "
                "translation unit; at import the module runs the highest one the CPU supports "
                "(`PYAOT_ISA` lowers it) with bit-identical results. Each level adds a compile "
                "of the module. Empty: one portable build (docs/variants.md).",
        "schema": {"type": "array", "uniqueItems": True,
                   "items": {"type": "string", "enum": list(ISA_LEVELS)}},
    })
    limited_api: str | None = field(default=None, metadata={
        "key": "limited-api",
        "help": "Build the native modules against CPython's Limited API (the stable ABI) for "
                "this minimum Python version: one wheel, tagged `cp311-abi3-<platform>` for "
                "`\"3.11\"`, installs on that version and every later one. Calls cost more "
                "(docs/packaging.md has the figures). Unset: the full API of the building "
                "interpreter, a wheel for that version only.",
        "schema": {"type": "string", "enum": list(LIMITED_API_VERSIONS)},
    })
    include: tuple[str, ...] = field(default=(), metadata={
        "key": "include",
        "help": "Compile only modules whose path inside the wheel matches one of these "
                "globs (`mypkg/kernels/*.py`; `*` also matches `/`). Empty: every module.",
        "schema": {"type": "array", "items": {"type": "string", "minLength": 1}},
    })
    exclude: tuple[str, ...] = field(default=(), metadata={
        "key": "exclude",
        "help": "Never compile modules whose path inside the wheel matches one of these "
                "globs; wins over `include`.",
        "schema": {"type": "array", "items": {"type": "string", "minLength": 1}},
    })
    jobs: int = field(default=0, metadata={
        "key": "jobs",
        "help": "Compiler jobs run in parallel; `0` means one per CPU core.",
        "schema": {"type": "integer", "minimum": 0},
    })
    cache_dir: str | None = field(default=None, metadata={
        "key": "cache-dir",
        "help": "Build cache folder, relative to the project root unless absolute. Unset: "
                "the user cache folder.",
        "schema": {"type": "string", "minLength": 1},
    })

    def selects(self, dist_path: str) -> bool:
        """Whether the module at ``dist_path`` (posix, inside the wheel) is to be compiled."""
        included = not self.include or any(
            fnmatch.fnmatchcase(dist_path, glob) for glob in self.include)
        return included and not any(fnmatch.fnmatchcase(dist_path, glob) for glob in self.exclude)


def settings_from_table(table: Mapping[str, object], where: str, *,
                        ignore: Collection[str] = ()) -> Settings:
    """Validate a TOML table and build ``Settings``; raise ``SettingsError`` listing every
    problem. ``where`` is the table's TOML path, ``ignore`` the keys another tool owns."""
    by_key = {f.metadata["key"]: f for f in fields(Settings)}
    errors: list[str] = []
    values: dict[str, Any] = {}
    for key, value in table.items():
        path = f"{where}.{key}" if where else key
        if key in ignore:
            continue
        if key not in by_key:
            errors.append(f"{path}: unknown setting{_suggest(key, [*by_key, *ignore])}")
            continue
        meta = by_key[key].metadata
        error = _check(value, meta["schema"], path)
        if error is not None:
            errors.append(error)
            continue
        if isinstance(value, list):
            value = tuple(value)
        values[by_key[key].name] = meta.get("normalize", _same)(value)
    if errors:
        raise SettingsError("\n".join(errors))
    return Settings(**values)


HOOK_TABLE = "tool.hatch.build.hooks.pyaot"


def project_settings(pyproject: Mapping[str, Any],
                     hook_table: Mapping[str, Any] | None = None) -> Settings:
    """The settings of a project: its hook table together with ``[tool.pyaot]``.

    ``hook_table`` is the hook's table as hatchling resolved it (a wheel target may have its
    own); by default the one in ``pyproject``. A key may be set in one of them only. ``[tool.pyaot]`` is also where the one-line
    opt-in keeps its settings: that line defines the hook table already, and TOML lets no
    ``[table]`` header extend it afterwards.
    """
    tool = pyproject.get("tool", {})
    if hook_table is None:
        hook_table = tool.get("hatch", {}).get("build", {}).get("hooks", {}).get("pyaot", {})
    tool_table = tool.get("pyaot", {})
    for where, table in ((HOOK_TABLE, hook_table), ("tool.pyaot", tool_table)):
        if not isinstance(table, Mapping):
            raise SettingsError(f"{where}: expected a table")
    both = sorted(set(tool_table) & (set(hook_table) - set(HATCH_HOOK_KEYS)))
    if both:
        raise SettingsError(f"{both[0]}: set in both [{HOOK_TABLE}] and [tool.pyaot]; "
                            "keep one")
    settings_from_table(tool_table, "tool.pyaot")  # so that errors name the right table
    return settings_from_table({**tool_table, **hook_table}, HOOK_TABLE, ignore=HATCH_HOOK_KEYS)


def json_schema() -> dict[str, object]:
    """The JSON Schema of the settings table, for editors and for ``settings.schema.json``."""
    properties: dict[str, object] = {}
    for f in fields(Settings):
        prop = {"description": f.metadata["help"], **f.metadata["schema"]}
        if f.default is not None:
            prop["default"] = _json_value(f.default)
        properties[f.metadata["key"]] = prop
    return {
        "$schema": SCHEMA_DRAFT,
        "title": "hatch-pyaot settings",
        "description": "The [tool.pyaot] table, or the pyaot keys of "
                       "[tool.hatch.build.hooks.pyaot], in pyproject.toml.",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
    }


def settings_markdown() -> str:
    """The settings docs page; tests/test_docs.py fails when docs/settings.md is stale."""
    out = [
        "# Settings", "",
        "Generated from `src/hatch_pyaot/settings.py` by "
        "`python -m hatch_pyaot.settings --markdown`; do not edit.", "",
        "The settings are a table in `pyproject.toml`: either Hatch's build hook table",
        "", "```toml", "[tool.hatch.build.hooks.pyaot]", 'targets = ["host", "wasm32-wasi"]',
        'include = ["mypkg/kernels/*.py"]', "```", "",
        "which also carries Hatch's own hook options (" +
        ", ".join(f"`{key}`" for key in HATCH_HOOK_KEYS) + "), or a table of its own",
        "", "```toml", "[tool.pyaot]", 'fallback = "error"', 'opt-level = "s"', "jobs = 4",
        "```", "",
        "An unknown key or a value of the wrong type fails the build with a message that "
        "names the key.",
        "The JSON schema `hatch_pyaot/settings.schema.json` describes the same keys for "
        "editors.", "",
        "| key | type | default | what it does |", "| --- | --- | --- | --- |",
    ]
    for f in fields(Settings):
        schema = f.metadata["schema"]
        default = "unset" if f.default is None else f"`{_toml_value(f.default)}`"
        what = f.metadata["help"] + _allowed(schema)
        cells = [f"`{f.metadata['key']}`", _type_name(schema), default, what]
        out.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(out) + "\n"


# -- validating a value against the field's schema fragment ---------------------------------

_TYPES: dict[str, tuple[str, type]] = {
    "string": ("a string", str), "integer": ("an integer", int),
    "boolean": ("a boolean", bool), "array": ("a list", list),
}


def _check(value: object, schema: Mapping[str, Any], path: str) -> str | None:
    """The message for the first way ``value`` breaks ``schema``, or ``None``."""
    if "anyOf" in schema:
        if any(_check(value, option, path) is None for option in schema["anyOf"]):
            return None
        return f"{path}: expected {_describe(schema)}, got {_show(value)}"
    expected = _TYPES[schema["type"]][1]
    is_bool = isinstance(value, bool)
    if not isinstance(value, expected) or (is_bool and expected is not bool):
        return f"{path}: expected {_describe(schema)}, got {_show(value)}"
    if "enum" in schema and value not in schema["enum"]:
        hint = _suggest(value, schema["enum"]) if isinstance(value, str) else ""
        return f"{path}: expected {_describe(schema)}, got {_show(value)}{hint}"
    if not _in_range(value, schema):
        return f"{path}: expected {_describe(schema)}, got {_show(value)}"
    if isinstance(value, list):
        for index, item in enumerate(value):
            error = _check(item, schema["items"], f"{path}[{index}]")
            if error is not None:
                return error
    return None


def _in_range(value: object, schema: Mapping[str, Any]) -> bool:
    """The ``minimum``/``maximum`` of a number, ``minLength``/``minItems`` of a sequence."""
    low: int
    high: int
    if isinstance(value, int):
        low, high = schema.get("minimum", value), schema.get("maximum", value)
        return low <= value <= high
    if isinstance(value, str | list):
        low = schema.get("minLength" if isinstance(value, str) else "minItems", 0)
        return len(value) >= low
    return True


def _describe(schema: Mapping[str, Any]) -> str:
    """``schema`` in words, for messages: "an integer >= 0", "one of 'python', 'error'"."""
    if "anyOf" in schema:
        return " or ".join(_describe(option) for option in schema["anyOf"])
    if "enum" in schema:
        return "one of " + ", ".join(repr(choice) for choice in schema["enum"])
    words = _TYPES[schema["type"]][0]
    if "minimum" in schema and "maximum" in schema:
        return f"{words} from {schema['minimum']} to {schema['maximum']}"
    if "minimum" in schema:
        return f"{words} >= {schema['minimum']}"
    if schema.get("minLength") == 1:
        return "a non-empty string"
    if schema["type"] == "array":
        nonempty = "a non-empty list" if schema.get("minItems") == 1 else "a list"
        return f"{nonempty} of {_TYPES[schema['items']['type']][0].split()[-1]}s"
    return words


def _show(value: object) -> str:
    """``value`` as the user wrote it in TOML, or its kind when that would be long."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__


def _suggest(word: str, choices: Collection[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _same(value: object) -> object:
    return value


# -- rendering for the docs and the schema ---------------------------------------------------

def _json_value(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    return str(value)


def _type_name(schema: Mapping[str, Any]) -> str:
    if "anyOf" in schema:
        return " or ".join(_type_name(option) for option in schema["anyOf"])
    if schema["type"] == "array":
        return f"list of {schema['items']['type']}s"
    return str(schema["type"])


def _allowed(schema: Mapping[str, Any]) -> str:
    """The allowed values of a field that has a fixed set of them, as a sentence."""
    each = "Each is one" if schema.get("type") == "array" else "One"
    options = schema["anyOf"] if "anyOf" in schema else [schema.get("items", schema)]
    if not any("enum" in option for option in options):
        return ""
    words = [", ".join(f"`{choice}`" for choice in option["enum"]) if "enum" in option
             else _describe(option) for option in options]
    return f" {each} of: " + ", or ".join(words) + "."


if __name__ == "__main__":
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m hatch_pyaot.settings",
                                     description="Print a file generated from the settings.")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--markdown", action="store_true", help="docs/settings.md")
    group.add_argument("--schema", action="store_true", help="settings.schema.json")
    args = parser.parse_args()
    if args.markdown:
        print(settings_markdown(), end="")
    else:
        print(json.dumps(json_schema(), indent=2, sort_keys=True))
