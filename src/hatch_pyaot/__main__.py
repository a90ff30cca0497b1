"""``python -m hatch_pyaot`` runs the ``pyaot`` command line."""

from hatch_pyaot.cli import main

raise SystemExit(main())
