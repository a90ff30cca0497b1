"""Build tools: C++ sources -> CPython extension modules (CMake + Ninja, content-hash cache).

- ``process``: the one subprocess wrapper (``run``) and ``ToolchainError``;
- ``compiler``: finding the C++ compiler, its identity, the compile flags;
- ``cache``: the content-hash cache of built modules;
- ``cmake_project``: the CMake project of one module, the CMake and Ninja executables;
- ``host``: ``build_extensions`` for the running interpreter.
"""

from hatch_pyaot.toolchains.host import BuildOptions, ExtensionSpec, build_extensions
from hatch_pyaot.toolchains.process import ToolchainError

__all__ = ["BuildOptions", "ExtensionSpec", "ToolchainError", "build_extensions"]
