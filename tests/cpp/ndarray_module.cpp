// A hand-written extension module over pyaot/numpy/ndarray.hpp and pyaot/python/ndarray.hpp,
// built and driven by tests/test_ndarray_runtime.py: arrays in and out zero-copy, views,
// writes seen by the caller, errors turned into Python exceptions, tuples of arrays.
// Each function's comment gives the Python it stands for.

#include "pyaot/python/convert.hpp"

#include <cstdint>
#include <tuple>

#include "pyaot/error.hpp"
#include "pyaot/none.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/python/ndarray.hpp"

namespace {

namespace np = pyaot::numpy;
namespace py = pyaot::python;

template <class T>
using Vec = np::ndarray<T, 1>;
using Mat = np::ndarray<double, 2>;

// sum2d(x: float64[:, :]) -> float: the sum of the elements, row by row
PyObject* sum2d(PyObject*, PyObject* arg) {
  Mat x;
  if (!py::from_python(arg, x, "sum2d", "x")) return nullptr;
  double total = 0.0;
  for (std::int64_t i = 0; i < x.shape[0]; ++i) {
    for (std::int64_t j = 0; j < x.shape[1]; ++j) {
      double value = 0.0;
      if (!np::getitem(value, x, i, j)) return py::to_python_error();
      total += value;
    }
  }
  return py::to_python(total);
}

// scale(x: float32[:], k: float) -> float32[:]: a new array x * k
PyObject* scale(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  Vec<float> x;
  double k = 0.0;
  if (nargs != 2 || !py::from_python(args[0], x, "scale", "x") ||
      !py::from_python(args[1], k, "scale", "k")) {
    return nullptr;
  }
  Vec<float> out;
  if (!np::empty_like(out, x)) return py::to_python_error();
  for (std::int64_t i = 0; i < x.shape[0]; ++i) {
    np::at(out, i) = static_cast<float>(static_cast<double>(np::at(x, i)) * k);
  }
  return py::to_python(out);
}

// identity_<dtype>(x: dtype[:]) -> x
template <class T>
PyObject* identity(PyObject*, PyObject* arg) {
  Vec<T> x;
  if (!py::from_python(arg, x, "identity", "x")) return nullptr;
  Vec<T> y = x;  // `y = x` shares
  return py::to_python(y);
}

// copy_<dtype>(x: dtype[:]) -> dtype[:]: a new array, element by element
template <class T>
PyObject* copy(PyObject*, PyObject* arg) {
  Vec<T> x;
  if (!py::from_python(arg, x, "copy", "x")) return nullptr;
  Vec<T> out;
  if (!np::empty_like(out, x)) return py::to_python_error();
  for (std::int64_t i = 0; i < x.shape[0]; ++i) {
    T value{};
    if (!np::getitem(value, x, i) || !np::setitem(out, value, i)) return py::to_python_error();
  }
  return py::to_python(out);
}

// reverse_<dtype>(x: dtype[:]) -> x[::-1], a view
template <class T>
PyObject* reverse(PyObject*, PyObject* arg) {
  Vec<T> x;
  if (!py::from_python(arg, x, "reverse", "x")) return nullptr;
  T* last = x.shape[0] > 0 ? x.data + (x.shape[0] - 1) * x.strides[0] : x.data;
  return py::to_python(Vec<T>(last, x.shape, {-x.strides[0]}, x.storage));
}

// fill_<dtype>(x: dtype[:], v: int) -> None: x[i] = v for every i, in place
template <class T>
PyObject* fill(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  Vec<T> x;
  std::int64_t v = 0;
  if (nargs != 2 || !py::from_python(args[0], x, "fill", "x") ||
      !py::from_python(args[1], v, "fill", "v")) {
    return nullptr;
  }
  for (std::int64_t i = 0; i < x.shape[0]; ++i) {
    if (!np::setitem(x, static_cast<T>(v), i)) return py::to_python_error();
  }
  return py::to_python(pyaot::none);
}

// transpose(x: float64[:, :]) -> x.T, a view
PyObject* transpose(PyObject*, PyObject* arg) {
  Mat x;
  if (!py::from_python(arg, x, "transpose", "x")) return nullptr;
  return py::to_python(Mat(x.data, {x.shape[1], x.shape[0]}, {x.strides[1], x.strides[0]},
                           x.storage));
}

// row(x: float64[:, :], i: int) -> x[i], a view
PyObject* row(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  Mat x;
  std::int64_t i = 0;
  if (nargs != 2 || !py::from_python(args[0], x, "row", "x") ||
      !py::from_python(args[1], i, "row", "i")) {
    return nullptr;
  }
  if (i < 0) i += x.shape[0];
  if (i < 0 || i >= x.shape[0]) {
    pyaot::raise(pyaot::Exc::IndexError, "row out of range");
    return py::to_python_error();
  }
  return py::to_python(Vec<double>(x.data + i * x.strides[0], {x.shape[1]}, {x.strides[1]},
                                   x.storage));
}

// every_other(x: float64[:]) -> x[::2], a view
PyObject* every_other(PyObject*, PyObject* arg) {
  Vec<double> x;
  if (!py::from_python(arg, x, "every_other", "x")) return nullptr;
  return py::to_python(Vec<double>(x.data, {(x.shape[0] + 1) / 2}, {2 * x.strides[0]},
                                   x.storage));
}

// repeat_rows(x: float64[:], n: int) -> numpy.broadcast_to(x, (n, len(x))) (writeable here)
PyObject* repeat_rows(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  Vec<double> x;
  std::int64_t n = 0;
  if (nargs != 2 || !py::from_python(args[0], x, "repeat_rows", "x") ||
      !py::from_python(args[1], n, "repeat_rows", "n")) {
    return nullptr;
  }
  return py::to_python(Mat(x.data, {n, x.shape[0]}, {0, x.strides[0]}, x.storage));
}

// zeros(n: int, m: int) -> numpy.zeros((n, m))
PyObject* zeros(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  std::int64_t n = 0;
  std::int64_t m = 0;
  if (nargs != 2 || !py::from_python(args[0], n, "zeros", "n") ||
      !py::from_python(args[1], m, "zeros", "m")) {
    return nullptr;
  }
  Mat out;
  if (!np::zeros(out, {n, m})) return py::to_python_error();
  return py::to_python(out);
}

// get(x: float64[:], i: int) -> float: x[i]
PyObject* get(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  Vec<double> x;
  std::int64_t i = 0;
  if (nargs != 2 || !py::from_python(args[0], x, "get", "x") ||
      !py::from_python(args[1], i, "get", "i")) {
    return nullptr;
  }
  double value = 0.0;
  if (!np::getitem(value, x, i)) return py::to_python_error();
  return py::to_python(value);
}

// identity0(x: float64[()]) -> x; get0(x) -> x[()]; full0(v: float) -> numpy.full((), v)
PyObject* identity0(PyObject*, PyObject* arg) {
  np::ndarray<double, 0> x;
  if (!py::from_python(arg, x, "identity0", "x")) return nullptr;
  return py::to_python(x);
}

PyObject* get0(PyObject*, PyObject* arg) {
  np::ndarray<double, 0> x;
  double value = 0.0;
  if (!py::from_python(arg, x, "get0", "x")) return nullptr;
  if (!np::getitem(value, x)) return py::to_python_error();
  return py::to_python(value);
}

PyObject* full0(PyObject*, PyObject* arg) {
  double v = 0.0;
  if (!py::from_python(arg, v, "full0", "v")) return nullptr;
  np::ndarray<double, 0> out;
  if (!np::full(out, {}, v)) return py::to_python_error();
  return py::to_python(out);
}

// halves(x: float64[:]) -> (x[:len(x) // 2], x[len(x) // 2:])
PyObject* halves(PyObject*, PyObject* arg) {
  Vec<double> x;
  if (!py::from_python(arg, x, "halves", "x")) return nullptr;
  const std::int64_t h = x.shape[0] / 2;
  Vec<double> first(x.data, {h}, x.strides, x.storage);
  Vec<double> second(x.data + h * x.strides[0], {x.shape[0] - h}, x.strides, x.storage);
  return py::to_python(std::tuple<Vec<double>, Vec<double>>{first, second});
}

// swap(t: tuple[float64[:], int64[:]]) -> (t[1], t[0])
PyObject* swap(PyObject*, PyObject* arg) {
  std::tuple<Vec<double>, Vec<std::int64_t>> t;
  if (!py::from_python(arg, t, "swap", "t")) return nullptr;
  const std::tuple<Vec<std::int64_t>, Vec<double>> swapped{std::get<1>(t), std::get<0>(t)};
  return py::to_python(swapped);
}

template <class F>
PyCFunction cfunc(F f) {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f));
}

#define PYAOT_DTYPE_FUNCTIONS(type, name)                                        \
  {"identity_" name, cfunc(identity<type>), METH_O, nullptr},                    \
      {"copy_" name, cfunc(copy<type>), METH_O, nullptr},                        \
      {"reverse_" name, cfunc(reverse<type>), METH_O, nullptr},                  \
      {"fill_" name, cfunc(fill<type>), METH_FASTCALL, nullptr}

PyMethodDef methods[] = {
    {"sum2d", cfunc(sum2d), METH_O, nullptr},
    {"scale", cfunc(scale), METH_FASTCALL, nullptr},
    {"transpose", cfunc(transpose), METH_O, nullptr},
    {"row", cfunc(row), METH_FASTCALL, nullptr},
    {"every_other", cfunc(every_other), METH_O, nullptr},
    {"repeat_rows", cfunc(repeat_rows), METH_FASTCALL, nullptr},
    {"zeros", cfunc(zeros), METH_FASTCALL, nullptr},
    {"get", cfunc(get), METH_FASTCALL, nullptr},
    {"identity0", cfunc(identity0), METH_O, nullptr},
    {"get0", cfunc(get0), METH_O, nullptr},
    {"full0", cfunc(full0), METH_O, nullptr},
    {"halves", cfunc(halves), METH_O, nullptr},
    {"swap", cfunc(swap), METH_O, nullptr},
    PYAOT_DTYPE_FUNCTIONS(bool, "bool"),
    PYAOT_DTYPE_FUNCTIONS(std::int8_t, "int8"),
    PYAOT_DTYPE_FUNCTIONS(std::int16_t, "int16"),
    PYAOT_DTYPE_FUNCTIONS(std::int32_t, "int32"),
    PYAOT_DTYPE_FUNCTIONS(std::int64_t, "int64"),
    PYAOT_DTYPE_FUNCTIONS(std::uint8_t, "uint8"),
    PYAOT_DTYPE_FUNCTIONS(std::uint16_t, "uint16"),
    PYAOT_DTYPE_FUNCTIONS(std::uint32_t, "uint32"),
    PYAOT_DTYPE_FUNCTIONS(std::uint64_t, "uint64"),
    PYAOT_DTYPE_FUNCTIONS(float, "float32"),
    PYAOT_DTYPE_FUNCTIONS(double, "float64"),
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "pyaot_ndarray", nullptr, -1, methods,
                          nullptr,               nullptr,         nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit_pyaot_ndarray() { return PyModule_Create(&module_def); }
