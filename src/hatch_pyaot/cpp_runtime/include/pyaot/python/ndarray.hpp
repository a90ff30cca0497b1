#pragma once
// numpy arrays across the CPython boundary, zero-copy both ways, without numpy's C headers
// (the build machine may not have numpy): arguments are read through the buffer protocol,
// results are made through numpy's C API table (PyArray_NewFromDescr, found at run time in
// numpy's `_ARRAY_API` capsule), or, where that table is not found, by calling
// numpy.ndarray(shape, dtype, buffer, offset, strides).
//
// An argument's Storage holds a strong reference to the numpy array, dropped with Py_DECREF
// when the last handle goes (compiled code holds the GIL). A result that is exactly an
// argument (same data, shape, strides and dtype) is that argument object, as `return x` is in
// Python. Any other result is a new numpy array whose base is an ArrayBuffer: a small object
// that holds the Storage and exports the bytes the view spans, read-only when the storage is.
//
// numpy.ndarray and the ArrayBuffer type are looked up or made once per extension module and
// kept until the process ends.

#include "pyaot/python/common.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <new>
#include <string>

#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::python {

namespace detail {

/// What an array parameter accepts: numpy::dtype_traits of its element type, and its rank.
struct ArraySpec {
  char kind;  ///< numpy's dtype.kind: 'b' bool, 'i' signed, 'u' unsigned, 'f' float, 'c'
  int itemsize;
  int alignment;
  const char* dtype_name;
  int ndim;
};

template <class T, int N>
inline constexpr ArraySpec array_spec{numpy::dtype_traits<T>::kind,
                                      numpy::dtype_traits<T>::itemsize, alignof(T),
                                      numpy::dtype_traits<T>::name, N};

/// numpy.ndarray (a borrowed reference, cached), or nullptr, possibly with an error set.
/// With import == false numpy is not imported: before it is, no object is an array.
inline PyObject* numpy_ndarray_type(bool import) {
  static PyObject* cached = nullptr;
  if (cached != nullptr) [[likely]] {
    return cached;
  }
  PyObject* numpy = nullptr;
  if (import) {
    numpy = PyImport_ImportModule("numpy");
  } else {
    PyObject* name = PyUnicode_FromString("numpy");
    if (name == nullptr) return nullptr;
    numpy = PyImport_GetModule(name);
    Py_DECREF(name);
  }
  if (numpy == nullptr) return nullptr;
  cached = PyObject_GetAttrString(numpy, "ndarray");
  Py_DECREF(numpy);
  return cached;
}

/// The dtype kind of a struct-module buffer format ("d", "<q", "=?", "Zd"), 0 when unsupported
/// (half 'e', long double 'g' and 'Zg', object 'O', records, strings). The size comes
/// from the buffer's itemsize ('l' is 8 bytes natively on Linux, 4 on Windows and with a
/// byte-order prefix). `native` is false for a multi-byte item in the other byte order.
inline char format_kind(const char* format, Py_ssize_t itemsize, bool& native) {
  native = true;
  if (format == nullptr) return 'u';  // PEP 3118: no format means unsigned bytes
  char order = '@';
  if (*format == '@' || *format == '=' || *format == '<' || *format == '>' || *format == '!') {
    order = *format++;
  }
  char kind = 0;
  if (format[0] == 'Z' && (format[1] == 'f' || format[1] == 'd') && format[2] == '\0') {
    kind = 'c';  // complex64 "Zf", complex128 "Zd"
  } else if (format[0] == '\0' || format[1] != '\0') {
    return 0;
  }
  switch (kind == 'c' ? 'c' : format[0]) {
    case 'c': break;
    case '?': kind = 'b'; break;
    case 'b': case 'h': case 'i': case 'l': case 'q': kind = 'i'; break;
    case 'B': case 'H': case 'I': case 'L': case 'Q': kind = 'u'; break;
    case 'f': case 'd': kind = 'f'; break;
    default: return 0;
  }
  if (itemsize > 1) {
    constexpr bool little = std::endian::native == std::endian::little;
    if (order == '<') native = little;
    if (order == '>' || order == '!') native = !little;
  }
  return kind;
}

/// str(obj.dtype) and obj.ndim of an array, for messages: "int32 array of rank 1".
inline std::string describe_array(PyObject* obj) {
  std::string dtype = "?";
  long ndim = -1;
  if (PyObject* value = PyObject_GetAttrString(obj, "dtype")) {
    if (PyObject* text = PyObject_Str(value)) {
      if (const char* utf8 = PyUnicode_AsUTF8AndSize(text, nullptr)) dtype = utf8;
      Py_DECREF(text);
    }
    Py_DECREF(value);
  }
  if (PyObject* value = PyObject_GetAttrString(obj, "ndim")) {
    ndim = PyLong_AsLong(value);
    Py_DECREF(value);
  }
  PyErr_Clear();
  return dtype + " array of rank " + std::to_string(ndim);
}

/// "a float64", "an int8".
inline std::string with_article(const char* dtype_name) {
  return std::string(dtype_name[0] == 'i' ? "an " : "a ") + dtype_name;
}

/// TypeError: "f() argument 'x' must be a float64 array of rank 2, not int32 array of rank 1"
/// (or "..., not list" for what is not an array).
[[gnu::cold]] inline bool wrong_array(PyObject* obj, bool is_array, const ArraySpec& want,
                                      const char* func, const char* param,
                                      const char* note = "") {
  const std::string got = is_array ? describe_array(obj) + note : type_name(obj);
  const std::string expected = with_article(want.dtype_name);
  PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be %s array of rank %d, not %s", func,
               param, expected.c_str(), want.ndim, got.c_str());
  return false;
}

[[gnu::cold]] inline bool not_native(PyObject* obj, const ArraySpec& want, const char* func,
                                     const char* param) {
  const std::string got = describe_array(obj);
  const std::string expected = with_article(want.dtype_name);
  PyErr_Format(PyExc_TypeError,
               "%s() argument '%s' must be %s array in native byte order, not %s (byte-swapped)",
               func, param, expected.c_str(), got.c_str());
  return false;
}

[[gnu::cold]] inline bool misaligned(const ArraySpec& want, const char* func,
                                     const char* param) {
  PyErr_Format(PyExc_ValueError,
               "%s() argument '%s' must be an aligned array: its data address or strides are "
               "not multiples of the %s itemsize (%d bytes)",
               func, param, want.dtype_name, want.itemsize);
  return false;
}

/// Whether axis `axis` of a buffer moves through memory (its stride matters).
inline bool stride_matters(const Py_buffer& view, int axis) {
  if (view.shape[axis] <= 1) return false;
  for (int k = 0; k < view.ndim; ++k) {
    if (view.shape[k] == 0) return false;
  }
  return true;
}

/// A buffer's shape and strides in elements; false when the data address or a stride that
/// matters is not aligned. A stride that does not matter is kept, or made 0 if unaligned.
inline bool element_layout(const Py_buffer& view, const ArraySpec& want, std::int64_t* shape,
                           std::int64_t* strides) {
  bool empty = false;
  for (int axis = 0; axis < view.ndim; ++axis) {
    shape[axis] = view.shape[axis];
    empty = empty || view.shape[axis] == 0;
  }
  if (!empty && reinterpret_cast<std::uintptr_t>(view.buf) % want.alignment != 0) return false;
  for (int axis = 0; axis < view.ndim; ++axis) {
    const Py_ssize_t stride = view.strides[axis];
    if (stride % want.itemsize == 0) {
      strides[axis] = stride / want.itemsize;
    } else if (!stride_matters(view, axis)) {
      strides[axis] = 0;
    } else {
      return false;
    }
  }
  return true;
}

/// Storage owned by a Python object: drops it.
inline void release_owner(numpy::Storage* storage) noexcept {
  PyObject* owner = static_cast<PyObject*>(storage->owner);
  delete storage;
  Py_DECREF(owner);
}

/// A numpy array argument's layout and a new Storage (refcount 1) that holds a reference to
/// it; false with a TypeError or ValueError naming func and param.
inline bool borrow_array(PyObject* obj, const ArraySpec& want, numpy::Storage*& storage,
                         void*& data, std::int64_t* shape, std::int64_t* strides,
                         const char* func, const char* param) {
  PyObject* ndarray = numpy_ndarray_type(false);
  if (ndarray == nullptr || !PyObject_TypeCheck(obj, reinterpret_cast<PyTypeObject*>(ndarray)))
      [[unlikely]] {
    PyErr_Clear();
    return wrong_array(obj, false, want, func, param);
  }
  Py_buffer view;
  if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO) != 0) [[unlikely]] {
    PyErr_Clear();  // numpy exports no buffer for datetime64 and some other dtypes
    return wrong_array(obj, true, want, func, param, " (unsupported dtype)");
  }
  bool native = true;
  const char kind = format_kind(view.format, view.itemsize, native);
  if (kind != want.kind || view.itemsize != want.itemsize || view.ndim != want.ndim)
      [[unlikely]] {
    PyBuffer_Release(&view);
    return wrong_array(obj, true, want, func, param, kind == 0 ? " (unsupported dtype)" : "");
  }
  if (!native) [[unlikely]] {
    PyBuffer_Release(&view);
    return not_native(obj, want, func, param);
  }
  const bool aligned = element_layout(view, want, shape, strides);
  data = view.buf;
  const bool writeable = !view.readonly;
  PyBuffer_Release(&view);
  if (!aligned) [[unlikely]] {
    return misaligned(want, func, param);
  }
  storage = new (std::nothrow) numpy::Storage{1, data, writeable, &release_owner, obj};
  if (storage == nullptr) [[unlikely]] {
    PyErr_NoMemory();
    return false;
  }
  Py_INCREF(obj);
  return true;
}

/// Whether a view is exactly the Python array `owner` (data, dtype, shape, strides).
inline bool is_whole_owner(PyObject* owner, const ArraySpec& spec, const void* data,
                           const std::int64_t* shape, const std::int64_t* strides) {
  Py_buffer view;
  if (PyObject_GetBuffer(owner, &view, PyBUF_RECORDS_RO) != 0) {
    PyErr_Clear();
    return false;
  }
  bool native = true;
  bool same = view.buf == data && view.ndim == spec.ndim && view.itemsize == spec.itemsize &&
              format_kind(view.format, view.itemsize, native) == spec.kind && native;
  for (int axis = 0; same && axis < view.ndim; ++axis) {
    same = view.shape[axis] == shape[axis] &&
           (view.strides[axis] == strides[axis] * spec.itemsize || !stride_matters(view, axis));
  }
  PyBuffer_Release(&view);
  return same;
}

/// The object a result array's numpy array keeps as its base: holds a Storage reference and
/// exports `length` bytes from `start` (read-only when the storage is).
struct ArrayBuffer {
  PyObject_HEAD
  numpy::Storage* storage;
  void* start;
  Py_ssize_t length;
};

inline void array_buffer_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  numpy::decref(reinterpret_cast<ArrayBuffer*>(self)->storage);
  PyObject_Free(self);
  Py_DECREF(type);  // instances of heap types own a reference to their type
}

inline int array_buffer_getbuffer(PyObject* self, Py_buffer* view, int flags) {
  const auto* buffer = reinterpret_cast<ArrayBuffer*>(self);
  return PyBuffer_FillInfo(view, self, buffer->start, buffer->length,
                           buffer->storage->writeable ? 0 : 1, flags);
}

/// The ArrayBuffer type (a borrowed reference, made once), or nullptr with an error set.
inline PyTypeObject* array_buffer_type() {
  static PyTypeObject* cached = nullptr;
  if (cached != nullptr) [[likely]] {
    return cached;
  }
  static PyType_Slot slots[] = {
      {Py_tp_dealloc, reinterpret_cast<void*>(&array_buffer_dealloc)},
      {Py_bf_getbuffer, reinterpret_cast<void*>(&array_buffer_getbuffer)},
      {Py_tp_doc, const_cast<char*>("The bytes of an array made by compiled code.")},
      {0, nullptr},
  };
  static PyType_Spec spec = {"pyaot.ArrayBuffer", static_cast<int>(sizeof(ArrayBuffer)), 0,
                             Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, slots};
  cached = reinterpret_cast<PyTypeObject*>(PyType_FromSpec(&spec));
  return cached;
}

/// A tuple of Py_ssize_t: the shape, or the strides times `scale` (bytes).
inline PyObject* ssize_tuple(const std::int64_t* values, int n, std::int64_t scale) {
  PyObject* tuple = PyTuple_New(n);
  if (tuple == nullptr) return nullptr;
  for (int k = 0; k < n; ++k) {
    PyObject* item = PyLong_FromSsize_t(static_cast<Py_ssize_t>(values[k] * scale));
    if (item == nullptr || PyTuple_SetItem(tuple, k, item) != 0) {
      Py_DECREF(tuple);
      return nullptr;
    }
  }
  return tuple;
}

/// numpy's C API table (the `_ARRAY_API` capsule of numpy's core module), found without
/// numpy's headers; nullptr when it is not there or does not look like the numpy imported
/// (then results go through the numpy.ndarray(...) constructor). Only the slots that numpy 1
/// and 2 share are used: PyArray_Type (2), PyArray_DescrFromType (45), PyArray_NewFromDescr
/// (94) and PyArray_SetBaseObject (282). Cached for the process, as numpy_ndarray_type is.
inline void** numpy_c_api() {
  static void** table = nullptr;
  static bool tried = false;
  if (tried) [[likely]] return table;
  tried = true;
  PyObject* ndarray = numpy_ndarray_type(true);
  if (ndarray == nullptr) {
    PyErr_Clear();
    return nullptr;
  }
  for (const char* name : {"numpy._core._multiarray_umath", "numpy.core._multiarray_umath"}) {
    PyObject* core = PyImport_ImportModule(name);
    if (core == nullptr) {
      PyErr_Clear();
      continue;
    }
    PyObject* capsule = PyObject_GetAttrString(core, "_ARRAY_API");
    Py_DECREF(core);
    if (capsule == nullptr || !PyCapsule_CheckExact(capsule)) {
      PyErr_Clear();
      Py_XDECREF(capsule);
      continue;
    }
    auto** api = static_cast<void**>(PyCapsule_GetPointer(capsule, nullptr));
    // the capsule is kept (never released): the table lives as long as numpy
    if (api == nullptr) PyErr_Clear();
    if (api != nullptr && api[2] == static_cast<void*>(ndarray)) table = api;
    break;
  }
  return table;
}

/// numpy's type number of an element type (NPY_BOOL ... NPY_CDOUBLE); int64 is NPY_LONG where
/// a C long has 64 bits (Linux, macOS), NPY_LONGLONG elsewhere (Windows); -1 when none.
inline int numpy_type_number(const ArraySpec& spec) {
  constexpr bool long64 = sizeof(long) == 8;
  switch (spec.kind) {
    case 'b': return 0;
    case 'i': return spec.itemsize == 1 ? 1 : spec.itemsize == 2 ? 3 : spec.itemsize == 4 ? 5
                     : long64 ? 7 : 9;
    case 'u': return spec.itemsize == 1 ? 2 : spec.itemsize == 2 ? 4 : spec.itemsize == 4 ? 6
                     : long64 ? 8 : 10;
    case 'f': return spec.itemsize == 4 ? 11 : spec.itemsize == 8 ? 12 : -1;
    case 'c': return spec.itemsize == 8 ? 14 : spec.itemsize == 16 ? 15 : -1;
    default: return -1;
  }
}

/// The new array through numpy's C API: no Python-level call, no tuples (the cost of a
/// result drops from ~0.6 us to ~0.1 us); its base is `buffer` (a reference stolen).
inline PyObject* array_from_c_api(void** api, ArrayBuffer* buffer, void* data,
                                  const std::int64_t* shape, const std::int64_t* strides,
                                  const ArraySpec& spec, bool writeable) {
  using DescrFromType = PyObject* (*)(int);
  using NewFromDescr = PyObject* (*)(PyTypeObject*, PyObject*, int, const Py_ssize_t*,
                                     const Py_ssize_t*, void*, int, PyObject*);
  using SetBaseObject = int (*)(PyObject*, PyObject*);
  constexpr int kAligned = 0x0100;    // NPY_ARRAY_ALIGNED
  constexpr int kWriteable = 0x0400;  // NPY_ARRAY_WRITEABLE
  std::array<Py_ssize_t, 64> dims;  // numpy's NPY_MAXDIMS; only spec.ndim are read
  std::array<Py_ssize_t, 64> byte_strides;
  for (int axis = 0; axis < spec.ndim; ++axis) {
    dims[axis] = static_cast<Py_ssize_t>(shape[axis]);
    byte_strides[axis] = static_cast<Py_ssize_t>(strides[axis] * spec.itemsize);
  }
  PyObject* descr = reinterpret_cast<DescrFromType>(api[45])(numpy_type_number(spec));
  if (descr == nullptr) {
    Py_DECREF(reinterpret_cast<PyObject*>(buffer));
    return nullptr;
  }
  PyObject* result = reinterpret_cast<NewFromDescr>(api[94])(
      static_cast<PyTypeObject*>(api[2]), descr, spec.ndim, dims.data(), byte_strides.data(),
      data, kAligned | (writeable ? kWriteable : 0), nullptr);  // steals descr
  if (result == nullptr) {
    Py_DECREF(reinterpret_cast<PyObject*>(buffer));
    return nullptr;
  }
  if (reinterpret_cast<SetBaseObject>(api[282])(result, reinterpret_cast<PyObject*>(buffer)) <
      0) {  // steals buffer, also on failure
    Py_DECREF(result);
    return nullptr;
  }
  return result;
}

/// A new numpy array viewing `storage` (see the top of this header); nullptr with a Python
/// error on failure.
inline PyObject* array_to_python(numpy::Storage* storage, void* data, const std::int64_t* shape,
                                 const std::int64_t* strides, const ArraySpec& spec) {
  if (storage == nullptr) [[unlikely]] {
    PyErr_SetString(PyExc_SystemError, "pyaot: an array result has no storage");
    return nullptr;
  }
  if (storage->release == &release_owner) {
    PyObject* owner = static_cast<PyObject*>(storage->owner);
    if (is_whole_owner(owner, spec, data, shape, strides)) return Py_NewRef(owner);
  }
  PyObject* ndarray = numpy_ndarray_type(true);
  PyTypeObject* buffer_type = array_buffer_type();
  if (ndarray == nullptr || buffer_type == nullptr) return nullptr;
  // the bytes the view spans: elements low..high relative to data; none when it is empty
  std::int64_t low = 0;
  std::int64_t high = 0;
  bool empty = false;
  for (int axis = 0; axis < spec.ndim; ++axis) {
    empty = empty || shape[axis] == 0;
    const std::int64_t reach = (shape[axis] - 1) * strides[axis];
    (reach < 0 ? low : high) += reach;
  }
  char* start = static_cast<char*>(data);
  Py_ssize_t length = 0;
  Py_ssize_t offset_bytes = 0;
  if (!empty) {
    start += low * spec.itemsize;
    length = static_cast<Py_ssize_t>((high - low + 1) * spec.itemsize);
    offset_bytes = static_cast<Py_ssize_t>(-low * spec.itemsize);
  }
  ArrayBuffer* buffer = PyObject_New(ArrayBuffer, buffer_type);
  if (buffer == nullptr) return nullptr;
  numpy::incref(storage);
  buffer->storage = storage;
  buffer->start = start;
  buffer->length = length;
  if (void** api = numpy_c_api(); api != nullptr && numpy_type_number(spec) >= 0) [[likely]] {
    return array_from_c_api(api, buffer, data, shape, strides, spec, storage->writeable);
  }
  PyObject* shape_tuple = ssize_tuple(shape, spec.ndim, 1);
  PyObject* strides_tuple = ssize_tuple(strides, spec.ndim, spec.itemsize);
  PyObject* dtype = PyUnicode_FromString(spec.dtype_name);
  PyObject* offset = PyLong_FromSsize_t(offset_bytes);
  PyObject* result = nullptr;
  if (shape_tuple != nullptr && strides_tuple != nullptr && dtype != nullptr &&
      offset != nullptr) {
    PyObject* args = PyTuple_Pack(5, shape_tuple, dtype, reinterpret_cast<PyObject*>(buffer),
                                  offset, strides_tuple);
    if (args != nullptr) {
      result = PyObject_Call(ndarray, args, nullptr);
      Py_DECREF(args);
    }
  }
  Py_XDECREF(shape_tuple);
  Py_XDECREF(strides_tuple);
  Py_XDECREF(dtype);
  Py_XDECREF(offset);
  Py_DECREF(reinterpret_cast<PyObject*>(buffer));
  return result;
}

}  // namespace detail

/// numpy.ndarray of T and rank N (subclasses too), zero-copy: the array stays alive while the
/// handle does. TypeError for another dtype, rank or type, a byte-swapped or unsupported
/// dtype; ValueError for a misaligned array. Messages name func and param.
template <class T, int N>
bool from_python(PyObject* obj, numpy::ndarray<T, N>& out, const char* func, const char* param) {
  numpy::Storage* storage = nullptr;
  void* data = nullptr;
  std::array<std::int64_t, N> shape{};
  std::array<std::int64_t, N> strides{};
  if (!detail::borrow_array(obj, detail::array_spec<T, N>, storage, data, shape.data(),
                            strides.data(), func, param)) [[unlikely]] {
    return false;
  }
  out = numpy::ndarray<T, N>(static_cast<T*>(data), shape, strides, storage);
  numpy::decref(storage);
  return true;
}

/// A numpy array sharing a's elements (a new reference; nullptr with a Python error): the
/// argument object itself when a is exactly that argument.
template <class T, int N>
PyObject* to_python(const numpy::ndarray<T, N>& a) {
  return detail::array_to_python(a.storage, a.data, a.shape.data(), a.strides.data(),
                                 detail::array_spec<T, N>);
}

}  // namespace pyaot::python
