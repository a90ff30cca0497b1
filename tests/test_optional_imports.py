"""An optional dependency, ``try: import cv2`` / ``except ImportError: cv2 = None``: the
compiled functions take the module as imported (its functions are operations of their own),
so a wheel's compiled module runs where OpenCV is not installed; the Python module still
imports there and its uncompiled functions fail as Python would. Any other ``try`` around an
import leaves the name unknown to compiled code (a located diagnostic)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from support import build_pair

np = pytest.importorskip("numpy")

SOURCE = '''\
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile

try:
    import cv2
    from cv2 import flip as cv_flip
except ImportError:  # the compiled functions do not need OpenCV
    cv2 = None
    cv_flip = None


@compile
def mirrored(img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    assert img.shape[1] >= 0
    return cv2.flip(img, 1) + cv_flip(img, 0)
'''

REFUSED = '''\
from hatch_pyaot import compile

try:
    import math
except Exception:
    math = None


@compile
def root(x: float) -> float:
    return math.sqrt(x)
'''

WITHOUT_OPENCV = """
import sys
sys.modules["cv2"] = None  # import cv2 raises ImportError
sys.path.insert(0, sys.argv[1])
import numpy as np
import optional_cv2
from hatch_pyaot import is_compiled
img = np.arange(12, dtype=np.uint8).reshape(3, 4)
print(optional_cv2.cv2, is_compiled(optional_cv2.mirrored))
print(optional_cv2.mirrored(img).tolist())
"""


def test_the_compiled_module_runs_without_the_optional_dependency(tmp_path: Path) -> None:
    pytest.importorskip("cv2")
    pair = build_pair(tmp_path, "optional_cv2", SOURCE)
    img = np.arange(12, dtype=np.uint8).reshape(3, 4)
    np.testing.assert_array_equal(pair.native.mirrored(img), pair.python.mirrored(img))
    proc = subprocess.run([sys.executable, "-c", WITHOUT_OPENCV, str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["None True", str((img[:, ::-1] + img[::-1]).tolist())]


def test_another_handler_leaves_the_name_unknown(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match=r"not compiled: \['root'\][\s\S]*"
                                             r"name 'math' is not defined"):
        build_pair(tmp_path, "refused_import", REFUSED)

