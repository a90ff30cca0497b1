"""ONNX models inside compiled functions: a model file named by ``onnx_model(...)`` at module
level is loaded when the package builds (graph.py: shape inference, checks, constants
folded), then lowered (lower.py and the op tables of ops_*.py) to C++ that calls the kernels
of ``pyaot/onnx/*.hpp`` with the weights embedded as read-only arrays. ``onnx`` is imported
only here, and only when a module uses a model."""
