"""primecount: prime counting by trial division (compiled by hatch-pyaot)."""

from primecount.kernels import count_primes, is_prime

__all__ = ["count_primes", "is_prime"]
