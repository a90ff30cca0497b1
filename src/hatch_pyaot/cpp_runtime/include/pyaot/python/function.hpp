// The Python object of a compiled function: called through vectorcall, as a builtin function
// is, but with a __dict__.
#pragma once
//
// A builtin function (PyCFunction) takes no attributes, so the loader could not give the
// native function what it replaces: __wrapped__ (inspect.signature then shows the annotated
// signature), __annotations__ (typing.get_type_hints) and py_func (the Python version, as
// Numba has it). A Python-level wrapper would cost a Python frame per call. The generated
// entry points are vectorcall functions: each object calls its own straight from
// vectorcall, with no trampoline in between, and keeps everything else in its dict:
// __name__, __qualname__, __module__, __doc__, __text_signature__, and what the loader adds.
// Under the stable ABI of 3.11 (abi3 wheels for 3.11) a call comes through tp_call, which
// lays the argument tuple and keyword dict out as a vector for the same entry point.

#include "pyaot/python/common.hpp"

#include <structmember.h>

#include <cstddef>
#include <cstring>

namespace pyaot::python {

/// The ml_flags of a generated entry point in its PyMethodDef table: its ml_meth is a
/// vectorcall function, which only add_functions calls (the table is never given to CPython).
inline constexpr int VECTORCALL = 0;

/// CPython's vectorcallfunc, spelled out: the stable ABI of 3.11 does not declare it.
using EntryPoint = PyObject* (*)(PyObject*, PyObject* const*, size_t, PyObject*);

struct Function {
  PyObject_HEAD
  EntryPoint vectorcall;  ///< the entry point
  PyObject* module;  ///< __self__, as for a builtin function of a module
  PyObject* dict;
  PyObject* weakrefs;
};

namespace detail {

inline int function_traverse(PyObject* self, visitproc visit, void* arg) {
  Function* f = reinterpret_cast<Function*>(self);
  Py_VISIT(Py_TYPE(self));
  Py_VISIT(f->module);
  Py_VISIT(f->dict);
  return 0;
}

inline int function_clear(PyObject* self) {
  Function* f = reinterpret_cast<Function*>(self);
  Py_CLEAR(f->module);
  Py_CLEAR(f->dict);
  return 0;
}

inline void function_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  if (reinterpret_cast<Function*>(self)->weakrefs != nullptr) PyObject_ClearWeakRefs(self);
  function_clear(self);
  PyObject_GC_Del(self);
  Py_DECREF(type);
}

/// The dict's entry ``key`` as a new reference, or nullptr (no error set) when absent.
inline PyObject* function_attribute(PyObject* self, const char* key) {
  PyObject* dict = reinterpret_cast<Function*>(self)->dict;
  PyObject* value = dict != nullptr ? PyDict_GetItemString(dict, key) : nullptr;
  Py_XINCREF(value);
  return value;
}

inline PyObject* function_repr(PyObject* self) {
  PyObject* name = function_attribute(self, "__qualname__");
  if (name == nullptr) return PyUnicode_FromString("<compiled function>");
  PyObject* repr = PyUnicode_FromFormat("<compiled function %S>", name);
  Py_DECREF(name);
  return repr;
}

/// Pickled by reference, as a builtin function of a module is: ``__module__.__qualname__``
/// is the compiled function itself once the loader has swapped it in.
inline PyObject* function_reduce(PyObject* self, PyObject*) {
  PyObject* name = function_attribute(self, "__qualname__");
  if (name == nullptr) PyErr_SetString(PyExc_TypeError, "cannot pickle a compiled function "
                                       "without __qualname__");
  return name;
}

#if defined(PYAOT_NO_VECTORCALL)
/// tp_call: the positional arguments, then the keyword arguments' values, in one vector
/// with the keywords' names in a tuple, as vectorcall passes them.
inline PyObject* function_call(PyObject* self, PyObject* args, PyObject* kwargs) {
  const Py_ssize_t nargs = PyTuple_Size(args);
  const Py_ssize_t nkw = kwargs != nullptr ? PyDict_Size(kwargs) : 0;
  if (nargs < 0 || nkw < 0) return nullptr;
  PyObject* small[8];
  PyObject** stack = small;
  if (nargs + nkw > 8) {
    stack = static_cast<PyObject**>(PyMem_Malloc(sizeof(PyObject*) * (nargs + nkw)));
    if (stack == nullptr) return PyErr_NoMemory();
  }
  for (Py_ssize_t i = 0; i < nargs; ++i) stack[i] = PyTuple_GetItem(args, i);
  PyObject* kwnames = nullptr;
  if (nkw > 0) kwnames = PyTuple_New(nkw);
  if (nkw == 0 || kwnames != nullptr) {
    Py_ssize_t pos = 0;
    Py_ssize_t j = 0;
    PyObject* key;
    PyObject* value;
    while (kwnames != nullptr && PyDict_Next(kwargs, &pos, &key, &value)) {
      PyTuple_SetItem(kwnames, j, Py_NewRef(key));
      stack[nargs + j++] = value;
    }
  }
  PyObject* result = nkw > 0 && kwnames == nullptr
      ? nullptr
      : reinterpret_cast<Function*>(self)->vectorcall(self, stack, static_cast<size_t>(nargs),
                                                      kwnames);
  Py_XDECREF(kwnames);
  if (stack != small) PyMem_Free(stack);
  return result;
}
#endif

inline PyMethodDef function_methods[] = {
    {"__reduce__", function_reduce, METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

inline PyMemberDef function_members[] = {
    {"__self__", T_OBJECT, offsetof(Function, module), READONLY, nullptr},
#if !defined(PYAOT_NO_VECTORCALL)
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(Function, vectorcall), READONLY, nullptr},
#endif
    {"__dictoffset__", T_PYSSIZET, offsetof(Function, dict), READONLY, nullptr},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(Function, weakrefs), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr},
};

inline PyGetSetDef function_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, nullptr, nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

/// The type, made once per native module (a borrowed reference; nullptr with an error set).
inline PyTypeObject* function_type() {
  static PyObject* type = nullptr;
  if (type != nullptr) return reinterpret_cast<PyTypeObject*>(type);
  static PyType_Slot slots[] = {
#if defined(PYAOT_NO_VECTORCALL)
      {Py_tp_call, reinterpret_cast<void*>(function_call)},
#else
      {Py_tp_call, reinterpret_cast<void*>(PyVectorcall_Call)},
#endif
      {Py_tp_repr, reinterpret_cast<void*>(function_repr)},
      {Py_tp_traverse, reinterpret_cast<void*>(function_traverse)},
      {Py_tp_clear, reinterpret_cast<void*>(function_clear)},
      {Py_tp_dealloc, reinterpret_cast<void*>(function_dealloc)},
      {Py_tp_methods, function_methods},
      {Py_tp_members, function_members},
      {Py_tp_getset, function_getset},
      {0, nullptr},
  };
  static PyType_Spec spec = {
      "hatch_pyaot.compiled_function", sizeof(Function), 0,
      Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_DISALLOW_INSTANTIATION
#if !defined(PYAOT_NO_VECTORCALL)
          | Py_TPFLAGS_HAVE_VECTORCALL
#endif
      ,
      slots,
  };
  type = PyType_FromSpec(&spec);
  return reinterpret_cast<PyTypeObject*>(type);
}

/// Puts ``value`` (a new reference, nullptr = failed) into ``dict`` under ``key``.
inline bool put(PyObject* dict, const char* key, PyObject* value) {
  if (value == nullptr) return false;
  const bool ok = PyDict_SetItemString(dict, key, value) == 0;
  Py_DECREF(value);
  return ok;
}

/// The dict of a new compiled function: its names, and its doc split as CPython splits a
/// builtin's (``name(signature)\n--\n\n`` first, then the docstring).
inline PyObject* function_dict(const PyMethodDef& def, PyObject* module_name) {
  PyObject* dict = PyDict_New();
  if (dict == nullptr) return nullptr;
  const char* doc = def.ml_doc != nullptr ? def.ml_doc : "";
  const char* open = std::strchr(doc, '(');
  const char* end = std::strstr(doc, ")\n--\n\n");
  PyObject* text_signature = nullptr;
  if (open != nullptr && end != nullptr && open < end) {
    text_signature = PyUnicode_FromStringAndSize(open, end + 1 - open);
    doc = end + 6;
  }
  if (text_signature == nullptr) text_signature = Py_NewRef(Py_None);
  PyObject* docstring = *doc != '\0' ? PyUnicode_FromString(doc) : Py_NewRef(Py_None);
  Py_INCREF(module_name);
  if (put(dict, "__name__", PyUnicode_FromString(def.ml_name)) &&
      put(dict, "__qualname__", PyUnicode_FromString(def.ml_name)) &&
      put(dict, "__module__", module_name) && put(dict, "__doc__", docstring) &&
      put(dict, "__text_signature__", text_signature)) {
    return dict;
  }
  Py_DECREF(dict);
  return nullptr;
}

}  // namespace detail

/// Adds one compiled function per entry of ``defs`` (ending with a null entry) to
/// ``module``, named as the Python module ``module_name`` they replace.
inline bool add_functions(PyObject* module, const PyMethodDef* defs, const char* module_name) {
  PyTypeObject* type = detail::function_type();
  if (type == nullptr) return false;
  PyObject* name = PyUnicode_FromString(module_name);
  if (name == nullptr) return false;
  bool ok = true;
  for (const PyMethodDef* def = defs; ok && def->ml_name != nullptr; ++def) {
    Function* f = PyObject_GC_New(Function, type);
    if (f == nullptr) {
      ok = false;
      break;
    }
    f->vectorcall = reinterpret_cast<EntryPoint>(reinterpret_cast<void (*)(void)>(
        def->ml_meth));
    Py_INCREF(module);
    f->module = module;
    f->weakrefs = nullptr;
    f->dict = detail::function_dict(*def, name);
    PyObject_GC_Track(f);
    PyObject* object = reinterpret_cast<PyObject*>(f);
    ok = f->dict != nullptr && PyModule_AddObjectRef(module, def->ml_name, object) == 0;
    Py_DECREF(object);
  }
  Py_DECREF(name);
  return ok;
}

}  // namespace pyaot::python
