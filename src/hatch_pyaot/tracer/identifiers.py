"""Identifiers as Python sees them: NFKC-normalized.

Python's parser normalizes every identifier to NFKC (PEP 3131), so ``ﬁx`` (with the ``ﬁ``
ligature) and ``fix`` are one name. libcst keeps the source spelling, so a module with
non-ASCII identifiers gets its names normalized once, right after parsing; every later
stage (symbols, locals, calls, keywords) then compares names as Python does. An ASCII
source, the usual case, is left as it is.
"""

from __future__ import annotations

import unicodedata

import libcst as cst
from libcst import CSTNodeT
from libcst.metadata import CodeRange


def normalize_names(tree: cst.Module, positions: dict[cst.CSTNode, CodeRange]
                    ) -> tuple[cst.Module, dict[cst.CSTNode, CodeRange]]:
    """The tree with every ``Name`` in NFKC form, and the positions of its nodes (those of
    the nodes they replace: columns stay the source's)."""
    transformer = _Normalize(positions)
    new_tree = tree.visit(transformer)
    assert isinstance(new_tree, cst.Module)
    return new_tree, transformer.moved


class _Normalize(cst.CSTTransformer):
    def __init__(self, positions: dict[cst.CSTNode, CodeRange]) -> None:
        super().__init__()
        self.positions = positions
        self.moved: dict[cst.CSTNode, CodeRange] = {}

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        value = unicodedata.normalize("NFKC", updated_node.value)
        return updated_node if value == updated_node.value else \
            updated_node.with_changes(value=value)

    def on_leave(self, original_node: CSTNodeT, updated_node: CSTNodeT
                 ) -> CSTNodeT | cst.RemovalSentinel | cst.FlattenSentinel[CSTNodeT]:
        result = super().on_leave(original_node, updated_node)
        if isinstance(result, cst.CSTNode) and original_node in self.positions:
            self.moved[result] = self.positions[original_node]
        return result
