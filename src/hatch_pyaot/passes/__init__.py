"""IR to IR passes. Each pass is one function; ``pipeline.py`` lists them in order."""
