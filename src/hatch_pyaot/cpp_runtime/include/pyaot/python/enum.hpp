#pragma once
// Enum members at the CPython boundary (pyaot/enum.hpp): a member passed in is read by its
// `_name_`; one returned is the user's own member, `getattr(Color, name)`. The enum class is
// found by name in its module on first use, as a class's is (pyaot/python/object.hpp).

#include "pyaot/python/common.hpp"

#include <cstring>

#include "pyaot/enum.hpp"
#include "pyaot/python/convert.hpp"
#include "pyaot/python/object.hpp"

namespace pyaot::python {

namespace detail {

template <class Tag>
PyObject* enum_class() {
  static PyObject* found = nullptr;  // a strong reference, kept
  if (found == nullptr) found = find_class(Tag::module, Tag::name);
  return found;
}

}  // namespace detail

template <class Tag>
bool from_python(PyObject* obj, enum_member<Tag>& out, const char* func, const char* param) {
  PyObject* cls = detail::enum_class<Tag>();
  if (cls == nullptr) return false;
  const int is = PyObject_IsInstance(obj, cls);
  if (is < 0) return false;
  if (is == 0) return detail::wrong_type(obj, func, param, Tag::name);
  PyObject* name = PyObject_GetAttrString(obj, "_name_");
  if (name == nullptr) return false;
  const char* text = PyUnicode_AsUTF8AndSize(name, nullptr);
  int found = -1;
  for (int i = 0; text != nullptr && i < Tag::count; ++i) {
    if (std::strcmp(text, Tag::names[i]) == 0) found = i;
  }
  Py_DECREF(name);
  if (text == nullptr) return false;
  if (found < 0) return detail::wrong_type(obj, func, param, Tag::name);
  out.v = Tag::codes[found];
  return true;
}

template <class Tag>
PyObject* to_python(enum_member<Tag> value) {
  PyObject* cls = detail::enum_class<Tag>();
  if (cls == nullptr) return nullptr;
  return PyObject_GetAttrString(cls, Tag::names[enum_position(value)]);
}

}  // namespace pyaot::python
