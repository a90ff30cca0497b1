"""Text detection: PP-OCRv4's detector (a DB network) with the resizing and normalisation
before it and the box extraction after it, in one compiled module (``text_boxes.detector``)."""

from text_boxes.detector import boxes, detect, probability_map

__all__ = ["boxes", "detect", "probability_map"]
