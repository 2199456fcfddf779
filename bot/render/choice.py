"""Choosing a named look (a theme, a piece set) for a variant, one rule for all of them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from rules import is_chess_family


class Named(Protocol):
    """Something made for one variant, known by name."""

    @property
    def name(self) -> str: ...

    @property
    def variant(self) -> str: ...


Look = TypeVar("Look", bound=Named)


def board_kind(variant: str) -> str:
    """The variant whose looks ``variant`` wears: Chess960 is played on chess's board."""
    return "chess" if is_chess_family(variant) else variant


def choose(
    name: str | Look | None,
    variant: str,
    known: Mapping[str, Look],
    defaults: Mapping[str, Look],
    what: str,
) -> Look:
    """The look called ``name`` (or given as itself) for a variant; the variant's default
    for None or a look made for the other variant, so a player's one choice serves both.
    Raises ValueError naming the choices for an unknown name."""
    variant = board_kind(variant)
    if name is None:
        return defaults[variant]
    if isinstance(name, str):
        if name not in known:
            raise ValueError(f"unknown {what} {name!r}: choose from {', '.join(known)}")
        chosen = known[name]
    else:
        chosen = name
    return chosen if chosen.variant == variant else defaults[variant]
