#pragma once
// The CPython boundary (docs/internals.md): argument conversion from Python objects, results
// back to Python objects. Including this header gives the whole boundary: bind_arguments
// (pyaot/python/args.hpp) and to_python_error (pyaot/python/error.hpp) too.

#include "pyaot/python/common.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "pyaot/none.hpp"
#include "pyaot/python/args.hpp"
#include "pyaot/python/error.hpp"
// numpy arrays; included here so that the tuple templates below find their overloads
#include "pyaot/python/ndarray.hpp"
#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/tuple_of.hpp"
#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/bytes.hpp"
#include "pyaot/builtins/dict.hpp"
#include "pyaot/builtins/set.hpp"
#include "pyaot/builtins/object.hpp"
#include "pyaot/enum.hpp"
#include "pyaot/builtins/complex.hpp"
#include "pyaot/builtins/union.hpp"

namespace pyaot::python {

// T | None: None, or a T.
template <class T>
bool from_python(PyObject* obj, std::optional<T>& out, const char* func, const char* param);
template <class T>
PyObject* to_python(const std::optional<T>& value);
template <class T>
bool write_back(const std::optional<T>& value);

// A | B (pyaot/python/union.hpp, included at the end).
template <class... Ts>
bool from_python(PyObject* obj, union_<Ts...>& out, const char* func, const char* param);
template <class... Ts>
PyObject* to_python(const union_<Ts...>& value);
template <class... Ts>
bool write_back(const union_<Ts...>& value);

// str (pyaot/python/str.hpp, included at the end): declared here for the templates below.
inline bool from_python(PyObject* obj, str& out, const char* func, const char* param);
inline PyObject* to_python(const str& value);
// complex (pyaot/python/complex.hpp, included at the end).
inline bool from_python(PyObject* obj, complex& out, const char* func, const char* param);
inline PyObject* to_python(complex value);
// bytes (pyaot/python/bytes.hpp, included at the end).
inline bool from_python(PyObject* obj, bytes& out, const char* func, const char* param);
inline PyObject* to_python(const bytes& value);

// Lists (pyaot/python/list.hpp, included at the end): declared first so that the tuple
// templates below find them for a tuple item that is a list, and lists of tuples find both.
template <class T>
bool from_python(PyObject* obj, list<T>& out, const char* func, const char* param);
template <class T>
PyObject* to_python(const list<T>& value);
template <class T>
PyObject* to_python(const list<T>& value, bool as_new);
template <class T>
bool write_back(const list<T>& value);
// tuple[T, ...] (pyaot/python/tuple_of.hpp, included at the end), for the same reason.
template <class T>
bool from_python(PyObject* obj, tuple_of<T>& out, const char* func, const char* param);
template <class T>
PyObject* to_python(const tuple_of<T>& value);
template <class T>
bool write_back(const tuple_of<T>& value);
// Dicts and sets (pyaot/python/dict.hpp and set.hpp, included at the end), for the same
// reason.
template <class K, class V>
bool from_python(PyObject* obj, dict<K, V>& out, const char* func, const char* param);
template <class K, class V>
PyObject* to_python(const dict<K, V>& value);
template <class K, class V>
PyObject* to_python(const dict<K, V>& value, bool as_new);
template <class K, class V>
bool write_back(const dict<K, V>& value);
template <class T>
bool from_python(PyObject* obj, set<T>& out, const char* func, const char* param);
template <class T>
PyObject* to_python(const set<T>& value);
template <class T>
PyObject* to_python(const set<T>& value, bool as_new);
template <class T>
bool write_back(const set<T>& value);
template <class T>
bool from_python(PyObject* obj, frozenset<T>& out, const char* func, const char* param);
template <class T>
PyObject* to_python(const frozenset<T>& value);
// Objects of the program's classes (pyaot/python/object.hpp, included at the end).
template <class C>
bool from_python(PyObject* obj, ref<C>& out, const char* func, const char* param);
template <class C>
PyObject* to_python(const ref<C>& value);
template <class C>
bool write_back(const ref<C>& value);
// Enum members (pyaot/python/enum.hpp, included at the end).
template <class Tag>
bool from_python(PyObject* obj, enum_member<Tag>& out, const char* func, const char* param);
template <class Tag>
PyObject* to_python(enum_member<Tag> value);

namespace detail {

[[gnu::cold]] inline bool wrong_type(PyObject* obj, const char* func, const char* param,
                                     const char* expected) {
  const std::string got = type_name(obj);
  PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be %s, not %s", func, param, expected,
               got.c_str());
  return false;
}

[[gnu::cold]] inline bool int_out_of_range(const char* func, const char* param) {
  PyErr_Format(PyExc_OverflowError,
               "%s() argument '%s' does not fit in the compiled int (64-bit)", func, param);
  return false;
}

/// A Python int (or a bool) to int64.
inline bool long_to_int64(PyObject* obj, std::int64_t& out, const char* func, const char* param) {
#if !defined(Py_LIMITED_API) && PY_VERSION_HEX >= 0x030C0000
  if (_PyLong_IsCompact(reinterpret_cast<PyLongObject*>(obj))) [[likely]] {  // one digit
    out = static_cast<std::int64_t>(_PyLong_CompactValue(reinterpret_cast<PyLongObject*>(obj)));
    return true;
  }
#elif !defined(Py_LIMITED_API)
  if (const Py_ssize_t size = Py_SIZE(obj); size >= -1 && size <= 1) [[likely]] {  // one digit
    out = size * static_cast<std::int64_t>(reinterpret_cast<PyLongObject*>(obj)->ob_digit[0]);
    return true;
  }
#endif
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(obj, &overflow);
  if (overflow != 0) [[unlikely]] {
    return int_out_of_range(func, param);
  }
  if (value == -1 && PyErr_Occurred()) [[unlikely]] {
    return false;
  }
  out = static_cast<std::int64_t>(value);
  return true;
}

/// Objects with __index__ (numpy integers); anything else is a TypeError.
[[gnu::noinline]] inline bool index_to_int64(PyObject* obj, std::int64_t& out, const char* func,
                                             const char* param) {
  if (PyFloat_Check(obj) || !PyIndex_Check(obj)) {
    return wrong_type(obj, func, param, "int");
  }
  PyObject* index = PyNumber_Index(obj);
  if (index == nullptr) {
    if (PyErr_ExceptionMatches(PyExc_TypeError)) {
      PyErr_Clear();
      return wrong_type(obj, func, param, "int");
    }
    return false;
  }
  const bool ok = long_to_int64(index, out, func, param);
  Py_DECREF(index);
  return ok;
}

/// Objects with __float__ (numpy.float32, numpy integers); anything else is a TypeError.
[[gnu::noinline]] inline bool other_to_double(PyObject* obj, double& out, const char* func,
                                              const char* param) {
  if (PyUnicode_Check(obj) || PyBytes_Check(obj)) {
    return wrong_type(obj, func, param, "float");
  }
  const double value = PyFloat_AsDouble(obj);
  if (value == -1.0 && PyErr_Occurred()) {
    if (PyErr_ExceptionMatches(PyExc_TypeError)) {
      PyErr_Clear();
      return wrong_type(obj, func, param, "float");
    }
    return false;
  }
  out = value;
  return true;
}

inline bool is_numpy_bool(PyObject* obj) {
  const std::string name = type_name(obj);
  return name == "numpy.bool" || name == "numpy.bool_";
}

/// The pending TypeError of a key's conversion, reworded to name the key's parameter:
/// "f() argument 'd' key must be int, not str" (the conversion ran with the marker param).
[[gnu::cold]] inline void reword_key_error(const char* param, const char* what) {
  if (!PyErr_ExceptionMatches(PyExc_TypeError)) return;
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyObject* text = value != nullptr ? PyObject_Str(value) : nullptr;
  const char* utf8 = text != nullptr ? PyUnicode_AsUTF8AndSize(text, nullptr) : nullptr;
  std::string message = utf8 != nullptr ? utf8 : "";
  const std::string marker = "'\x01'";
  const std::size_t at = message.find(marker);
  if (at != std::string::npos) {
    message.replace(at, marker.size(), std::string("'") + param + "' " + what);
  }
  Py_XDECREF(text);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(traceback);
  PyErr_SetString(PyExc_TypeError, message.c_str());
}

/// "param[index]" for the items of a tuple argument.
inline std::string item_name(const char* param, std::size_t index) {
  return std::string(param) + "[" + std::to_string(index) + "]";
}

}  // namespace detail

// ---- Python -> C++ --------------------------------------------------------------------------

/// int: a Python int or bool, or an object with __index__ (numpy integers). TypeError for
/// float, str and others; OverflowError when it does not fit int64.
inline bool from_python(PyObject* obj, std::int64_t& out, const char* func, const char* param) {
  if (PyLong_Check(obj)) [[likely]] {
    return detail::long_to_int64(obj, out, func, param);
  }
  return detail::index_to_int64(obj, out, func, param);
}

/// float: a Python float, int (exactly rounded; OverflowError if too large), bool, or an
/// object with __float__ (numpy floats). TypeError for str and others.
inline bool from_python(PyObject* obj, double& out, const char* func, const char* param) {
  if (PyFloat_Check(obj)) [[likely]] {
    out = PyFloat_AsDouble(obj);
    return true;
  }
  if (PyLong_Check(obj)) {
    const double value = PyLong_AsDouble(obj);
    if (value == -1.0 && PyErr_Occurred()) return false;
    out = value;
    return true;
  }
  return detail::other_to_double(obj, out, func, param);
}

/// bool: only True/False and numpy.bool_ (an int is not silently a bool).
inline bool from_python(PyObject* obj, bool& out, const char* func, const char* param) {
  if (PyBool_Check(obj)) [[likely]] {
    out = obj == Py_True;
    return true;
  }
  if (detail::is_numpy_bool(obj)) {
    const int truth = PyObject_IsTrue(obj);
    if (truth < 0) return false;
    out = truth != 0;
    return true;
  }
  return detail::wrong_type(obj, func, param, "bool");
}

/// None: only None.
inline bool from_python(PyObject* obj, None& out, const char* func, const char* param) {
  if (obj != Py_None) [[unlikely]] {
    return detail::wrong_type(obj, func, param, "None");
  }
  out = none;
  return true;
}

/// tuple[T...]: a Python tuple of exactly that length, each item converted.
template <class... T>
bool from_python(PyObject* obj, std::tuple<T...>& out, const char* func, const char* param) {
  constexpr std::size_t n = sizeof...(T);
  if (!PyTuple_Check(obj)) [[unlikely]] {
    return detail::wrong_type(obj, func, param, "tuple");
  }
  const Py_ssize_t size = PyTuple_Size(obj);
  if (size != static_cast<Py_ssize_t>(n)) [[unlikely]] {
    PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be a tuple of length %zd, not %zd",
                 func, param, static_cast<Py_ssize_t>(n), size);
    return false;
  }
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ([&] {
      PyObject* item = PyTuple_GetItem(obj, static_cast<Py_ssize_t>(I));
      if (from_python(item, std::get<I>(out), func, param)) [[likely]] {
        return true;
      }
      // Cold path: convert again to word the error with the item's place, "param[i]".
      PyErr_Clear();
      from_python(item, std::get<I>(out), func, detail::item_name(param, I).c_str());
      return false;
    }() && ...);
  }(std::index_sequence_for<T...>{});
}

// ---- C++ -> Python (new references; nullptr with a Python error on failure) ----------------

inline PyObject* to_python(std::int64_t value) {
  return PyLong_FromLongLong(static_cast<long long>(value));
}

inline PyObject* to_python(double value) { return PyFloat_FromDouble(value); }

inline PyObject* to_python(bool value) { return PyBool_FromLong(value ? 1 : 0); }

inline PyObject* to_python(None) { return Py_NewRef(Py_None); }

template <class... T>
PyObject* to_python(const std::tuple<T...>& value) {
  PyObject* tuple = PyTuple_New(static_cast<Py_ssize_t>(sizeof...(T)));
  if (tuple == nullptr) return nullptr;
  const bool ok = [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ([&] {
      PyObject* item = to_python(std::get<I>(value));
      return item != nullptr && PyTuple_SetItem(tuple, static_cast<Py_ssize_t>(I), item) == 0;
    }() && ...);
  }(std::index_sequence_for<T...>{});
  if (!ok) {
    Py_DECREF(tuple);
    return nullptr;
  }
  return tuple;
}

/// A tuple of new references made by the caller (a NumPy scalar item needs its own
/// conversion, see codegen/module.py); nullptr, with every reference dropped, when one of
/// them is nullptr.
template <class... Items>
PyObject* pack_tuple(Items... items) {
  PyObject* given[] = {items...};
  PyObject* tuple = nullptr;
  bool complete = true;
  for (PyObject* item : given) complete = complete && item != nullptr;
  if (complete) tuple = PyTuple_New(static_cast<Py_ssize_t>(sizeof...(Items)));
  if (tuple == nullptr) {
    for (PyObject* item : given) Py_XDECREF(item);
    return nullptr;
  }
  for (std::size_t i = 0; i < sizeof...(Items); ++i) {
    // The function rather than the macro: the stable ABI (abi3) has only that.
    PyTuple_SetItem(tuple, static_cast<Py_ssize_t>(i), given[i]);
  }
  return tuple;
}

}  // namespace pyaot::python

#include "pyaot/python/list.hpp"
#include "pyaot/python/tuple_of.hpp"
#include "pyaot/python/str.hpp"
#include "pyaot/python/bytes.hpp"
#include "pyaot/python/complex.hpp"
#include "pyaot/python/optional.hpp"
#include "pyaot/python/union.hpp"
#include "pyaot/python/dict.hpp"
#include "pyaot/python/set.hpp"
#include "pyaot/python/object.hpp"
#include "pyaot/python/enum.hpp"
