#pragma once
// Binding of METH_FASTCALL | METH_KEYWORDS arguments to a compiled function's parameters,
// with CPython's TypeError messages for a Python function of the same signature.

#include "pyaot/python/common.hpp"

#include <cstring>
#include <string>

namespace pyaot::python {

namespace detail {

[[gnu::cold]] inline bool too_many_positional(const char* func, Py_ssize_t nparams,
                                              Py_ssize_t nrequired, Py_ssize_t given,
                                              Py_ssize_t kwonly_given = 0) {
  std::string takes;
  bool plural;
  if (nrequired < nparams) {
    takes = "from " + std::to_string(nrequired) + " to " + std::to_string(nparams);
    plural = true;
  } else {
    takes = std::to_string(nparams);
    plural = nparams != 1;
  }
  std::string kwonly;  // CPython names the keyword-only arguments given too
  if (kwonly_given > 0) {
    kwonly = std::string(" positional argument") + (given != 1 ? "s" : "") + " (and " +
             std::to_string(kwonly_given) + " keyword-only argument" +
             (kwonly_given != 1 ? "s" : "") + ")";
  }
  PyErr_Format(PyExc_TypeError, "%s() takes %s positional argument%s but %zd%s %s given", func,
               takes.c_str(), plural ? "s" : "", given, kwonly.c_str(),
               given == 1 && kwonly_given == 0 ? "was" : "were");
  return false;
}

/// The TypeError for the required parameters in [from, to) that no argument filled (all of
/// them required, or those `required` marks): "missing 2 required <kind> arguments: 'a' and
/// 'b'", as CPython lists them ('a'; 'a' and 'b'; 'a', 'b', and 'c').
[[gnu::cold]] inline bool missing(const char* func, const char* kind, const char* const* names,
                                  PyObject** slots, Py_ssize_t from, Py_ssize_t to,
                                  const bool* required = nullptr) {
  auto absent = [&](Py_ssize_t i) {
    return slots[i] == nullptr && (required == nullptr || required[i - from]);
  };
  Py_ssize_t total = 0;
  for (Py_ssize_t i = from; i < to; ++i) total += absent(i) ? 1 : 0;
  std::string list;
  Py_ssize_t seen = 0;
  for (Py_ssize_t i = from; i < to; ++i) {
    if (!absent(i)) continue;
    ++seen;
    if (seen > 1) list += total == 2 ? " and " : seen == total ? ", and " : ", ";
    list += "'";
    list += names[i];
    list += "'";
  }
  PyErr_Format(PyExc_TypeError, "%s() missing %zd required %s argument%s: %s", func, total,
               kind, total == 1 ? "" : "s", list.c_str());
  return false;
}

}  // namespace detail

/// Fills slots[0..nparams) with the arguments (borrowed references; nullptr = not given, the
/// caller uses the default). TypeError like CPython's for an unexpected or repeated keyword,
/// too many positional arguments, or a missing required one (the first nrequired).
/// nargs is a METH_FASTCALL count (never carries PY_VECTORCALL_ARGUMENTS_OFFSET). The
/// parameters from `npositional_params` on (when given) are keyword-only: no positional
/// argument fills them.
inline bool bind_arguments(PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames,
                           const char* func, const char* const* names, Py_ssize_t nparams,
                           Py_ssize_t nrequired, PyObject** slots,
                           Py_ssize_t npositional_params = -1) {
  const Py_ssize_t nfill = npositional_params < 0 ? nparams : npositional_params;
  const Py_ssize_t npositional = nargs < nfill ? nargs : nfill;
  for (Py_ssize_t i = 0; i < npositional; ++i) slots[i] = args[i];
  for (Py_ssize_t i = npositional; i < nparams; ++i) slots[i] = nullptr;
  if (kwnames != nullptr) {
    const Py_ssize_t nkw = PyTuple_Size(kwnames);
    for (Py_ssize_t k = 0; k < nkw; ++k) {
      PyObject* key = PyTuple_GetItem(kwnames, k);
      Py_ssize_t length = 0;
      const char* name = PyUnicode_AsUTF8AndSize(key, &length);
      if (name == nullptr) return false;
      Py_ssize_t j = 0;
      while (j < nparams && !(std::strlen(names[j]) == static_cast<std::size_t>(length) &&
                              std::memcmp(names[j], name, static_cast<std::size_t>(length)) == 0)) {
        ++j;
      }
      if (j == nparams) [[unlikely]] {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'", func, name);
        return false;
      }
      if (slots[j] != nullptr) [[unlikely]] {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", func, name);
        return false;
      }
      slots[j] = args[nargs + k];
    }
  }
  if (nargs > nfill) [[unlikely]] {
    Py_ssize_t kwonly_given = 0;
    for (Py_ssize_t i = nfill; i < nparams; ++i) kwonly_given += slots[i] != nullptr ? 1 : 0;
    return detail::too_many_positional(func, nfill, nrequired, nargs, kwonly_given);
  }
  for (Py_ssize_t i = 0; i < nrequired; ++i) {
    if (slots[i] == nullptr) [[unlikely]] {
      return detail::missing(func, "positional", names, slots, 0, nrequired);
    }
  }
  return true;
}

/// After bind_arguments: the keyword-only parameters from `from` on that `required` marks
/// (no default) must have been given.
inline bool check_keyword_only(const char* func, const char* const* names, const bool* required,
                               Py_ssize_t from, Py_ssize_t nparams, PyObject** slots) {
  for (Py_ssize_t i = from; i < nparams; ++i) {
    if (required[i - from] && slots[i] == nullptr) [[unlikely]] {
      return detail::missing(func, "keyword-only", names, slots, from, nparams, required);
    }
  }
  return true;
}

}  // namespace pyaot::python
