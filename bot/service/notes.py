"""Private notes: a player's own notes on one of their games, seen by nobody else.

Each note remembers the move it follows — the game's last when it was written, or one its
author names by number (``12.`` white's twelfth, ``12...`` black's) — so that ``/pgn`` can put
the author's notes into their own copy of the record as comments after that move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.service.errors import UserError
from bot.service.game_facts import variant_named
from bot.service.results import Cleared, GameView, Place, User
from bot.service.text import one_line
from bot.store import GameRecord, Note
from rules import Color, Position

if TYPE_CHECKING:
    from bot.service.core import ServiceCore

MAX_NOTE_TEXT = 1000
MAX_NOTES_PER_GAME = 100


class EmptyNoteError(UserError):
    """A note without text."""


class NoteTooLongError(UserError):
    """A note of ``length`` characters, more than ``MAX_NOTE_TEXT``."""

    def __init__(self, length: int) -> None:
        super().__init__()
        self.length = length


class TooManyNotesError(UserError):
    """The player keeps ``MAX_NOTES_PER_GAME`` notes on the game already."""


class UnknownMoveNumberError(UserError):
    """``move:`` names no move of the game: ``typed`` as written; ``last`` the number of
    the game's last move as a player writes it (``20...``), empty before the first."""

    def __init__(self, typed: str, last: str) -> None:
        super().__init__()
        self.typed = typed
        self.last = last


# A move's number as players write it: 12 or 12. (the first player's), 12... or 12… (the
# second's); spaces around it allowed.
_MOVE_NUMBER = re.compile(r"\s*(\d{1,5})\s*(\.\.\.|…|\.)?\s*")


def move_label(start: Position, ply: int) -> str:
    """How players number the move that made ``ply`` in a game from ``start``: ``12.`` for
    the first player's, ``12...`` for the second's (empty for ply 0, before any move)."""
    if ply == 0:
        return ""
    index = ply - 1 + (start.side_to_move is Color.BLACK)  # counted from a white move
    number = start.fullmove_number + index // 2
    return f"{number}." if index % 2 == 0 else f"{number}..."


def ply_named(typed: str, start: Position, last_ply: int) -> int:
    """The ply of the move ``typed`` names (``12.``, ``12...``) in a game from ``start`` that
    has ``last_ply`` moves. Raises ``UnknownMoveNumberError`` for a text that is no move
    number or names a move not played."""
    match = _MOVE_NUMBER.fullmatch(typed)
    if match is not None:
        second = match[2] in ("...", "…")
        index = (int(match[1]) - start.fullmove_number) * 2 + second
        ply = index + 1 - (start.side_to_move is Color.BLACK)
        if 1 <= ply <= last_ply:
            return ply
    raise UnknownMoveNumberError(typed, move_label(start, last_ply))


@dataclass(frozen=True, slots=True)
class NoteView:
    """A note and the move it follows: ``12.`` or ``12...`` (empty: before the first)."""

    note: Note
    after: str


@dataclass(frozen=True, slots=True)
class NoteAdded:
    game: GameView
    note: NoteView
    count: int


@dataclass(frozen=True, slots=True)
class NoteList:
    """The asker's own notes on a game (never anyone else's)."""

    game: GameView
    notes: tuple[NoteView, ...]


class Notes:
    """``/note``: add, show and clear one's own notes on a game (finished games too)."""

    def __init__(self, core: ServiceCore) -> None:
        self._core = core

    async def add(
        self,
        user: User,
        place: Place | None,
        text: str,
        *,
        game_id: int | None = None,
        move: str | None = None,
    ) -> NoteAdded:
        """Keep ``text`` (on one line) as the user's note on the game meant, after the move
        numbered ``move`` (``12.``, ``12...``), else after its last. Raises
        ``EmptyNoteError``, ``NoteTooLongError``, ``UnknownMoveNumberError``,
        ``TooManyNotesError``, ``NotAPlayerError``."""
        core = self._core
        record = await core.resolve(user, place, game_id, finished_ok=True)
        core.require_player(record, user)
        cleaned = one_line(text)
        if not cleaned:
            raise EmptyNoteError
        if len(cleaned) > MAX_NOTE_TEXT:
            raise NoteTooLongError(len(cleaned))
        ply = record.ply
        if move is not None:
            start = variant_named(record.variant).from_fen(record.start_fen)
            ply = ply_named(move, start, record.ply)
        note = await core.store.notes.add(
            record.id, user.id, ply, cleaned, core.now(), limit=MAX_NOTES_PER_GAME
        )
        if note is None:
            raise TooManyNotesError
        count = len(await core.store.notes.of(record.id, user.id))
        sans = (await core.replay(record)).san_moves()
        return NoteAdded(await core.view(record), shown_note(record, note, sans), count)

    async def list(
        self, user: User, place: Place | None, *, game_id: int | None = None
    ) -> NoteList:
        """The user's own notes on the game meant, in the order of the moves they follow
        (a record's order: notes at one move as they were written), each beside its move."""
        core = self._core
        record = await core.resolve(user, place, game_id, finished_ok=True)
        core.require_player(record, user)
        notes = sorted(await core.store.notes.of(record.id, user.id), key=lambda n: (n.ply, n.id))
        sans = (await core.replay(record)).san_moves()
        shown = tuple(shown_note(record, note, sans) for note in notes)
        return NoteList(await core.view(record), shown)

    async def clear(
        self, user: User, place: Place | None, *, game_id: int | None = None
    ) -> Cleared:
        """Delete the user's notes on the game meant."""
        core = self._core
        record = await core.resolve(user, place, game_id, finished_ok=True)
        core.require_player(record, user)
        removed = await core.store.notes.clear(record.id, user.id)
        return Cleared(await core.view(record), removed)


def shown_note(record: GameRecord, note: Note, sans: list[str]) -> NoteView:
    """``note`` with the move it follows (``1... e5``; a move a takeback has since undone:
    its number only), from the game's moves in SAN (WXF for xiangqi)."""
    if note.ply == 0:
        return NoteView(note, "")
    label = move_label(variant_named(record.variant).from_fen(record.start_fen), note.ply)
    return NoteView(note, f"{label} {sans[note.ply - 1]}" if note.ply <= len(sans) else label)


def note_comments(notes: list[Note], plies: int) -> dict[int, str]:
    """Notes as record comments by ply (0: before the first move), several at one ply
    joined in the order they were written. A note written at a ply a takeback has since
    undone goes after the last move of a record of ``plies`` moves, so none is lost."""
    comments: dict[int, str] = {}
    for note in notes:
        ply = min(note.ply, plies)
        comments[ply] = f"{comments[ply]} / {note.text}" if ply in comments else note.text
    return comments
