#pragma once
// The C++ types of numpy's dtypes, as concepts the scalar kernels are constrained on, and the
// unsigned type integer arithmetic wraps in.
//
// numpy integer arithmetic wraps around modulo 2**bits; in C++ signed overflow is undefined
// behaviour and int8/int16/uint8/uint16 operands are promoted to (signed) int, where
// uint16 * uint16 can overflow too. So the kernels compute in `wide_unsigned_t<T>` -- unsigned,
// and at least as wide as unsigned int -- and convert back, which C++20 defines as modular.

#include <concepts>
#include <cstdint>
#include <type_traits>

#include "pyaot/numpy/complex.hpp"

namespace pyaot::numpy::scalar {

/// numpy.bool_.
template <class T>
concept boolean = std::same_as<T, bool>;

/// int8 ... int64 (numpy's byte, short, intc, long and longlong).
template <class T>
concept signed_integer =
    std::same_as<T, signed char> || std::same_as<T, short> || std::same_as<T, int> ||
    std::same_as<T, long> || std::same_as<T, long long>;

/// uint8 ... uint64.
template <class T>
concept unsigned_integer =
    std::same_as<T, unsigned char> || std::same_as<T, unsigned short> ||
    std::same_as<T, unsigned int> || std::same_as<T, unsigned long> ||
    std::same_as<T, unsigned long long>;

template <class T>
concept integer = signed_integer<T> || unsigned_integer<T>;

/// float32 and float64 (float16 and longdouble are not compiled).
template <class T>
concept floating = std::same_as<T, float> || std::same_as<T, double>;

/// Integer or floating: the dtypes numpy's arithmetic ufuncs have loops for besides bool.
template <class T>
concept number = integer<T> || floating<T>;

/// complex64 and complex128 (pyaot/numpy/complex.hpp).
template <class T>
concept complex_number = std::same_as<T, complex64> || std::same_as<T, pyaot::complex>;

/// Floating or complex: the dtypes of numpy's inexact ufunc loops.
template <class T>
concept inexact = floating<T> || complex_number<T>;

template <class T>
concept dtype = boolean<T> || number<T> || complex_number<T>;

/// The unsigned type that T's wrapping arithmetic is done in.
template <integer T>
using wide_unsigned_t = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned,
                                           std::make_unsigned_t<T>>;

/// Number of value bits of an integer dtype: 8, 16, 32 or 64.
template <integer T>
inline constexpr unsigned value_bits = sizeof(T) * 8;

}  // namespace pyaot::numpy::scalar
