"""The Hatch side: the ``pyaot`` build hook and the ``all`` builder, registered through the
``hatch`` entry-point group (``plugin.py``). Only hatchling imports this package."""
