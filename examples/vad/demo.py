"""Run the installed detector on a synthetic recording (two voiced bursts in faint noise)
and print the speech intervals it finds, the speech probabilities' checksum, and whether
the functions ran natively. ``--probs FILE`` also saves the probabilities (.npy)."""

import sys

import numpy as np
import vad_stream
from recording import recording

from hatch_pyaot import is_compiled


def main() -> None:
    probs = vad_stream.speech_probabilities(recording())
    found = vad_stream.segments(probs, 0.5, 4)
    print("segments:", [(round(a, 3), round(b, 3)) for a, b in found])
    print(f"chunks={probs.size} mean_prob={float(probs.mean()):.6f}")
    print("native:", is_compiled(vad_stream.speech_probabilities), is_compiled(vad_stream.segments))
    if "--probs" in sys.argv:
        np.save(sys.argv[sys.argv.index("--probs") + 1], probs)


if __name__ == "__main__":
    main()
