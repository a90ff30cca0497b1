// The per-function choice of a module built in several variants (docs/variants.md,
// "Tuning"): for each kernel and each shape bucket (log2 of the elements of its array
// arguments), which ISA level's table to call and whether its large loops may use threads.
// Module init sets every bucket to the cpuid default; the loader then applies the tuning
// cache through `__pyaot_tune__`, which refuses a level this CPU cannot run (nor one not
// built), so that no cache, corrupt or hostile, can pick an unrunnable variant.
// Included by the main unit only.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <bit>
#include <cstdint>
#include <cstring>

#include <pyaot/isa/detect.hpp>
#include <pyaot/parallel/pool.hpp>

namespace pyaot::tune {

/// Shape buckets: bucket b holds calls of 2^b to 2^(b+1)-1 array elements (0 and 1: 0).
inline constexpr int buckets = 64;

/// A pick: the level in the low bits, `serial_bit` when large loops stay on one thread.
inline constexpr unsigned char level_mask = 3;
inline constexpr unsigned char serial_bit = 4;

inline int bucket_of(std::int64_t elements) noexcept {
  if (elements < 2) return 0;
  const int b = static_cast<int>(std::bit_width(static_cast<std::uint64_t>(elements))) - 1;
  return b < buckets ? b : buckets - 1;
}

/// One compiled function: its Python name and the picks of each kernel it calls (one per
/// combination of array ranks).
struct entry {
  const char* name;
  unsigned char** picks;
  int count;
};

struct registry {
  entry* entries;
  int count;
  unsigned built;  ///< bit i: level i was built (baseline always)
  int allowed;     ///< the highest level this CPU runs (lowered by PYAOT_ISA...)
  int chosen;      ///< the cpuid default
};

/// Every bucket of every kernel to the default level, threads allowed.
inline void reset(registry& r, int chosen, int allowed, unsigned built) {
  r.chosen = chosen;
  r.allowed = allowed;
  r.built = built | 1u;
  for (int e = 0; e < r.count; ++e) {
    for (int k = 0; k < r.entries[e].count; ++k) {
      std::memset(r.entries[e].picks[k], chosen, buckets);
    }
  }
}

inline entry* find(registry& r, const char* name) {
  for (int e = 0; e < r.count; ++e) {
    if (std::strcmp(r.entries[e].name, name) == 0) return &r.entries[e];
  }
  return nullptr;
}

/// `__pyaot_tune__(name, bucket, level, threads)`: True when set, False when refused
/// (unknown function, bucket, or a level not built or not runnable here). Bucket -1: all.
inline PyObject* set(registry& r, PyObject* args) {
  const char* name = nullptr;
  const char* level_name = nullptr;
  int bucket = 0;
  int threads = 1;
  if (!PyArg_ParseTuple(args, "sisi", &name, &bucket, &level_name, &threads)) return nullptr;
  entry* found = find(r, name);
  const int level = pyaot::isa::parse_level(level_name);
  const bool runnable = level >= 0 && level <= r.allowed && ((r.built >> level) & 1u);
  if (found == nullptr || !runnable || bucket < -1 || bucket >= buckets) {
    Py_INCREF(Py_False);
    return Py_False;
  }
  const auto value = static_cast<unsigned char>(level | (threads ? 0 : serial_bit));
  for (int k = 0; k < found->count; ++k) {
    if (bucket < 0) std::memset(found->picks[k], value, buckets);
    else found->picks[k][bucket] = value;
  }
  Py_INCREF(Py_True);
  return Py_True;
}

/// `__pyaot_pick__(name, bucket)`: (level, threads) that a call in that bucket runs.
inline PyObject* get(registry& r, PyObject* args) {
  const char* name = nullptr;
  int bucket = 0;
  if (!PyArg_ParseTuple(args, "si", &name, &bucket)) return nullptr;
  entry* found = find(r, name);
  if (found == nullptr || bucket < 0 || bucket >= buckets) {
    PyErr_SetString(PyExc_ValueError, "no such compiled function or bucket");
    return nullptr;
  }
  const unsigned char value = found->picks[0][bucket];
  return Py_BuildValue("(sO)", pyaot::isa::level_names[value & level_mask],
                       (value & serial_bit) ? Py_False : Py_True);
}

/// `__pyaot_splittable__()`: how many loops large enough for threads this thread has run.
inline PyObject* splittable() {
  return PyLong_FromUnsignedLongLong(pyaot::parallel::tune_state().splittable);
}

/// The CPU's model string (cpuid's brand string; empty elsewhere).
inline void cpu_model(char out[49]) {
  std::memset(out, 0, 49);
#if PYAOT_ISA_X86
  unsigned r[4];
  pyaot::isa::cpuid(0x80000000u, 0, r);
  if (r[0] < 0x80000004u) return;
  for (unsigned leaf = 0; leaf < 3; ++leaf) {
    pyaot::isa::cpuid(0x80000002u + leaf, 0, r);
    std::memcpy(out + 16 * leaf, r, 16);
  }
#endif
}

/// `__pyaot_build_id__`, `__pyaot_cpu__` = (model, feature bits as detected, not lowered).
inline bool describe(PyObject* module, const char* build_id) {
  char model[49];
  cpu_model(model);
  const char* start = model;
  while (*start == ' ') ++start;
  PyObject* cpu = Py_BuildValue("(sK)", start,
                                static_cast<unsigned long long>(pyaot::isa::detect()));
  if (cpu == nullptr || PyModule_AddObject(module, "__pyaot_cpu__", cpu) < 0) {
    Py_XDECREF(cpu);
    return false;
  }
  return PyModule_AddStringConstant(module, "__pyaot_build_id__", build_id) == 0;
}

}  // namespace pyaot::tune
