"""Special functions by quadrature and iteration, written as plain typed Python.

The functions in ``specfun.functions`` are decorated with ``@compile``: the wheel carries
their native code, and without it (``PYAOT_DISABLE=1``) they run as the Python you read.
"""

from specfun.functions import bessel_j0, lambert_w, normal_cdf, normal_quantile

__all__ = ["bessel_j0", "lambert_w", "normal_cdf", "normal_quantile"]
