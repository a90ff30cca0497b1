"""Object-heavy benchmark kernels (user classes and dataclasses), timed by objects_suite.py
against CPython and mypyc. Each takes numbers and returns numbers, so that all three run the
very same code on the very same arguments."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from hatch_pyaot import compile


class Body:
    def __init__(self, x: float, y: float, z: float, vx: float, vy: float, vz: float,
                 mass: float) -> None:
        self.x = x
        self.y = y
        self.z = z
        self.vx = vx
        self.vy = vy
        self.vz = vz
        self.mass = mass

    def energy(self) -> float:
        return 0.5 * self.mass * (self.vx * self.vx + self.vy * self.vy + self.vz * self.vz)


def _system() -> list[Body]:
    pi = math.pi
    solar = 4.0 * pi * pi
    days = 365.24
    return [
        Body(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, solar),
        Body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
             1.66007664274403694e-03 * days, 7.69901118419740425e-03 * days,
             -6.90460016972063023e-05 * days, 9.54791938424326609e-04 * solar),
        Body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
             -2.76742510726862411e-03 * days, 4.99852801234917238e-03 * days,
             2.30417297573763929e-05 * days, 2.85885980666130812e-04 * solar),
        Body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
             2.96460137564761618e-03 * days, 2.37847173959480950e-03 * days,
             -2.96589568540237556e-05 * days, 4.36624404335156298e-05 * solar),
        Body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
             2.68067772490389322e-03 * days, 1.62824170038242295e-03 * days,
             -9.51592254519715870e-05 * days, 5.15138902046611451e-05 * solar),
    ]


@compile
def nbody(steps: int) -> float:
    """The n-body simulation with one object per body."""
    bodies = _system()
    dt = 0.01
    n = len(bodies)
    for _ in range(steps):
        for i in range(n):
            a = bodies[i]
            for j in range(i + 1, n):
                b = bodies[j]
                dx = a.x - b.x
                dy = a.y - b.y
                dz = a.z - b.z
                d2 = dx * dx + dy * dy + dz * dz
                mag = dt / (d2 * math.sqrt(d2))
                a.vx -= dx * b.mass * mag
                a.vy -= dy * b.mass * mag
                a.vz -= dz * b.mass * mag
                b.vx += dx * a.mass * mag
                b.vy += dy * a.mass * mag
                b.vz += dz * a.mass * mag
        for b in bodies:
            b.x += dt * b.vx
            b.y += dt * b.vy
            b.z += dt * b.vz
    e = 0.0
    for b in bodies:
        e += b.energy()
    return e


class TreeNode:
    def __init__(self, left: TreeNode | None, right: TreeNode | None) -> None:
        self.left = left
        self.right = right

    def check(self) -> int:
        if self.left is None or self.right is None:
            return 1
        return 1 + self.left.check() + self.right.check()


def _make_tree(depth: int) -> TreeNode:
    if depth == 0:
        return TreeNode(None, None)
    return TreeNode(_make_tree(depth - 1), _make_tree(depth - 1))


@compile
def binary_trees(max_depth: int) -> int:
    """The binary-trees allocator benchmark: many short-lived trees, one long-lived."""
    long_lived = _make_tree(max_depth)
    total = 0
    depth = 4
    while depth <= max_depth:
        iterations = 1 << (max_depth - depth + 4)
        for _ in range(iterations):
            total += _make_tree(depth).check()
        depth += 2
    return total + long_lived.check()


@dataclass
class Point:
    x: float
    y: float

    def toward(self, other: Point, t: float) -> Point:
        return Point(self.x + (other.x - self.x) * t, self.y + (other.y - self.y) * t)


@compile
def chaos_game(n: int) -> float:
    """The chaos game on a triangle with point objects: a new point per step."""
    corners = [Point(0.0, 0.0), Point(1.0, 0.0), Point(0.5, 0.866)]
    p = Point(0.3, 0.3)
    seed = 12345
    sx = 0.0
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        p = p.toward(corners[seed % 3], 0.5)
        sx += p.x * p.y
    return sx


def _queens(n: int, row: int, cols: list[int]) -> Iterator[list[int]]:
    """The placements of queens on rows row.. given those of the rows before: a recursive
    generator, one level per row."""
    if row == n:
        yield list(cols)
        return
    for c in range(n):
        safe = True
        for r in range(row):
            d = cols[r] - c
            if d == 0 or d == row - r or d == r - row:
                safe = False
                break
        if safe:
            cols.append(c)
            yield from _queens(n, row + 1, cols)
            cols.pop()


@compile
def n_queens(n: int) -> int:
    """Every solution of the n-queens puzzle, from a recursive generator: their count and a
    checksum of their first and last columns."""
    cols: list[int] = []
    count = 0
    checksum = 0
    for placement in _queens(n, 0, cols):
        count += 1
        checksum += placement[0] * n + placement[n - 1]
    return count * 1000 + checksum % 1000
