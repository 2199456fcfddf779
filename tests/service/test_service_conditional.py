"""Conditional moves: prepared lines, checked on entry, answered in the move's own write."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.service import GameService, ManualClock, MovePlayed, TurnNotice
from bot.service.conditional import (
    BadLineMoveError,
    ConflictingAnswerError,
    EmptyLineError,
    LineTooLongError,
)
from bot.service.errors import (
    GameOverError,
    IllegalMoveError,
    NotAPlayerError,
    UnreadableMoveError,
)
from bot.store import OfferKind, OutboxKind, OutboxTarget, Store, TurnFacts
from bot.text.endings import move_played_text
from bot.text.notices import turn_notice_text
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, play, snapshot, start_game


async def moves_of(store: Store, game_id: int) -> list[str]:
    return [m.san for m in await store.games.moves(game_id)]


async def lines_of(service: GameService, user: object, game_id: int) -> list[str]:
    listed = await service.conditional.list(user, None, game_id=game_id)  # type: ignore[arg-type]
    return [" ".join(m.notation for m in line.moves) for line in listed.lines]


async def test_a_line_is_checked_and_stored_and_listed_with_its_position(
    service: GameService,
) -> None:
    """add checks every move in sequence; list shows the line, whose moves are whose, and
    the position it leads to."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    added = await service.conditional.add(BOB, None, "Nf3 Nc6 Bb5 a6", game_id=game.id)
    assert added.added == 4 and added.lines == 1
    assert [(m.number, m.notation, m.mine) for m in added.line.moves] == [
        ("2.", "Nf3", False),
        ("2...", "Nc6", True),
        ("3.", "Bb5", False),
        ("3...", "a6", True),
    ]
    assert added.line.fen.startswith("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w")
    listed = await service.conditional.list(BOB, None, game_id=game.id)
    assert [line.fen for line in listed.lines] == [added.line.fen]
    assert listed.lines[0].board.position.fen() == added.line.fen
    # Private: the opponent sees none of them.
    assert await lines_of(service, ALICE, game.id) == []


async def test_a_bad_move_in_a_line_is_named_and_nothing_is_stored(
    service: GameService, db_path: Path
) -> None:
    """The third move is illegal after the first two: the error names it; nothing changes."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    before = snapshot(db_path)
    with pytest.raises(BadLineMoveError) as raised:
        await service.conditional.add(BOB, None, "Nf3 Nc6 Bb6 a6", game_id=game.id)
    assert (raised.value.index, raised.value.typed) == (3, "Bb6")
    assert isinstance(raised.value.cause, IllegalMoveError)
    with pytest.raises(BadLineMoveError) as raised:
        await service.conditional.add(BOB, None, "Nf3 Nf9", game_id=game.id)
    assert raised.value.index == 2
    assert isinstance(raised.value.cause, UnreadableMoveError)
    with pytest.raises(EmptyLineError):
        await service.conditional.add(BOB, None, "Nf3", game_id=game.id)
    with pytest.raises(LineTooLongError):
        await service.conditional.add(BOB, None, "Nf3 Nf6 Ng1 Ng8 " * 11, game_id=game.id)
    with pytest.raises(NotAPlayerError):
        await service.conditional.add(CAROL, None, "Nf3 Nc6", game_id=game.id)
    assert snapshot(db_path) == before


async def test_move_numbers_and_commas_are_allowed_in_a_line(service: GameService) -> None:
    """A line pasted from a PGN (move numbers, commas) reads as its moves."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4")
    added = await service.conditional.add(
        ALICE, None, "1... e5, 2. Nf3 2...Nc6 3.Bb5", game_id=game.id
    )
    assert [m.notation for m in added.line.moves] == ["e5", "Nf3", "Nc6", "Bb5"]


@pytest.mark.store
async def test_a_different_answer_to_the_same_move_is_refused(service: GameService) -> None:
    """One answer per expected move: a second, different answer is refused, alternatives
    for the opponent are merged into the tree."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6 Bb5 a6", game_id=game.id)
    with pytest.raises(ConflictingAnswerError) as raised:
        await service.conditional.add(BOB, None, "Nf3 Nf6", game_id=game.id)
    assert (raised.value.expected, raised.value.stored, raised.value.new) == ("Nf3", "Nc6", "Nf6")
    again = await service.conditional.add(BOB, None, "Nf3 Nc6 Bc4 Bc5", game_id=game.id)
    assert again.added == 2 and again.lines == 2
    same = await service.conditional.add(BOB, None, "Nf3 Nc6", game_id=game.id)
    assert same.added == 0
    assert await lines_of(service, BOB, game.id) == ["Nf3 Nc6 Bb5 a6", "Nf3 Nc6 Bc4 Bc5"]


async def test_the_answer_is_played_with_the_move_and_the_rest_stays(
    service: GameService, store: Store
) -> None:
    """The opponent plays the expected move: the answer follows in the same write, the
    notice says it was conditional, and the rest of the line stays for the next turn."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6 Bb5 a6 Ba4 Nf6", game_id=game.id)
    result = await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    assert isinstance(result, MovePlayed)
    assert [(a.player_id, a.number, a.notation) for a in result.answers] == [
        (BOB.id, "2...", "Nc6")
    ]
    assert "bob answered 2... Nc6 (a conditional move)" in move_played_text(result)
    assert result.game.to_move is not None and result.game.to_move.id == ALICE.id
    assert result.notify is None  # alice typed it: she is looking at the answer
    assert result.board.last_move is not None
    assert await moves_of(store, game.id) == ["e4", "e5", "Nf3", "Nc6"]
    assert await lines_of(service, BOB, game.id) == ["Bb5 a6 Ba4 Nf6"]
    # A chain over several turns.
    result = await service.play.move(ALICE, None, "Bb5", game_id=game.id)
    assert isinstance(result, MovePlayed) and [a.notation for a in result.answers] == ["a6"]
    result = await service.play.move(ALICE, None, "Ba4", game_id=game.id)
    assert isinstance(result, MovePlayed) and [a.notation for a in result.answers] == ["Nf6"]
    assert await lines_of(service, BOB, game.id) == []
    assert await moves_of(store, game.id) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    # Each move its own version, so the replay cache and a restart agree.
    fresh = GameService(store, ManualClock())
    assert (await fresh.reports.game_view(game.id)).ply == 8


async def test_alternatives_pick_the_answer_to_the_move_played_and_others_drop(
    service: GameService,
) -> None:
    """Several expected moves: the one played gets its answer; the lines that did not
    happen are dropped."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6 Bb5 a6", game_id=game.id)
    await service.conditional.add(BOB, None, "Bc4 Nf6 d3 Bc5", game_id=game.id)
    result = await service.play.move(ALICE, None, "Bc4", game_id=game.id)
    assert isinstance(result, MovePlayed) and [a.notation for a in result.answers] == ["Nf6"]
    assert await lines_of(service, BOB, game.id) == ["d3 Bc5"]


async def test_a_move_nobody_expected_drops_every_line(service: GameService) -> None:
    """An unexpected move: no answer, the lines are dropped, the player is to move."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6", game_id=game.id)
    result = await service.play.move(ALICE, None, "d4", game_id=game.id)
    assert isinstance(result, MovePlayed) and result.answers == ()
    assert result.notify is not None and result.notify.id == BOB.id
    assert await lines_of(service, BOB, game.id) == []


@pytest.mark.store
async def test_both_players_lines_meet_in_one_chain(service: GameService, store: Store) -> None:
    """Bob prepared answers; Alice prepared hers on her own turn, starting with the move she
    then plays: the two trees answer each other within the one move's write."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6 Bb5 a6 Ba4 Nf6", game_id=game.id)
    # On her own turn, Alice's line starts with her own move.
    mine = await service.conditional.add(ALICE, None, "Nf3 Nc6 Bb5 a6 Ba4", game_id=game.id)
    assert [m.mine for m in mine.line.moves] == [True, False, True, False, True]
    result = await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    assert isinstance(result, MovePlayed)
    assert [(a.player_id, a.notation) for a in result.answers] == [
        (BOB.id, "Nc6"),
        (ALICE.id, "Bb5"),
        (BOB.id, "a6"),
        (ALICE.id, "Ba4"),
        (BOB.id, "Nf6"),
    ]
    assert await moves_of(store, game.id) == [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6",
    ]  # fmt: skip
    assert result.game.to_move is not None and result.game.to_move.id == ALICE.id
    assert await lines_of(service, ALICE, game.id) == []
    assert await lines_of(service, BOB, game.id) == []


async def test_a_conditional_move_that_mates_ends_the_game_and_rates_it(
    service: GameService, store: Store
) -> None:
    """Bob's prepared answer mates: the game ends with the usual result, ratings change in
    the same write, and the ending names bob."""
    game = (await start_game(service, rated=True)).game
    await play(service, game.id, "f3", "e5")
    await service.conditional.add(BOB, None, "g4 Qh4#", game_id=game.id)
    result = await service.play.move(ALICE, None, "g4", game_id=game.id)
    assert isinstance(result, MovePlayed)
    assert result.ending is not None and result.ending.result == "0-1"
    assert result.ending.termination == "checkmate"
    assert len(result.ending.rating_changes) == 2
    assert result.notify is None
    record = await store.games.get(game.id)
    assert record is not None and record.result == "0-1" and record.termination == "checkmate"
    ratings = await store.ratings.get(game.guild_id, "chess", BOB.id)
    assert ratings is not None and ratings.rating > 1500
    assert await lines_of(service, BOB, game.id) == []
    with pytest.raises(GameOverError):
        await service.conditional.add(BOB, None, "g4 Qh4", game_id=game.id)


async def test_a_takeback_drops_the_lines_it_invalidates(service: GameService) -> None:
    """After a takeback the lines, built on the position it undid, are gone."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5", "Nf3")
    await service.conditional.add(ALICE, None, "Nc6 Bb5", game_id=game.id)
    await service.endings.takeback(ALICE, None, game_id=game.id)
    await service.endings.accept_takeback(BOB, game.id)
    assert await lines_of(service, ALICE, game.id) == []


async def test_draw_offer_and_deadline_follow_the_usual_rules(
    service: GameService, clock: ManualClock, store: Store
) -> None:
    """A draw offer lapses at the prepared answer as at any move; the deadline is the
    player to move's, counted from the answer."""
    game = (await start_game(service, days=3)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6", game_id=game.id)
    await service.endings.draw(ALICE, None, game_id=game.id)
    clock.advance(hours=5)
    result = await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    assert isinstance(result, MovePlayed) and result.lapsed_offers == (OfferKind.DRAW,)
    assert await store.games.offers(game.id) == []
    record = await store.games.get(game.id)
    assert record is not None and record.to_move_id == ALICE.id
    assert record.deadline_at == clock() + timedelta(days=3)


async def test_the_turn_dm_says_which_moves_were_prepared(
    service: GameService, store: Store
) -> None:
    """The player to move after a chain is told every move since their turn, the prepared
    ones marked; the mover gets no DM about their own answer."""
    await service.preferences.settings(ALICE, notify="dm")
    await service.preferences.settings(BOB, notify="dm")
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6", game_id=game.id)
    await service.conditional.add(ALICE, None, "Nf3 Nc6 Bb5", game_id=game.id)
    await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    rows = [
        row
        for row in await service.deliveries.deliveries_of(game.id)
        if row.kind is OutboxKind.TURN and row.target is OutboxTarget.DM
    ]
    last = rows[-1]
    assert last.user_id == BOB.id and last.facts == TurnFacts(5, since_ply=3, conditional=(4, 5))
    delivery = await service.deliveries.delivery(last)
    assert delivery is not None and isinstance(delivery.content, TurnNotice)
    assert [(m.notation, m.conditional) for m in delivery.content.moves] == [
        ("Nf3", False),
        ("Nc6", True),
        ("Bb5", True),
    ]
    assert turn_notice_text(delivery.content) == (
        "alice played 2. Nf3. bob played 2... Nc6 (a conditional move). "
        "alice played 3. Bb5 (a conditional move). bob to move."
    )


async def test_xiangqi_lines_in_every_notation(service: GameService, store: Store) -> None:
    """A xiangqi line in WXF, Chinese and ICCS, mixed: checked, answered, and shown in its
    reader's notation (Chinese for a line typed with Chinese, as /move answers; WXF once
    chosen); the answer's sentence in the mover's notation."""
    game = (await start_game(service, "xiangqi")).game
    await play(service, game.id, "C2.5")
    # Red (alice) prepares on black's turn: black's expected move first.
    added = await service.conditional.add(ALICE, None, "马8进7 H2+3 b9c7 C8.6", game_id=game.id)
    assert [m.notation for m in added.line.moves][:2] == ["马８进７", "马二进三"]
    await service.preferences.settings(ALICE, notation="wxf")
    (listed,) = (await service.conditional.list(ALICE, None, game_id=game.id)).lines
    assert [m.notation for m in listed.moves][:2] == ["H8+7", "H2+3"]
    await service.preferences.settings(BOB, notation="chinese")
    result = await service.play.move(BOB, None, "H8+7", game_id=game.id)
    assert isinstance(result, MovePlayed) and [a.notation for a in result.answers] == ["马二进三"]
    assert "alice answered 2. 马二进三 (a conditional move)." in move_played_text(result)
    assert len(await moves_of(store, game.id)) == 3


@pytest.mark.store
async def test_a_line_stored_while_the_opponent_moves_is_checked_against_the_new_game(
    service: GameService, store: Store, db_path: Path, clock: ManualClock
) -> None:
    """A line checked before a move and written after it is refused (the game's version
    guard): it never lands on a position it was not checked against."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    record = await store.games.get(game.id)
    assert record is not None
    await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    stale = await store.conditionals.add_line(record, BOB.id, ["g1f3", "b8c6"], clock())
    assert stale is None
    with connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM conditional_moves").fetchone() == (0,)


@pytest.mark.store
async def test_lines_cleared_while_a_move_is_checked_are_not_played(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bob clears his lines after alice's move read them and before it is written: the
    game's version guard refuses the write, the move is checked again, and no answer that
    bob withdrew is played."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5")
    await service.conditional.add(BOB, None, "Nf3 Nc6", game_id=game.id)
    read_tree = store.conditionals.tree
    reads = 0

    async def tree_then_cleared(game_id: int, player_id: int | None = None) -> list[object]:
        nonlocal reads
        nodes = await read_tree(game_id, player_id)
        reads += 1
        if reads == 1:
            record = await store.games.get(game_id)
            assert record is not None
            assert await store.conditionals.clear(record, BOB.id) == 2
        return list(nodes)

    monkeypatch.setattr(store.conditionals, "tree", tree_then_cleared)
    result = await service.play.move(ALICE, None, "Nf3", game_id=game.id)
    assert isinstance(result, MovePlayed) and result.answers == ()
    # The second check read the game again, which showed no line left: no second tree read.
    assert reads == 1
    assert await moves_of(store, game.id) == ["e4", "e5", "Nf3"]
