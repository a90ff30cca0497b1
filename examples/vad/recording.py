"""The demo's input: a synthetic recording whose speech Silero VAD finds (two voiced
bursts in faint noise), made with NumPy alone."""

import numpy as np


def vowel(t: np.ndarray, f0: np.ndarray, formants: list[tuple[float, float]]) -> np.ndarray:
    """A voiced sound: the harmonics of a wavering pitch f0, shaped by formant peaks."""
    phase = 2 * np.pi * np.cumsum(f0) / 16000
    out = np.zeros_like(t)
    for k in range(1, 40):
        f = k * float(f0.mean())
        out += sum(np.exp(-(((f - peak) / width) ** 2)) for peak, width in formants) * \
            np.sin(k * phase) / k**0.5
    return out


def recording(seed: int = 0) -> np.ndarray:
    """Three seconds at 16 kHz: an "ah" at 0.5-1.1 s and an "ee" at 1.8-2.4 s, four syllables
    a second, in faint noise."""
    rng = np.random.default_rng(seed)
    t = np.arange(3 * 16000) / 16000
    f0 = 130 + 25 * np.sin(2 * np.pi * 1.3 * t)
    voice = np.where(t < 1.5, vowel(t, f0, [(700, 150), (1200, 200), (2600, 300)]),
                     vowel(t, f0, [(300, 100), (2300, 250), (3000, 300)]))
    voice = 0.2 * voice / np.abs(voice).max() * (0.5 + 0.5 * np.sin(2 * np.pi * 4 * t)) ** 2
    bursts = ((t > 0.5) & (t < 1.1)) | ((t > 1.8) & (t < 2.4))
    return (np.where(bursts, voice, 0.0) + 0.005 * rng.standard_normal(t.size)).astype(
        np.float32)
