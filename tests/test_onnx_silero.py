"""A real model: Silero VAD (the static-shape ``silero_vad_openvino_16k.onnx`` that the
``silero-vad`` wheel ships; Conv, LSTM, Pad, Slice, shape arithmetic) compiled inside a
function with pre- and post-processing, against onnxruntime over a stream of chunks: the
speech probability and the carried LSTM state within 1e-4."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import missing_tool
from support import Pair, build_pair

np = pytest.importorskip("numpy")
pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")

pytestmark = pytest.mark.slow

WHEEL = "silero-vad==6.2.3"
MODEL = "silero_vad/data/silero_vad_openvino_16k.onnx"

SOURCE = '''\
import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile, onnx_model

vad = onnx_model("silero_vad_openvino_16k.onnx")


@compile
def speech_prob(context: NDArray[np.float32], chunk: NDArray[np.float32],
                state: NDArray[np.float32]) -> tuple[float, NDArray[np.float32]]:
    """The probability of speech in a 512-sample chunk at 16 kHz, after 64 samples of
    context; the LSTM state to pass with the next chunk."""
    window = np.concatenate((context, chunk))
    out, new_state = vad(window[None, :], state)
    return float(out[0, 0]), new_state
'''


@pytest.fixture(scope="module")
def pair(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Pair:
    cache = Path(request.config.cache.mkdir("silero-vad"))
    if not list(cache.glob("*.whl")):
        proc = subprocess.run([sys.executable, "-m", "pip", "download", WHEEL, "--no-deps",
                               "--quiet", "-d", str(cache)], capture_output=True, text=True,
                              timeout=600)
        if proc.returncode != 0:
            missing_tool(f"pip could not fetch {WHEEL}: {proc.stderr.strip()[-300:]}")
    folder = tmp_path_factory.mktemp("silero")
    (wheel,) = cache.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        (folder / Path(MODEL).name).write_bytes(zf.read(MODEL))
    return build_pair(folder, "vad_kernels", SOURCE)


def _stream(seed: int) -> list[object]:
    """Chunks of noise, a tone burst with harmonics and silence."""
    rng = np.random.default_rng(seed)
    t = np.arange(512 * 12) / 16000
    voice = 0.3 * np.sin(2 * np.pi * 220 * t) * (1 + 0.5 * np.sin(2 * np.pi * 3 * t))
    voice += 0.1 * np.sin(2 * np.pi * 660 * t)
    signal = np.where((t > 0.1) & (t < 0.3), voice, 0.0) + 0.01 * rng.standard_normal(t.size)
    return [signal[i:i + 512].astype(np.float32) for i in range(0, t.size, 512)]


@pytest.mark.parametrize("seed", [0, 1])
def test_speech_probabilities_match_onnxruntime(pair: Pair, seed: int) -> None:
    states = [np.zeros((2, 1, 128), np.float32)] * 2
    contexts = [np.zeros(64, np.float32)] * 2
    for chunk in _stream(seed):
        results = []
        for k, side in enumerate((pair.python, pair.native)):
            prob, states[k] = side.speech_prob(contexts[k], chunk, states[k])
            contexts[k] = chunk[-64:]
            results.append(prob)
        assert isinstance(results[1], float)
        assert abs(results[0] - results[1]) <= 1e-4, results
        np.testing.assert_allclose(states[1], states[0], rtol=0, atol=1e-4)


def test_a_wrong_chunk_length_names_the_input(pair: Pair) -> None:
    state = np.zeros((2, 1, 128), np.float32)
    for side in (pair.python, pair.native):
        with pytest.raises(ValueError, match=r"input 'input' must have shape \(1, 576\), not "
                                             r"\(1, 564\)"):
            side.speech_prob(np.zeros(64, np.float32), np.zeros(500, np.float32), state)
