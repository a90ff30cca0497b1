"""The compiled kernels: plain typed Python, native in the installed wheel."""

from hatch_pyaot import compile


@compile
def is_prime(n: int) -> bool:
    """Trial division by 2, 3, 5, 7, ... up to the square root."""
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


@compile
def count_primes(limit: int) -> int:
    """How many primes are below limit."""
    if limit < 0:
        raise ValueError(f"limit must not be negative, got {limit}")
    return sum(1 for n in range(limit) if is_prime(n))
