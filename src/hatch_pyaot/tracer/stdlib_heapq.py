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



# nsmallest/nlargest as heapq.py writes them, over a list (len() and indexing instead of
# iter(), an object() sentinel and a local bound to a function), so that they compile; the
# same comparisons in the same order, so the same result also with NaNs and ties (a keyed
# entry holds the item's index where heapq.py holds the item: the unique order before it
# decides every comparison, so neither is ever compared). A call
# with key= goes to the _keyed version, one without to the _plain one (tracer/heapq_calls.py).


def _heapify_max(x):
    for i in reversed(range(len(x) // 2)):
        _siftup_max(x, i)  # noqa: F821 (heapq.py's)


def _heapreplace_max(heap, item):
    returnitem = heap[0]
    heap[0] = item
    _siftup_max(heap, 0)  # noqa: F821 (heapq.py's)
    return returnitem


def _itself(x):
    return x


def _nsmallest_plain(n, iterable):
    # heapq.py's own plain path compares (item, order) as this one compares (item, order, i)
    return _nsmallest_keyed(n, iterable, _itself)


def _nlargest_plain(n, iterable):
    return _nlargest_keyed(n, iterable, _itself)


def _nsmallest_keyed(n, iterable, key):
    size = len(iterable)
    if n == 1:
        return [min(iterable, key=key)] if size else []
    if n >= size:
        return sorted(iterable, key=key)[:n]
    if n <= 0:
        return []
    result = [(key(iterable[i]), i, i) for i in range(n)]
    _heapify_max(result)
    top = result[0][0]
    order = n
    for j in range(n, size):
        elem = iterable[j]
        k = key(elem)
        if k < top:
            _heapreplace_max(result, (k, order, j))
            top = result[0][0]
            order += 1
    result.sort()
    return [iterable[j] for (k, order, j) in result]


def _nlargest_keyed(n, iterable, key):
    size = len(iterable)
    if n == 1:
        return [max(iterable, key=key)] if size else []
    if n >= size:
        return sorted(iterable, key=key, reverse=True)[:n]
    if n <= 0:
        return []
    result = [(key(iterable[i]), -i, i) for i in range(n)]
    heapify(result)  # noqa: F821 (heapq.py's)
    top = result[0][0]
    order = -n
    for j in range(n, size):
        elem = iterable[j]
        k = key(elem)
        if top < k:
            heapreplace(result, (k, order, j))
            top = result[0][0]
            order -= 1
    result.sort(reverse=True)
    return [iterable[j] for (k, order, j) in result]
