"""The front end: read Python source with libcst (never importing it) and trace it to IR."""
