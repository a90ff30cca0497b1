"""The one wrapper every subprocess of the toolchain goes through."""

from __future__ import annotations

import logging
import os
import shlex
import subprocess
from collections.abc import Mapping, Sequence

logger = logging.getLogger("hatch_pyaot")

TAIL_LINES = 60
"""How many of the last output lines a ToolchainError keeps."""


class ToolchainError(RuntimeError):
    """A build tool failed or is missing.

    ``message`` says what went wrong, ``command`` is the command line that failed (empty
    when none ran) and ``output`` the last lines of its output.
    """

    def __init__(self, message: str, command: Sequence[str] = (), output: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.command = tuple(command)
        self.output = output

    def __str__(self) -> str:
        parts = [self.message]
        if self.command:
            parts.append("command: " + format_command(self.command))
        if self.output.strip():
            parts.append(self.output.rstrip())
        return "\n\n".join(parts)


class CompilerNotFound(ToolchainError):
    """No C++ compiler on this machine: the message is one paragraph saying what to install."""


def format_command(cmd: Sequence[str]) -> str:
    if os.name == "nt":
        return subprocess.list2cmdline(cmd)
    return shlex.join(cmd)


def tail(text: str, lines: int = TAIL_LINES) -> str:
    """The last ``lines`` lines of ``text`` (with a marker when some were dropped)."""
    all_lines = text.splitlines()
    if len(all_lines) <= lines:
        return text
    dropped = len(all_lines) - lines
    return "\n".join([f"[... {dropped} earlier lines ...]", *all_lines[-lines:]])


def run(
    cmd: Sequence[str | os.PathLike[str]],
    *,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``cmd`` and return it with its output (stdout and stderr together in ``stdout``).

    Raises ToolchainError when the program is missing, times out or exits non-zero.
    """
    argv = [os.fspath(part) for part in cmd]
    if not argv:
        raise ValueError("empty command")
    logger.debug("running: %s%s", format_command(argv), f"  (in {cwd})" if cwd else "")
    program = os.path.basename(argv[0])
    try:
        proc = subprocess.run(
            argv,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            errors="replace",
            check=False,
        )
    except FileNotFoundError as exc:
        raise ToolchainError(f"{program}: program not found", argv) from exc
    except subprocess.TimeoutExpired as exc:
        output = (
            exc.output
            if isinstance(exc.output, str)
            else (exc.output or b"").decode("utf-8", "replace")
        )
        raise ToolchainError(f"{program} timed out after {timeout} s", argv, tail(output)) from exc
    except OSError as exc:
        raise ToolchainError(f"{program} could not be started: {exc}", argv) from exc
    if proc.returncode != 0:
        raise ToolchainError(
            f"{program} failed with exit status {proc.returncode}", argv, tail(proc.stdout)
        )
    return proc
