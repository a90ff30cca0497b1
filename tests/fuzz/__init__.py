"""A program-generating differential fuzzer (issue 16): random, valid, terminating, well-typed
``@compile`` modules from a seed (gen.py), CPython against the compiled module (oracle.py),
a reducer that shrinks a failing function to a ready regression test (reduce.py), and random
invalid programs that must get a located diagnostic (invalid.py). ``python -m fuzz`` (from
``tests/``) runs it for as long as asked; docs/fuzzing.md explains the figures."""
