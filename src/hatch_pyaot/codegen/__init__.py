"""IR to C++20: function bodies, the CPython module around them, the CMake project."""
