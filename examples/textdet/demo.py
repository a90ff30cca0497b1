"""Run the installed detector on the sample image (or on the image file given) and print
the text boxes it finds, the probability map's checksum, and whether the functions ran
natively. ``--probs FILE`` also saves the probability map (.npy)."""

import sys

import numpy as np
import text_boxes
from sample import sample

from hatch_pyaot import is_compiled


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if "--probs" in sys.argv:
        args.remove(sys.argv[sys.argv.index("--probs") + 1])
    if args:
        import cv2

        img = cv2.imread(args[0], cv2.IMREAD_COLOR)
    else:
        img = sample()
    probs = text_boxes.probability_map(img)
    print("boxes:", text_boxes.detect(img))
    print(f"map={probs.shape} mean_prob={float(probs.mean()):.6f}")
    print("native:", is_compiled(text_boxes.probability_map), is_compiled(text_boxes.boxes))
    if "--probs" in sys.argv:
        np.save(sys.argv[sys.argv.index("--probs") + 1], probs)


if __name__ == "__main__":
    main()
