#pragma once
// A generator returned to CPython (an entry point annotated `-> Iterator[T]`): a lazy Python
// iterator whose __next__ resumes the native coroutine (pyaot/builtins/generator.hpp) with
// the GIL held, as any compiled call, and converts the item it yields. Exhausted, it stops
// (StopIteration, made by CPython from a NULL return with no error set); an exception the
// body raises comes out of that __next__, with its location, and the iterator is finished.
// Dropping the iterator closes the generator (its `finally` blocks run).

#include "pyaot/python/common.hpp"

#include <new>
#include <utility>

#include "pyaot/builtins/generator.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

namespace detail {

/// The native generator behind a Python iterator, its item type erased.
struct iterator_source {
  virtual ~iterator_source() = default;
  /// A new reference to the next item; nullptr at the end (no error set) or on an error.
  virtual PyObject* next() = 0;
};

template <class T, class S>
struct generator_source final : iterator_source {
  explicit generator_source(generator<T, S> g) : gen(std::move(g)) {}
  PyObject* next() override {
    T item{};
    bool has = false;
    if (!gen.next(item, has)) return to_python_error();
    return has ? to_python(item) : nullptr;
  }
  generator<T, S> gen;
};

struct Iterator {
  PyObject_HEAD
  iterator_source* source;
};

inline void iterator_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  delete reinterpret_cast<Iterator*>(self)->source;
  PyObject_Free(self);
  Py_DECREF(type);  // instances of heap types own a reference to their type
}

inline PyObject* iterator_self(PyObject* self) { return Py_NewRef(self); }

inline PyObject* iterator_next(PyObject* self) {
  return reinterpret_cast<Iterator*>(self)->source->next();
}

/// The iterator type (a borrowed reference, made once), or nullptr with an error set.
inline PyTypeObject* iterator_type() {
  static PyTypeObject* cached = nullptr;
  if (cached != nullptr) [[likely]] {
    return cached;
  }
  static PyType_Slot slots[] = {
      {Py_tp_dealloc, reinterpret_cast<void*>(&iterator_dealloc)},
      {Py_tp_iter, reinterpret_cast<void*>(&iterator_self)},
      {Py_tp_iternext, reinterpret_cast<void*>(&iterator_next)},
      {Py_tp_doc, const_cast<char*>("A generator of compiled code.")},
      {0, nullptr},
  };
  static PyType_Spec spec = {"pyaot.generator", static_cast<int>(sizeof(Iterator)), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, slots};
  cached = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  return cached;
}

}  // namespace detail

/// A new Python iterator over the generator's items.
template <class T, class S>
PyObject* to_python(const generator<T, S>& value) {
  PyTypeObject* type = detail::iterator_type();
  if (type == nullptr) return nullptr;
  auto* source = new (std::nothrow) detail::generator_source<T, S>(value);
  if (source == nullptr) return PyErr_NoMemory();
  auto* self = PyObject_New(detail::Iterator, type);
  if (self == nullptr) {
    delete source;
    return nullptr;
  }
  self->source = source;
  return reinterpret_cast<PyObject*>(self);
}

}  // namespace pyaot::python
