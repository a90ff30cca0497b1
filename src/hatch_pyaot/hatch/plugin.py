"""Entry point of the ``hatch`` group: hatchling asks here for our hook and builder."""

from __future__ import annotations

from hatchling.plugin import hookimpl

from hatch_pyaot.hatch.builder import AllBuilder
from hatch_pyaot.hatch.hook import PyaotBuildHook


@hookimpl
def hatch_register_build_hook() -> type[PyaotBuildHook]:
    return PyaotBuildHook


@hookimpl
def hatch_register_builder() -> type[AllBuilder]:
    return AllBuilder
