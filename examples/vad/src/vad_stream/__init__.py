"""Voice-activity detection: Silero VAD over a 16 kHz signal, with the framing before the
model and the hysteresis after it, in one compiled module (``vad_stream.detector``)."""

from vad_stream.detector import segments, speech_probabilities

__all__ = ["segments", "speech_probabilities"]
