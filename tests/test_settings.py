"""The settings table: parsing, messages that name the key, and the generated schema."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import tomllib
from collections.abc import Mapping
from typing import Any

import pytest

from hatch_pyaot.settings import (
    HATCH_HOOK_KEYS,
    KNOWN_TARGETS,
    Settings,
    SettingsError,
    json_schema,
    settings_from_table,
)

HOOK = "tool.hatch.build.hooks.pyaot"


def parse(toml: str, where: str = "tool.pyaot", **kwargs: Any) -> Settings:
    return settings_from_table(tomllib.loads(toml), where, **kwargs)


def error_of(table: Mapping[str, object], where: str = HOOK) -> str:
    with pytest.raises(SettingsError) as info:
        settings_from_table(table, where)
    return str(info.value)


def test_defaults() -> None:
    settings = settings_from_table({}, HOOK)
    assert settings == Settings()
    assert settings.targets == ("default",)
    assert settings.fallback == "python"
    assert settings.boundscheck is True
    assert settings.opt_level == "3"
    assert (settings.include, settings.exclude) == ((), ())
    assert settings.jobs == 0
    assert settings.cache_dir is None


def test_every_key_is_parsed() -> None:
    settings = parse("""
        targets = ["host", "wasm32-wasi"]
        fallback = "error"
        boundscheck = false
        opt-level = "s"
        include = ["pkg/kernels/*.py"]
        exclude = ["pkg/kernels/debug_*.py"]
        jobs = 4
        cache-dir = ".pyaot-cache"
    """)
    assert settings == Settings(
        targets=("host", "wasm32-wasi"), fallback="error", boundscheck=False, opt_level="s",
        include=("pkg/kernels/*.py",), exclude=("pkg/kernels/debug_*.py",), jobs=4,
        cache_dir=".pyaot-cache")


def test_every_known_target_is_accepted() -> None:
    assert settings_from_table({"targets": list(KNOWN_TARGETS)}, HOOK).targets == KNOWN_TARGETS


def test_keys_are_kebab_case() -> None:
    message = error_of({"opt_level": "2"})
    assert message.startswith(f"{HOOK}.opt_level: unknown setting")
    assert "did you mean 'opt-level'?" in message
    assert parse('cache-dir = "/tmp/c"').cache_dir == "/tmp/c"


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_integer_opt_level_is_normalized(level: int) -> None:
    assert settings_from_table({"opt-level": level}, HOOK).opt_level == str(level)


@pytest.mark.parametrize("level", [4, -1, "4", "fast", 2.0, True])
def test_bad_opt_level(level: object) -> None:
    message = error_of({"opt-level": level})
    assert message.startswith(f"{HOOK}.opt-level: expected one of '0', '1', '2', '3', 's' "
                              "or an integer from 0 to 3, got ")


def test_unknown_key_names_key_and_suggestion() -> None:
    message = error_of({"fallbak": "error"}, "tool.pyaot")
    assert message == "tool.pyaot.fallbak: unknown setting (did you mean 'fallback'?)"
    assert error_of({"colour": 1}) == f"{HOOK}.colour: unknown setting"


@pytest.mark.parametrize(("table", "message"), [
    ({"jobs": "x"}, "jobs: expected an integer >= 0, got 'x'"),
    ({"jobs": True}, "jobs: expected an integer >= 0, got true"),
    ({"jobs": -2}, "jobs: expected an integer >= 0, got -2"),
    ({"targets": "host"}, "targets: expected a non-empty list of strings, got 'host'"),
    ({"targets": []}, "targets: expected a non-empty list of strings, got a list"),
    ({"fallback": "maybe"}, "fallback: expected one of 'python', 'error', got 'maybe'"),
    ({"boundscheck": 0}, "boundscheck: expected a boolean, got 0"),
    ({"include": ["a/*.py", 3]}, "include[1]: expected a non-empty string, got 3"),
    ({"exclude": {"a": 1}}, "exclude: expected a list of strings, got a table"),
    ({"cache-dir": ""}, "cache-dir: expected a non-empty string, got ''"),
])
def test_wrong_type_names_key_expected_and_got(table: dict[str, object], message: str) -> None:
    assert error_of(table) == f"{HOOK}.{message}"


def test_unknown_target_suggests_a_known_one() -> None:
    message = error_of({"targets": ["host", "linux-arm64"]})
    assert message.startswith(f"{HOOK}.targets[1]: expected one of 'host', ")
    assert message.endswith("got 'linux-arm64' (did you mean 'linux-aarch64'?)")


def test_every_problem_is_reported() -> None:
    lines = error_of({"jobs": "x", "fallback": "maybe", "colour": 1}).splitlines()
    assert [line.split(":")[0] for line in lines] == [
        f"{HOOK}.jobs", f"{HOOK}.fallback", f"{HOOK}.colour"]


def test_ignored_keys_are_skipped() -> None:
    table = {"dependencies": ["hatch-pyaot"], "enable-by-default": False, "jobs": 2}
    assert settings_from_table(table, HOOK, ignore=HATCH_HOOK_KEYS) == Settings(jobs=2)
    assert "dependencies: unknown setting" in error_of(table)


def test_settings_error_is_a_value_error() -> None:
    assert issubclass(SettingsError, ValueError)


@pytest.mark.parametrize(("include", "exclude", "path", "selected"), [
    ((), (), "pkg/anything.py", True),
    (("pkg/kernels/*.py",), (), "pkg/kernels/blur.py", True),
    (("pkg/kernels/*.py",), (), "pkg/util.py", False),
    (("pkg/kernels/*.py",), (), "pkg/kernels/deep/x.py", True),  # fnmatch: `*` matches `/`
    (("pkg/*.py",), ("pkg/debug_*.py",), "pkg/debug_io.py", False),
    (("pkg/*.py",), ("pkg/debug_*.py",), "pkg/io.py", True),
    ((), ("*/tests/*",), "pkg/tests/test_x.py", False),
    (("pkg/*.py",), (), "PKG/a.py", False),  # case-sensitive on every platform
])
def test_selects(include: tuple[str, ...], exclude: tuple[str, ...], path: str,
                 selected: bool) -> None:
    assert Settings(include=include, exclude=exclude).selects(path) is selected


def test_schema_matches_the_fields() -> None:
    schema = json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "hatch-pyaot settings"
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is False
    properties = schema["properties"]
    assert isinstance(properties, dict)
    fields = dataclasses.fields(Settings)
    assert sorted(properties) == sorted(f.metadata["key"] for f in fields)
    for f in fields:
        prop = properties[f.metadata["key"]]
        assert prop["description"] == f.metadata["help"]
        assert "type" in prop or "anyOf" in prop
        if f.default is None:
            assert "default" not in prop
        else:
            default = list(f.default) if isinstance(f.default, tuple) else f.default
            assert prop["default"] == default
            # The default is itself a valid value.
            assert settings_from_table({f.metadata["key"]: default}, HOOK) == Settings()


def test_schema_enums() -> None:
    properties: Any = json_schema()["properties"]
    assert properties["targets"]["items"]["enum"] == list(KNOWN_TARGETS)
    assert properties["fallback"]["enum"] == ["python", "error"]
    assert properties["jobs"]["minimum"] == 0


def test_import_is_cheap() -> None:
    code = ("import sys, hatch_pyaot.settings; "
            "heavy = {'json', 'libcst', 'argparse', 'hatchling', 'tomllib'} & set(sys.modules); "
            "print(sorted(heavy))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
