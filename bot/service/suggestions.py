"""Friendly "did you mean" suggestions drawn from the legal moves, and move autocomplete."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from rules import Move, Position

MAX_SUGGESTIONS = 3
MAX_CHOICES = 25
_DECORATIONS = str.maketrans("", "", "+#!?x:=- ")


def _plain(text: str) -> str:
    """The move text without check marks, capture signs and separators, lowercased."""
    return text.translate(_DECORATIONS).lower()


def near_misses(text: str, position: Position) -> list[str]:
    """Legal moves (SAN) the player probably meant by ``text``; empty when nothing is close.

    Same letters up to case and decorations come first (``nf3`` → ``Nf3``); otherwise only
    close spellings (one slip in a short move), never a wild guess.
    """
    moves = position.legal_moves()
    names = [position.san(move) for move in moves]
    plain = _plain(text)
    if not plain:
        return []
    exact = [name for name in names if _plain(name) == plain]
    if exact:
        return exact[:MAX_SUGGESTIONS]
    uci_names = {position.uci(move): name for move, name in zip(moves, names, strict=True)}
    if plain in {_plain(uci) for uci in uci_names}:
        return [name for uci, name in uci_names.items() if _plain(uci) == plain]
    by_plain: dict[str, list[str]] = {}
    for name in names:
        by_plain.setdefault(_plain(name), []).append(name)
    close = difflib.get_close_matches(plain, list(by_plain), n=MAX_SUGGESTIONS, cutoff=0.85)
    return [name for key in close for name in by_plain[key]][:MAX_SUGGESTIONS]


def moves_of_piece(position: Position, move: Move) -> list[str]:
    """Legal moves (SAN) of the piece on ``move``'s from-square, for an illegal try with it."""
    return [
        position.san(legal)
        for legal in position.legal_moves()
        if legal.from_square == move.from_square
    ][: MAX_SUGGESTIONS + 1]


def matching_moves(position: Position, prefix: str, limit: int = MAX_CHOICES) -> list[str]:
    """Legal moves whose SAN or UCI starts with ``prefix`` (case-insensitively), as SAN.

    SAN matches come first, then moves matched only by their coordinates; at most ``limit``.
    """
    typed = prefix.strip()
    moves: Sequence[Move] = position.legal_moves()
    names = [position.san(move) for move in moves]
    if not typed:
        return sorted(names, key=_autocomplete_order)[:limit]
    lowered = typed.lower()
    by_san = [name for name in names if name.lower().startswith(lowered)]
    by_san.sort(key=lambda name: (not name.startswith(typed), _autocomplete_order(name)))
    seen = set(by_san)
    by_uci = [
        name
        for move, name in zip(moves, names, strict=True)
        if name not in seen and position.uci(move).startswith(lowered)
    ]
    return (by_san + by_uci)[:limit]


def _autocomplete_order(name: str) -> tuple[int, str]:
    # Pawn moves and captures read naturally first for chess players scanning a list.
    return (0 if name[:1].islower() else 1, name)
