"""Friendly "did you mean" suggestions drawn from the legal moves, and move autocomplete."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from bot.service.notation import MoveNamer
from rules import Move, Position
from rules.move_text import normalize

MAX_SUGGESTIONS = 3
MAX_CHOICES = 25
_DECORATIONS = str.maketrans("", "", "+#!?x:=- ")


def _plain(text: str) -> str:
    """The move text without check marks, capture signs and separators, lowercased, and
    full-width forms read as ASCII (``ｅ４`` is ``e4``)."""
    return normalize(text).translate(_DECORATIONS).lower()


def near_misses(text: str, position: Position, namer: MoveNamer | None = None) -> list[str]:
    """Legal moves the player probably meant by ``text``, named by ``namer`` (SAN by
    default); empty when nothing is close. ``text`` is compared with each move's SAN, UCI
    and name.

    Same letters up to case and decorations come first (``nf3`` → ``Nf3``); otherwise only
    close spellings (one slip in a short move), never a wild guess.
    """
    moves = position.legal_moves()
    shown = [(namer or position.san)(move) for move in moves]
    plain = _plain(text)
    if not plain:
        return []
    spellings = [
        {_plain(position.san(move)), _plain(name)} for move, name in zip(moves, shown, strict=True)
    ]
    exact = [name for name, spelled in zip(shown, spellings, strict=True) if plain in spelled]
    if exact:
        return exact[:MAX_SUGGESTIONS]
    by_uci = [
        name for move, name in zip(moves, shown, strict=True) if _plain(position.uci(move)) == plain
    ]
    if by_uci:
        return by_uci
    by_plain: dict[str, list[str]] = {}
    for name, spelled in zip(shown, spellings, strict=True):
        for key in spelled:
            by_plain.setdefault(key, []).append(name)
    close = difflib.get_close_matches(plain, list(by_plain), n=MAX_SUGGESTIONS, cutoff=0.85)
    found = [name for key in close for name in by_plain[key]]
    return list(dict.fromkeys(found))[:MAX_SUGGESTIONS]


def moves_of_piece(position: Position, move: Move, namer: MoveNamer | None = None) -> list[str]:
    """Legal moves of the piece on ``move``'s from-square, for an illegal try with it, named
    by ``namer`` (SAN by default)."""
    return [
        (namer or position.san)(legal)
        for legal in position.legal_moves()
        if legal.from_square == move.from_square
    ][: MAX_SUGGESTIONS + 1]


def moves_of_kind(text: str, position: Position, namer: MoveNamer | None = None) -> list[str]:
    """Legal moves of the kind of piece ``text`` starts with (``Nf6`` → the knight moves),
    closest spelling first, named by ``namer`` (SAN/WXF by default); empty when ``text``
    names no piece by a capital letter."""
    letter = normalize(text).strip()[:1]
    if not (letter.isascii() and letter.isupper()):
        return []
    plain = _plain(text)
    moves = [move for move in position.legal_moves() if position.san(move)[0] == letter]
    moves.sort(
        key=lambda move: -difflib.SequenceMatcher(None, plain, _plain(position.san(move))).ratio()
    )
    return [(namer or position.san)(move) for move in moves[:MAX_SUGGESTIONS]]


def matching_moves(
    position: Position, prefix: str, limit: int = MAX_CHOICES, namer: MoveNamer | None = None
) -> list[str]:
    """Legal moves whose name (``namer``, SAN by default) or UCI starts with ``prefix``
    (case-insensitively), as named.

    Name matches come first, then moves matched only by their coordinates; at most ``limit``.
    """
    typed = normalize(prefix).strip()
    moves: Sequence[Move] = position.legal_moves()
    names = [(namer or position.san)(move) for move in moves]
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
