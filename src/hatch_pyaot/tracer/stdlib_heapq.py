# mypy: ignore-errors
"""heapq functions whose pure-Python versions differ from the C ones CPython runs: appended to
heapq.py's source when it is traced (tracer/project.py), so these definitions win. Only the
message differs: heapq.py pops from the list first ("pop from empty list") or reads heap[0]
("list index out of range"), where _heapq checks the length first ("index out of range").
Never imported: ``_siftup`` is heapq.py's own, in the module these are appended to."""


def heappop(heap):
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if not heap:
        return last
    smallest = heap[0]
    heap[0] = last
    _siftup(heap, 0)  # noqa: F821 (heapq.py's)
    return smallest


def heapreplace(heap, item):
    if not heap:
        raise IndexError("index out of range")
    smallest = heap[0]
    heap[0] = item
    _siftup(heap, 0)  # noqa: F821 (heapq.py's)
    return smallest
