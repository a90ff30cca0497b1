#pragma once
// str at the CPython boundary: an argument's code points are copied in (widened to UTF-32
// from CPython's 1, 2 or 4 bytes per code point) and the Python str kept by the new box, a
// result is that str again when it came in so, else a new Python str in CPython's narrowest
// layout. Included by convert.hpp.

#include "pyaot/python/common.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>

#include "pyaot/builtins/str.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

namespace detail {

/// A box's origin let go: its reference to the Python str dropped (not once the interpreter
/// is finalized: a string a static holds may outlive it).
inline void drop_str_origin(void* origin) noexcept {
  if (Py_IsInitialized()) Py_DECREF(static_cast<PyObject*>(origin));
}

/// The code points of obj copied into a new string (false with the Python error pending).
inline bool copy_in(PyObject* obj, Py_ssize_t n, str& out) {
  char32_t* chars;
  out = str::with_size(static_cast<std::size_t>(n), chars);
#if defined(Py_LIMITED_API)
  if (PyUnicode_AsUCS4(obj, reinterpret_cast<Py_UCS4*>(chars), n, 0) == nullptr) {
    out = str();
    return false;
  }
#else
  const int kind = PyUnicode_KIND(obj);
  const void* data = PyUnicode_DATA(obj);
  if (kind == PyUnicode_1BYTE_KIND) {
    const auto* p = static_cast<const Py_UCS1*>(data);
    for (Py_ssize_t i = 0; i < n; ++i) chars[i] = p[i];
  } else if (kind == PyUnicode_2BYTE_KIND) {
    const auto* p = static_cast<const Py_UCS2*>(data);
    for (Py_ssize_t i = 0; i < n; ++i) chars[i] = p[i];
  } else {
    std::memcpy(chars, data, static_cast<std::size_t>(n) * sizeof(char32_t));
  }
#endif
  return true;
}

}  // namespace detail

/// An argument's code points copied in; an exact str is also kept by the new box (its
/// origin), so that the string converted back out is that object: an INCREF, where a new
/// object would be made and hashed again (a str subclass is copied only: what comes out is
/// a str, as CPython's methods return). A Latin-1 character is the shared native one.
inline bool from_python(PyObject* obj, str& out, const char* func, const char* param) {
  if (!PyUnicode_Check(obj)) [[unlikely]] {
    return detail::wrong_type(obj, func, param, "str");
  }
#if defined(Py_LIMITED_API)
  const Py_ssize_t n = PyUnicode_GetLength(obj);
#else
  const Py_ssize_t n = PyUnicode_GET_LENGTH(obj);
#endif
  if (n <= 0) {
    out = str();
    return n == 0;
  }
  if (n == 1) {
    const Py_UCS4 c = PyUnicode_ReadChar(obj, 0);
    if (c < 256) {
      out = str::of_char(static_cast<char32_t>(c));
      return true;
    }
  }
  if (!detail::copy_in(obj, n, out)) return false;
  if (PyUnicode_CheckExact(obj)) {
    pyaot::detail::release_str_origin = &detail::drop_str_origin;
    out.box()->origin = Py_NewRef(obj);
  }
  return true;
}

inline PyObject* to_python(const str& value) {
  if (const StrBox* box = value.box(); box != nullptr && box->origin != nullptr) {
    return Py_NewRef(static_cast<PyObject*>(box->origin));
  }
  const std::u32string_view v = value.view();
#if defined(Py_LIMITED_API)
  // the machine's byte order given (0 would drop a leading U+FEFF as a byte order mark);
  // "surrogatepass": a lone surrogate stays one
  int order = std::endian::native == std::endian::little ? -1 : 1;
  return PyUnicode_DecodeUTF32(reinterpret_cast<const char*>(v.data()),
                               static_cast<Py_ssize_t>(v.size() * 4), "surrogatepass", &order);
#else
  // One pass for the narrowest layout (the or of the code points is below 128, 256 or 65536
  // when their maximum is), then the new string filled in place; one code point through
  // PyUnicode_FromOrdinal, which shares CPython's Latin-1 strings.
  const auto n = static_cast<Py_ssize_t>(v.size());
  if (n == 1) return PyUnicode_FromOrdinal(static_cast<int>(v[0]));
  std::uint32_t high = 0;
  for (char32_t c : v) high |= static_cast<std::uint32_t>(c);
  PyObject* out = PyUnicode_New(n, high > 0xFFFF ? 0x10FFFF : static_cast<Py_UCS4>(high));
  if (out == nullptr) return nullptr;
  if (high < 256) {
    Py_UCS1* p = PyUnicode_1BYTE_DATA(out);
    for (Py_ssize_t i = 0; i < n; ++i) p[i] = static_cast<Py_UCS1>(v[static_cast<std::size_t>(i)]);
  } else if (high < 0x10000) {
    Py_UCS2* p = PyUnicode_2BYTE_DATA(out);
    for (Py_ssize_t i = 0; i < n; ++i) p[i] = static_cast<Py_UCS2>(v[static_cast<std::size_t>(i)]);
  } else {
    std::memcpy(PyUnicode_4BYTE_DATA(out), v.data(), v.size() * sizeof(char32_t));
  }
  return out;
#endif
}

}  // namespace pyaot::python
