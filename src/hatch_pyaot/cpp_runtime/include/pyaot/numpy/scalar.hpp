#pragma once
// numpy's elementwise arithmetic on one value of a dtype's C++ type (bool, int8_t ...
// uint64_t, float, double), for array loops and numpy scalars to call. Both operands
// already have the result dtype: the compiler promotes first (NEP 50). One header per
// family under pyaot/numpy/scalar/.

#include "pyaot/numpy/scalar/arithmetic.hpp"
#include "pyaot/numpy/scalar/bitwise.hpp"
#include "pyaot/numpy/scalar/cast.hpp"
#include "pyaot/numpy/scalar/compare.hpp"
#include "pyaot/numpy/scalar/complex.hpp"
#include "pyaot/numpy/scalar/complex_math.hpp"
#include "pyaot/numpy/scalar/divide.hpp"
#include "pyaot/numpy/scalar/dtype.hpp"
#include "pyaot/numpy/scalar/extrema.hpp"
#include "pyaot/numpy/scalar/logical.hpp"
#include "pyaot/numpy/scalar/math.hpp"
#include "pyaot/numpy/scalar/power.hpp"
#include "pyaot/numpy/scalar/round.hpp"
#include "pyaot/numpy/scalar/special.hpp"
#include "pyaot/numpy/scalar/unary.hpp"
