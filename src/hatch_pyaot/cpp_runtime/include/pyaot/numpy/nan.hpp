#pragma once
// numpy's NaN-ignoring functions, as numpy computes them (numpy/lib/_nanfunctions_impl.py):
// a copy of a (laid out as numpy's K order) with every NaN replaced, then the plain reduction
// of reduce.hpp / cumulative.hpp on it, so the sums are numpy's bit for bit:
//
//   nansum / nanprod / nancumsum / nancumprod     NaN counts as 0 (1 for products)
//   nanmax / nanmin                               NaN for a lane of NaNs only (numpy warns)
//   nanargmax / nanargmin                         ValueError "All-NaN slice encountered"
//   nanmean                                       the sum over the count of non-NaN values
//   nan_to_num(out, a, nan, posinf, neginf)       a new array
//
// Each comes whole (out a scalar or, for the cumulative ones, 1-d) and `_axis`. For integer
// and bool arrays they are the plain functions.

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/cumulative.hpp"
#include "pyaot/numpy/elementwise.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce.hpp"

namespace pyaot::numpy {

namespace detail {

/// out = a copy of a (numpy's K order) with NaN replaced by value; count = the non-NaN ones.
template <class T, int N>
inline bool nan_replaced(ndarray<T, N>& out, const ndarray<T, N>& a, T value) noexcept {
  if (!empty_like_k(out, a)) return false;
  return map_into(out, [value](T x) noexcept { return std::isnan(x) ? value : x; }, a);
}

template <class T, int N>
inline std::int64_t not_nan_count(const ndarray<T, N>& a) noexcept {
  std::int64_t count = 0;
  ndarray<bool, N> mask;
  if (!map(mask, [](T x) noexcept { return !std::isnan(x); }, a)) return -1;
  if (!sum(count, mask)) return -1;
  return count;
}

template <class T, int N>
inline bool not_nan_counts(ndarray<std::int64_t, N - 1>& out, const ndarray<T, N>& a,
                           std::int64_t axis) noexcept {
  ndarray<bool, N> mask;
  return map(mask, [](T x) noexcept { return !std::isnan(x); }, a) && sum_axis(out, mask, axis);
}

[[gnu::cold]] inline bool all_nan() noexcept {
  return raise(Exc::ValueError, "All-NaN slice encountered");
}

template <class T>
inline constexpr T kInf = std::numeric_limits<T>::infinity();

}  // namespace detail

#define PYAOT_NAN_REPLACING(name, plain, value)                                               \
  template <class R, class T, int N>                                                          \
  bool name(R& out, const ndarray<T, N>& a) noexcept {                                        \
    if constexpr (!std::is_floating_point_v<T>) {                                             \
      return plain(out, a);                                                                   \
    } else {                                                                                  \
      ndarray<T, N> replaced;                                                                 \
      return detail::nan_replaced(replaced, a, T(value)) && plain(out, replaced);             \
    }                                                                                         \
  }                                                                                           \
  template <class R, class T, int N>                                                          \
  bool name##_axis(R& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {              \
    if constexpr (!std::is_floating_point_v<T>) {                                             \
      return plain##_axis(out, a, axis);                                                      \
    } else {                                                                                  \
      ndarray<T, N> replaced;                                                                 \
      return detail::nan_replaced(replaced, a, T(value)) && plain##_axis(out, replaced, axis); \
    }                                                                                         \
  }
PYAOT_NAN_REPLACING(nansum, sum, 0)
PYAOT_NAN_REPLACING(nanprod, prod, 1)
PYAOT_NAN_REPLACING(nancumsum, cumsum, 0)
PYAOT_NAN_REPLACING(nancumprod, cumprod, 1)
#undef PYAOT_NAN_REPLACING

namespace detail {

/// nanmax (Max) / nanmin: NaN counts as -inf (inf); a lane of NaNs only gives NaN.
template <bool Max, class R, class T, int N>
inline bool nan_extreme(R& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, N> replaced;
  if (!nan_replaced(replaced, a, Max ? -kInf<T> : kInf<T>)) return false;
  if (!(Max ? amax(out, replaced) : amin(out, replaced))) return false;
  const std::int64_t count = not_nan_count(a);
  if (count < 0) return false;
  if (count == 0) out = std::numeric_limits<R>::quiet_NaN();
  return true;
}

template <bool Max, class R, class T, int N>
inline bool nan_extreme_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a,
                             std::int64_t axis) noexcept {
  ndarray<T, N> replaced;
  ndarray<std::int64_t, N - 1> counts;
  if (!nan_replaced(replaced, a, Max ? -kInf<T> : kInf<T>) ||
      !(Max ? max_axis(out, replaced, axis) : min_axis(out, replaced, axis)) ||
      !not_nan_counts(counts, a, axis)) {
    return false;
  }
  for (std::int64_t i = 0, n = out.size(); i < n; ++i) {
    if (counts.data[i] == 0) out.data[i] = std::numeric_limits<R>::quiet_NaN();
  }
  return true;
}

template <bool Max, class R, class T, int N>
inline bool nan_arg(R& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, N> replaced;
  if (!nan_replaced(replaced, a, Max ? -kInf<T> : kInf<T>)) return false;
  const std::int64_t count = not_nan_count(a);
  if (count < 0) return false;
  if (count == 0 && a.size() != 0) [[unlikely]] return all_nan();
  return Max ? argmax(out, replaced) : argmin(out, replaced);
}

template <bool Max, class R, class T, int N>
inline bool nan_arg_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a,
                         std::int64_t axis) noexcept {
  ndarray<T, N> replaced;
  ndarray<std::int64_t, N - 1> counts;
  if (!nan_replaced(replaced, a, Max ? -kInf<T> : kInf<T>) || !not_nan_counts(counts, a, axis)) {
    return false;
  }
  for (std::int64_t i = 0, n = counts.size(); i < n; ++i) {
    if (counts.data[i] == 0) [[unlikely]] return all_nan();
  }
  return Max ? argmax_axis(out, replaced, axis) : argmin_axis(out, replaced, axis);
}

}  // namespace detail

#define PYAOT_NAN_DISPATCH(name, plain, impl, flag)                                    \
  template <class R, class T, int N>                                                   \
  bool name(R& out, const ndarray<T, N>& a) noexcept {                                 \
    if constexpr (!std::is_floating_point_v<T>) {                                      \
      return plain(out, a);                                                            \
    } else {                                                                           \
      return detail::impl<flag>(out, a);                                               \
    }                                                                                  \
  }                                                                                    \
  template <class R, class T, int N>                                                   \
  bool name##_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a,                     \
                   std::int64_t axis) noexcept {                                       \
    if constexpr (!std::is_floating_point_v<T>) {                                      \
      return plain##_axis(out, a, axis);                                               \
    } else {                                                                           \
      return detail::impl##_axis<flag>(out, a, axis);                                  \
    }                                                                                  \
  }
PYAOT_NAN_DISPATCH(nanmax, max, nan_extreme, true)
PYAOT_NAN_DISPATCH(nanmin, min, nan_extreme, false)
PYAOT_NAN_DISPATCH(nanargmax, argmax, nan_arg, true)
PYAOT_NAN_DISPATCH(nanargmin, argmin, nan_arg, false)
#undef PYAOT_NAN_DISPATCH

/// numpy.nanmean(a): R is mean_result_t<T>; NaN for no values (numpy warns).
template <class R, class T, int N>
bool nanmean(R& out, const ndarray<T, N>& a) noexcept {
  if constexpr (!std::is_floating_point_v<T>) {
    return mean(out, a);
  } else {
    ndarray<T, N> replaced;
    R total = 0;
    if (!detail::nan_replaced(replaced, a, T(0)) || !sum(total, replaced)) return false;
    const std::int64_t count = detail::not_nan_count(a);
    if (count < 0) return false;
    out = static_cast<R>(static_cast<double>(total) / static_cast<double>(count));
    return true;
  }
}

/// numpy.nanmean(a, axis).
template <class R, class T, int N>
bool nanmean_axis(ndarray<R, N - 1>& out, const ndarray<T, N>& a, std::int64_t axis) noexcept {
  if constexpr (!std::is_floating_point_v<T>) {
    return mean_axis(out, a, axis);
  } else {
    ndarray<T, N> replaced;
    ndarray<R, N - 1> totals;
    ndarray<std::int64_t, N - 1> counts;
    if (!detail::nan_replaced(replaced, a, T(0)) || !sum_axis(totals, replaced, axis) ||
        !detail::not_nan_counts(counts, a, axis)) {
      return false;
    }
    return map(out, [](R x, std::int64_t n) noexcept {
      return static_cast<R>(static_cast<double>(x) / static_cast<double>(n));
    }, totals, counts);
  }
}

/// numpy.nan_to_num(a, nan=, posinf=, neginf=): infinities become the largest finite values
/// unless given.
template <class T, int N>
bool nan_to_num(ndarray<T, N>& out, const ndarray<T, N>& a, double nan, bool has_posinf,
                double posinf, bool has_neginf, double neginf) noexcept {
  if constexpr (!std::is_floating_point_v<T>) {
    return map(out, [](T x) noexcept { return x; }, a);
  } else {
    const T n = static_cast<T>(nan);
    const T p = has_posinf ? static_cast<T>(posinf) : std::numeric_limits<T>::max();
    const T m = has_neginf ? static_cast<T>(neginf) : std::numeric_limits<T>::lowest();
    return map(out, [=](T x) noexcept {
      return std::isnan(x) ? n : std::isinf(x) ? (x > 0 ? p : m) : x;
    }, a);
  }
}

}  // namespace pyaot::numpy
