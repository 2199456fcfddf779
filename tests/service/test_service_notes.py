"""Private notes: kept per game and player, shown only to their author, and put into the
author's own PGN as comments after the moves they were written at."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from bot.service import GameService
from bot.service.errors import NotAPlayerError
from bot.service.notes import EmptyNoteError, NoteTooLongError, UnknownMoveNumberError
from bot.service.report_results import History
from bot.text.reports import history_text
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game


@pytest.mark.store
async def test_notes_are_kept_per_player_and_shown_only_to_their_author(
    service: GameService, db_path: Path
) -> None:
    """Each player sees only their own notes; a third player may not write any."""
    game = (await start_game(service)).game
    first = await service.notes.add(ALICE, None, "open with the king's pawn", game_id=game.id)
    assert first.note.after == "" and first.count == 1
    await play(service, game.id, "e4", "e5", "Nf3")
    second = await service.notes.add(ALICE, None, "  watch\nthe e-file \x07 ", game_id=game.id)
    assert second.note.note.text == "watch the e-file" and second.note.after == "2. Nf3"
    await service.notes.add(BOB, None, "bob's secret plan", game_id=game.id)
    mine = await service.notes.list(ALICE, None, game_id=game.id)
    assert [(n.after, n.note.text) for n in mine.notes] == [
        ("", "open with the king's pawn"),
        ("2. Nf3", "watch the e-file"),
    ]
    theirs = await service.notes.list(BOB, None, game_id=game.id)
    assert [n.note.text for n in theirs.notes] == ["bob's secret plan"]
    before = snapshot(db_path)
    with pytest.raises(NotAPlayerError):
        await service.notes.list(CAROL, None, game_id=game.id)
    with pytest.raises(NotAPlayerError):
        await service.notes.add(CAROL, None, "hi", game_id=game.id)
    with pytest.raises(EmptyNoteError):
        await service.notes.add(ALICE, None, " \n ", game_id=game.id)
    with pytest.raises(NoteTooLongError):
        await service.notes.add(ALICE, None, "x" * 1001, game_id=game.id)
    assert snapshot(db_path) == before
    cleared = await service.notes.clear(ALICE, None, game_id=game.id)
    assert cleared.removed == 2
    assert (await service.notes.list(ALICE, None, game_id=game.id)).notes == ()
    assert len((await service.notes.list(BOB, None, game_id=game.id)).notes) == 1


async def test_the_authors_pgn_carries_their_notes_as_comments(service: GameService) -> None:
    """/pgn with notes: the asker's notes (and only theirs) after the moves they followed;
    braces cannot end a comment early; the PGN still reads back."""
    game = (await start_game(service)).game
    await service.notes.add(ALICE, None, "prepared the Italian", game_id=game.id)
    await play(service, game.id, "e4")
    await service.notes.add(ALICE, None, "they may play {c5}", game_id=game.id)
    await play(service, game.id, "e5", "Nf3", "Nc6")
    await service.notes.add(BOB, None, "bob only", game_id=game.id)
    plain = await service.reports.record(ALICE, None, game_id=game.id)
    assert "{" not in plain.record
    noted = await service.reports.record(ALICE, None, game_id=game.id, notes=True)
    assert "{prepared the Italian} 1. e4 {they may play (c5)} 1... e5 2. Nf3 Nc6" in noted.record
    assert "bob only" not in noted.record
    tags, replayed = rules.get_variant("chess").read_record(noted.record)
    assert replayed.ply == 4 and tags["White"] == "alice"


async def test_xiangqi_notes_and_a_black_first_start(service: GameService) -> None:
    """A xiangqi record gets its notes too; a game started with black to move numbers the
    note after black's first move ``1...``."""
    game = (await start_game(service, "xiangqi")).game
    await play(service, game.id, "C2.5")
    await service.notes.add(BOB, None, "central cannon", game_id=game.id)
    record = await service.reports.record(BOB, None, game_id=game.id, notes=True)
    assert "1. H2-E2 {central cannon} *" in record.record
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    chess = (await start_game(service, fen=fen, white=ALICE, black=CAROL)).game
    await play(service, chess.id, "e5")
    noted = await service.notes.add(CAROL, None, "symmetry", game_id=chess.id)
    assert noted.note.after == "1... e5"
    pgn = await service.reports.record(CAROL, None, game_id=chess.id, notes=True)
    assert "1... e5 {symmetry} *" in pgn.record


async def test_a_note_after_a_move_taken_back_stays_in_the_pgn(service: GameService) -> None:
    """A note written after a move that was then taken back goes after the last move left."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5", "Nf3")
    await service.notes.add(ALICE, None, "knight out", game_id=game.id)
    await service.endings.takeback(ALICE, None, game_id=game.id)
    await service.endings.accept_takeback(BOB, game.id)
    pgn = await service.reports.record(ALICE, None, game_id=game.id, notes=True)
    assert "1. e4 e5 {knight out} *" in pgn.record


async def test_a_note_names_the_move_it_follows_by_number(
    service: GameService, db_path: Path
) -> None:
    """``move:`` puts a note after an earlier move (``1.`` white's first, ``2...`` black's
    second); the author's PGN has it there, the opponent's never."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "c5", "Nf3", "d6")
    first = await service.notes.add(ALICE, None, "the Sicilian", game_id=game.id, move="1...")
    assert first.note.after == "1... c5"
    second = await service.notes.add(ALICE, None, "quiet", game_id=game.id, move=" 2 ")
    assert second.note.after == "2. Nf3"
    third = await service.notes.add(ALICE, None, "now d4", game_id=game.id, move="2…")
    assert third.note.after == "2... d6"
    pgn = await service.reports.record(ALICE, None, game_id=game.id, notes=True)
    assert "1. e4 c5 {the Sicilian} 2. Nf3 {quiet} 2... d6 {now d4} *" in pgn.record
    theirs = await service.reports.record(BOB, None, game_id=game.id, notes=True)
    assert "Sicilian}" not in theirs.record and "{" not in theirs.record


@pytest.mark.parametrize("typed", ["3.", "2...x", "0.", "-1", "e4", "12 ...", "99999..."])
async def test_a_move_number_not_played_is_refused_naming_the_last(
    service: GameService, db_path: Path, typed: str
) -> None:
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5", "Nf3")
    before = snapshot(db_path)
    with pytest.raises(UnknownMoveNumberError) as refused:
        await service.notes.add(ALICE, None, "hm", game_id=game.id, move=typed)
    assert (refused.value.typed, refused.value.last) == (typed, "2.")
    assert snapshot(db_path) == before


async def test_move_numbers_of_a_black_first_start_and_before_any_move(
    service: GameService,
) -> None:
    """From a start with black to move at move 7, ``7...`` is the first ply and ``8.`` the
    second; with no move yet, any number is refused (the last is empty)."""
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 7"
    game = (await start_game(service, fen=fen)).game
    with pytest.raises(UnknownMoveNumberError) as refused:
        await service.notes.add(BOB, None, "too early", game_id=game.id, move="7...")
    assert refused.value.last == ""
    await play(service, game.id, "e5", "Nf3")
    assert (await service.notes.add(BOB, None, "a", game_id=game.id, move="7...")).note.after == (
        "7... e5"
    )
    assert (await service.notes.add(BOB, None, "b", game_id=game.id, move="8")).note.after == (
        "8. Nf3"
    )


async def test_notes_are_listed_beside_their_moves_in_move_order(service: GameService) -> None:
    """A note written later about an earlier move is listed before the later move's, as the
    author's PGN places it; notes at one move keep the order they were written in."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "c5", "Nf3", "d6")
    await service.notes.add(ALICE, None, "now d4", game_id=game.id)
    await service.notes.add(ALICE, None, "the Sicilian", game_id=game.id, move="1...")
    await service.notes.add(ALICE, None, "an Open Sicilian next", game_id=game.id, move="1...")
    listed = await service.notes.list(ALICE, None, game_id=game.id)
    assert [(n.after, n.note.text) for n in listed.notes] == [
        ("1... c5", "the Sicilian"),
        ("1... c5", "an Open Sicilian next"),
        ("2... d6", "now d4"),
    ]
    pgn = await service.reports.record(ALICE, None, game_id=game.id, notes=True)
    assert "1. e4 c5 {the Sicilian / an Open Sicilian next} 2. Nf3 d6 {now d4} *" in pgn.record


async def test_a_spectators_pgn_never_carries_a_players_note(service: GameService) -> None:
    """Carol, who plays no part, asks for the PGN with notes: she has none, and neither
    player's notes are in it; each player's own PGN has only their own."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.notes.add(ALICE, None, "alice's plan", game_id=game.id, move="1.")
    await service.notes.add(BOB, None, "bob's plan", game_id=game.id, move="1...")
    carol = await service.reports.record(CAROL, PLACE, game_id=game.id, notes=True)
    assert "{" not in carol.record and "plan" not in carol.record
    alice = await service.reports.record(ALICE, None, game_id=game.id, notes=True)
    assert "1. e4 {alice's plan} 1... e5 *" in alice.record and "bob's" not in alice.record
    bob = await service.reports.record(BOB, None, game_id=game.id, notes=True)
    assert "1. e4 e5 {bob's plan} *" in bob.record and "alice's" not in bob.record


async def test_history_shows_the_readers_own_notes_beside_their_moves(
    service: GameService,
) -> None:
    """``/history`` lists each finished game with its reader's own notes beside the moves
    they follow; never the opponent's, and none to a spectator, whoever's history it is."""
    started = await start_game(service)
    game_id = started.game.id
    await play(service, game_id, "e4", "e5", "Nf3")
    await service.notes.add(ALICE, PLACE, "aim at f7", game_id=game_id, move="2.")
    await service.notes.add(ALICE, PLACE, "open game", game_id=game_id, move="1...")
    await service.notes.add(BOB, PLACE, "bob's secret", game_id=game_id)
    await service.endings.confirm_resign(BOB, game_id)

    def said(history: History) -> str:
        return str(history_text(history))

    own = await service.reports.history(ALICE, place=PLACE)
    (entry,) = own.entries
    assert [(n.after, n.note.text) for n in entry.notes] == [
        ("1... e5", "open game"),
        ("2. Nf3", "aim at f7"),
    ]
    text = said(own)
    assert "  your note after 1... e5: open game\n  your note after 2. Nf3: aim at f7" in text
    assert "bob's secret" not in text
    bobs = await service.reports.history(BOB, place=PLACE)
    assert [n.note.text for n in bobs.entries[0].notes] == ["bob's secret"]
    assert "aim at f7" not in said(bobs)
    # alice reading bob's history sees her own notes on their game, not bob's.
    theirs = await service.reports.history(ALICE, BOB, place=PLACE)
    assert "bob's secret" not in said(theirs) and "aim at f7" in said(theirs)
    # A spectator sees the games, and no note of anyone's.
    watched = await service.reports.history(CAROL, ALICE, place=PLACE)
    assert watched.entries and all(entry.notes == () for entry in watched.entries)
    assert "note" not in said(watched)
