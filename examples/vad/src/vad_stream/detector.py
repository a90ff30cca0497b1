"""The detector, as plain typed Python. ``speech_probabilities`` frames the signal into
512-sample chunks with 64 samples of context, runs the model on each and carries its LSTM
state; ``segments`` turns the probabilities into speech intervals with Silero's hysteresis
(on above ``threshold``, off below ``threshold - 0.15``) and a minimum length. With the
wheel's native module, both run compiled with the model lowered into them; without it
(``PYAOT_DISABLE=1``), the model runs on onnxruntime."""

import numpy as np
from numpy.typing import NDArray

from hatch_pyaot import compile, onnx_model

CHUNK = 512
CONTEXT = 64
RATE = 16000

vad = onnx_model("models/silero_vad_openvino_16k.onnx")


@compile
def speech_probabilities(signal: NDArray[np.float32]) -> NDArray[np.float32]:
    """The probability of speech in each whole 512-sample chunk of a 16 kHz signal."""
    chunks = signal.shape[0] // CHUNK
    probs = np.zeros(chunks, dtype=np.float32)
    state = np.zeros((2, 1, 128), dtype=np.float32)
    context = np.zeros(CONTEXT, dtype=np.float32)
    for i in range(chunks):
        chunk = signal[i * CHUNK:(i + 1) * CHUNK]
        window = np.concatenate((context, chunk))
        out, state = vad(window[None, :], state)
        probs[i] = out[0, 0]
        context = chunk[CHUNK - CONTEXT:]
    return probs


@compile
def segments(probs: NDArray[np.float32], threshold: float,
             min_chunks: int) -> list[tuple[float, float]]:
    """Speech intervals in seconds: (start, end) of each run of speech of at least
    ``min_chunks`` chunks."""
    found: list[tuple[float, float]] = []
    speaking = False
    start = 0
    for i in range(probs.shape[0]):
        p = float(probs[i])
        if not speaking and p >= threshold:
            speaking, start = True, i
        elif speaking and p < threshold - 0.15:
            speaking = False
            if i - start >= min_chunks:
                found.append((start * CHUNK / RATE, i * CHUNK / RATE))
    if speaking and probs.shape[0] - start >= min_chunks:
        found.append((start * CHUNK / RATE, probs.shape[0] * CHUNK / RATE))
    return found
