"""Kernels of tests/test_borrowed_params.py: object and list parameters passed by const
reference (codegen/borrowed_params.py) where the caller's handle could change during the call
if it were passed as it is (a field, a cell), parameters the callee rebinds, and many objects
made and freed (the objects' free lists)."""

from __future__ import annotations

from hatch_pyaot import compile


class Item:
    def __init__(self, value: int) -> None:
        self.value = value


class Holder:
    def __init__(self, item: Item) -> None:
        self.item = item

    def replace_then_read(self, old: Item) -> int:
        """``old`` is this holder's item: replacing it must not free it under the call."""
        self.item = Item(old.value + 100)
        return old.value * 1000 + self.item.value


class Link:
    def __init__(self, value: int, next: Link | None) -> None:
        self.value = value
        self.next = next

    def cut_then_read(self, rest: Link | None) -> int:
        """``rest`` is this link's next: cutting it must not free it under the call."""
        self.next = None
        if rest is None:
            return -1
        return rest.value


def _rebind(item: Item, n: int) -> int:
    total = 0
    for k in range(n):
        total += item.value
        item = Item(item.value + k)
    return total + item.value


def _same(item: Item) -> Item:
    return item


def _append_and_slice(values: list[int], extra: int) -> int:
    values.append(extra)
    values[0:1] = [extra, extra]
    del values[-1:]
    return len(values)


@compile
def field_argument(v: int) -> int:
    h = Holder(Item(v))
    return h.replace_then_read(h.item) + h.item.value


@compile
def optional_field_argument(n: int) -> int:
    head: Link | None = None
    for k in range(n):
        head = Link(k, head)
    if head is None:
        return 0
    return head.cut_then_read(head.next) * 10 + (0 if head.next is None else 1)


@compile
def cell_argument(v: int) -> int:
    item = Item(v)

    def swap(old: Item) -> int:
        nonlocal item
        item = Item(old.value * 2)
        return old.value + item.value

    return swap(item) * 1000 + item.value


@compile
def rebound_parameter(v: int, n: int) -> int:
    item = Item(v)
    return _rebind(item, n) * 1000 + item.value


@compile
def returned_parameter(v: int) -> int:
    a = Item(v)
    b = _same(a)
    b.value += 1
    c = _same(Item(v * 3))
    return a.value * 1000 + c.value + (1 if a is b else 0)


@compile
def list_parameter(n: int) -> int:
    values = [k for k in range(n)]
    size = _append_and_slice(values, 7)
    return size * 1000 + sum(values)


@compile
def many_live_objects(n: int) -> int:
    """Many objects alive at once, half of them dropped, then as many made again (reusing
    the freed boxes): every value read back."""
    items = [Item(k) for k in range(n)]
    kept = [it for it in items if it.value % 2 == 0]
    items = []
    again = [Item(k * 3) for k in range(n)]
    total = 0
    for it in kept:
        total += it.value
    for it in again:
        total += it.value
    return total + len(kept) + len(items)


@compile
def churn(rounds: int, size: int) -> int:
    """Lists of linked objects made and freed round after round (their boxes reused)."""
    total = 0
    for r in range(rounds):
        head: Link | None = None
        for k in range(size):
            head = Link(k + r, head)
        node = head
        while node is not None:
            total += node.value
            node = node.next
    return total
