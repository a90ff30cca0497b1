"""``pyaot annotate``: a module's source as an HTML page, each line coloured by what it
became (as ``cython -a`` does), with the C++ generated for it folded under it.

    origins.py  the C++ of each specialization, split by the Python line it came from
    kinds.py    what a line's C++ says it became: native, checked, calling Python
    lines.py    one module analyzed: every source line with its kind, C++ and diagnostics
    page.py     the HTML page
"""
