#pragma once
// The core every generated translation unit includes: the error state, None, range lengths,
// the interrupt check of loops.
// Operations live in their own headers (pyaot/operator/*.hpp, pyaot/builtins/*.hpp,
// pyaot/math/*.hpp); the CPython boundary in pyaot/python/*.hpp.

#include <cmath>
#include <cstdint>
#include <tuple>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"
#include "pyaot/interrupt.hpp"
#include "pyaot/none.hpp"
#include "pyaot/range.hpp"
