"""The one wrapper every subprocess of the toolchain goes through."""

from __future__ import annotations

import contextlib
import logging
import os
import shlex
import signal
import subprocess
from collections.abc import Mapping, Sequence

logger = logging.getLogger("hatch_pyaot")

TAIL_LINES = 60
"""How many of the last output lines a ToolchainError keeps."""
STOP_SECONDS = 2.0
"""How long a tool stopped by SIGTERM (Ctrl-C, a timeout) has to stop its own children."""


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
        proc = _run_group(argv, cwd, env, timeout)
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


def _run_group(argv: list[str], cwd: str | os.PathLike[str] | None,
               env: Mapping[str, str] | None,
               timeout: float | None) -> subprocess.CompletedProcess[str]:
    """subprocess.run in a process group of its own (POSIX): when the caller stops waiting
    (Ctrl-C's KeyboardInterrupt, a timeout), the whole group is killed, cmake's ninja and
    compilers too, where subprocess.run kills the direct child only and leaves them running."""
    group = os.name == "posix"
    with subprocess.Popen(argv, cwd=cwd, env=dict(env) if env is not None else None,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, encoding="utf-8",
                          errors="replace", start_new_session=group) as proc:
        try:
            stdout, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            _kill(proc, group)
            exc.output = proc.communicate()[0]
            raise
        except BaseException:
            _kill(proc, group)
            raise
    return subprocess.CompletedProcess(argv, proc.returncode, stdout, None)


def _kill(proc: subprocess.Popen[str], group: bool) -> None:
    """Stop ``proc`` and its group: SIGTERM first, as ninja runs each compiler in a group of
    its own and stops them on SIGTERM only, then SIGKILL for whatever is left."""
    if group:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=STOP_SECONDS)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    proc.kill()
