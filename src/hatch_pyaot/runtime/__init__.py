"""Run-time support for compiled modules (standard library only).

``hatch_pyaot.runtime.loader`` finds, loads and validates the native module built next to
a Python file; ``@hatch_pyaot.compile`` imports it on first use.
"""
