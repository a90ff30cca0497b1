"""Type propagation: seed from annotations, propagate to a fixed point, specialize helpers."""
