"""Playing the computer through the service: starting a game against Postal, its replies
through the same move path as a person's, durability, failures, and separate stats."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from bot.engine.api import UnavailableReason
from bot.service import (
    ComputerGameStarted,
    ComputerStuck,
    GameService,
    ManualClock,
    MovePlayed,
    TakenBack,
    User,
)
from bot.service.computer import (
    LONGEST_RETRY,
    REPLY_CLAIM_LEASE,
    TELL_AFTER_FAILURES,
    ComputerUnavailableError,
    NoComputerError,
)
from bot.service.errors import ComputerPlaysOnError, InvalidPositionError
from bot.service.option_errors import (
    LevelForPersonError,
    LevelRangeError,
    NotAChoiceError,
    TimeBankError,
    TimeBankProblem,
    Unratable,
    UnratableError,
)
from bot.store import (
    ClaimKind,
    NotifyMode,
    OutboxKind,
    OutboxRow,
    OutboxTarget,
    Store,
    TurnFacts,
)
from bot.text.errors import error_message
from bot.text.reasons import refusal
from bot.text.reports import stats_text
from bot.text.words import computer_stuck
from rules import Color, FenProblem
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, PLACE, play, snapshot, start_game

POSTAL = User(999, "Postal", is_bot=True)


@pytest.fixture
def engines() -> FakeEngines:
    return FakeEngines()


@pytest.fixture
def service(store: Store, clock: ManualClock, engines: FakeEngines) -> GameService:
    made = GameService(store, clock, engines=engines)
    made.computer.introduce(POSTAL)
    return made


async def test_the_computer_moves_after_the_human_through_the_move_path(
    service: GameService, store: Store, engines: FakeEngines, clock: ManualClock
) -> None:
    """A game against Postal starts at once, unrated; after the human's move the computer's
    reply is played, stored and posted in the game's place, and the human's clock runs."""
    started = await service.computer.challenge(ALICE, PLACE, level=5, color="white", days=2)
    game = started.game
    assert (game.white.id, game.black.id) == (ALICE.id, POSTAL.id)
    assert not game.rated and started.level == 5 and started.notify.id == ALICE.id
    assert not started.custom_start and started.computer.id == POSTAL.id
    computer = await store.players.get(POSTAL.id)
    assert computer is not None and computer.is_bot and computer.notify is NotifyMode.OFF

    moved = await service.play.move(ALICE, PLACE, "e4", game_id=game.id)
    assert isinstance(moved, MovePlayed) and moved.game.to_move is not None
    assert moved.game.to_move.id == POSTAL.id
    assert moved.game.deadline is None  # the computer has no clock
    clock.advance(timedelta(seconds=5))

    replies = await service.computer.reply_all()
    assert len(replies) == 1
    reply = replies[0]
    assert reply.mover.id == POSTAL.id and reply.notify is not None
    assert reply.notify.id == ALICE.id
    assert reply.game.deadline == clock().replace(microsecond=0) + timedelta(days=2)
    request = engines.requests[0]
    assert request.level == 5 and request.moves == ("e2e4",)
    assert request.requester == str(ALICE.id) and request.variant_name == "chess"
    assert request.budget.movetime_ms == 300  # level 5's think time
    # Posted in the game's place, mentioning alice (she wants mentions), with the board.
    rows = await store.outbox.rows(game_id=game.id)
    turn = [r for r in rows if r.kind is OutboxKind.TURN and r.target is OutboxTarget.PLACE]
    assert len(turn) == 1 and turn[0].routing.mention == (ALICE.id,)
    assert turn[0].facts == TurnFacts(2, board=True)
    record = await service.reports.record(ALICE, PLACE, game_id=game.id)
    assert f"1. e4 {reply.san}" in record.record
    assert '[Black "Postal"]' in record.record
    # Nothing more to do until alice moves again.
    assert await service.computer.reply_all() == []


async def test_the_computer_plays_first_when_the_human_takes_black(
    service: GameService, engines: FakeEngines
) -> None:
    """With the human on black, the computer's first move comes right away."""
    started = await service.computer.challenge(ALICE, PLACE, color="black")
    assert started.notify.id == POSTAL.id and started.level == 3
    replies = await service.computer.reply_all()
    assert [r.game.ply for r in replies] == [1]
    assert replies[0].game.to_move is not None and replies[0].game.to_move.id == ALICE.id
    assert engines.requests[0].moves == () and engines.requests[0].level == 3


async def test_the_board_after_a_move_against_the_computer_is_the_humans(
    service: GameService,
) -> None:
    """After the human's move the computer is to move, yet the board posted is turned to the
    human's side (black at the bottom for black), as it is after the computer's reply."""
    started = await service.computer.challenge(ALICE, PLACE, color="black")
    (first,) = await service.computer.reply_all()
    assert first.board.orientation is Color.BLACK
    moved = await service.play.move(ALICE, PLACE, "e5", game_id=started.game.id)
    assert isinstance(moved, MovePlayed)
    assert moved.board.orientation is Color.BLACK


async def test_xiangqi_from_a_custom_position(service: GameService, engines: FakeEngines) -> None:
    """Xiangqi, red, from a position of the player's choosing: the engine is asked from
    that position, and moves are played in ICCS by the same rules."""
    fen = "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"
    started = await service.computer.challenge(
        ALICE, PLACE, game="xiangqi", color="red", fen=fen, level=1
    )
    assert started.game.variant == "xiangqi" and started.custom_start
    await service.play.move(ALICE, PLACE, "a1a2", game_id=started.game.id)
    (reply,) = await service.computer.reply_all()
    request = engines.requests[0]
    assert request.start_fen == fen and request.moves == ("a1a2",)
    assert reply.mover.id == POSTAL.id and reply.game.ply == 2
    assert reply.uci[0] == "d"  # only the black general can move


async def test_refusals_change_nothing(service: GameService, db_path: Path) -> None:
    """A level out of range, rated:yes, a level with a person, and a bad position are refused
    with a clear reason, and nothing is written."""
    before = snapshot(db_path)
    with pytest.raises(LevelRangeError) as out_of_range:
        await service.computer.challenge(ALICE, PLACE, level=9)
    assert out_of_range.value.level == 9
    with pytest.raises(UnratableError) as rated:
        await service.computer.challenge(ALICE, PLACE, rated=True)
    assert rated.value.reason is Unratable.COMPUTER
    with pytest.raises(LevelForPersonError) as person:
        service.computer.meant(BOB, 4)
    assert (person.value.player, person.value.computer) == ("bob", "Postal")
    with pytest.raises(NotAChoiceError) as colour:
        await service.computer.challenge(ALICE, PLACE, game="xiangqi", color="green")
    assert colour.value.option == "color" and colour.value.choices == ("red", "black", "random")
    with pytest.raises(InvalidPositionError) as refused:
        await service.computer.challenge(ALICE, PLACE, fen="not a fen")
    assert refused.value.problem is FenProblem.FIELD_COUNT
    assert snapshot(db_path) == before
    assert service.computer.meant(POSTAL, None) and service.computer.meant(None, 2)
    assert not service.computer.meant(BOB, None) and not service.computer.meant(None, None)


async def test_a_missing_engine_gives_one_clear_message(
    store: Store, clock: ManualClock, db_path: Path
) -> None:
    """No engine for xiangqi (or none at all): the challenge says how to install it."""
    service = GameService(store, clock, engines=FakeEngines(["chess"]))
    service.computer.introduce(POSTAL)
    before = snapshot(db_path)
    with pytest.raises(ComputerUnavailableError) as raised:
        await service.computer.challenge(ALICE, PLACE, game="xiangqi")
    assert (raised.value.variant, raised.value.reason) == ("xiangqi", UnavailableReason.MISSING)
    assert "apt-get install fairy-stockfish" in (refusal(raised.value) or "")
    none = GameService(store, clock)
    none.computer.introduce(POSTAL)
    with pytest.raises(ComputerUnavailableError) as raised:
        await none.computer.challenge(ALICE, PLACE)
    assert "apt-get install stockfish" in (refusal(raised.value) or "")
    unintroduced = GameService(store, clock, engines=FakeEngines())
    with pytest.raises(NoComputerError):
        await unintroduced.computer.challenge(ALICE, PLACE)
    assert snapshot(db_path) == before
    # The rest of Postal works without engines.
    started = await start_game(none)
    assert started.game.active


async def test_a_restart_resumes_the_computers_pending_reply(
    db_path: Path, clock: ManualClock
) -> None:
    """The human's move is the pending reply: a new process on the same database plays it."""
    store = await Store.open(db_path)
    first = GameService(store, clock, engines=FakeEngines())
    first.computer.introduce(POSTAL)
    started = await first.computer.challenge(ALICE, PLACE, color="white")
    await first.play.move(ALICE, PLACE, "d4", game_id=started.game.id)
    await store.close()  # the process stops before the computer answered

    store = await Store.open(db_path)
    try:
        second = GameService(store, clock, engines=FakeEngines())
        second.computer.introduce(POSTAL)
        (pending,) = await second.computer.pending(10)
        assert (pending.game_id, pending.ply, pending.requester_id) == (
            started.game.id,
            1,
            ALICE.id,
        )
        (reply,) = await second.computer.reply_all()
        assert reply.game.ply == 2
    finally:
        await store.close()


async def test_an_engine_failure_is_tried_again_later(
    service: GameService, engines: FakeEngines, clock: ManualClock
) -> None:
    """A crashed search holds the reply back (30 s, then longer), then it is played."""
    started = await service.computer.challenge(ALICE, PLACE, color="white")
    await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
    engines.failures = 2
    assert await service.computer.reply_all() == []
    assert await service.computer.pending(10) == []
    retry = await service.computer.next_retry()
    assert retry == clock().replace(microsecond=0) + timedelta(seconds=30)
    clock.advance(timedelta(seconds=31))
    assert await service.computer.reply_all() == []  # failed again: a minute this time
    assert await service.computer.pending(10) == []
    clock.advance(timedelta(seconds=61))
    (pending,) = await service.computer.pending(10)
    assert pending.attempts == 2
    (reply,) = await service.computer.reply_all()
    assert reply.game.ply == 2


async def test_games_against_the_computer_have_their_own_stats_and_no_rating(
    service: GameService,
) -> None:
    """A loss to Postal counts apart from games against people and rates nobody."""
    people = await start_game(service)  # alice vs bob, rated
    await play(service, people.game.id, "e4", "e5")  # two plies: a result, not an abort
    await service.endings.confirm_resign(BOB, people.game.id)
    started = await service.computer.challenge(ALICE, PLACE, color="white", level=2)
    await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
    await service.computer.reply_all()
    await service.endings.confirm_resign(ALICE, started.game.id)

    stats = await service.reports.stats(ALICE, place=PLACE)
    assert [(v.variant, v.wins, v.losses) for v in stats.variants] == [("chess", 1, 0)]
    assert [(c.variant, c.level, c.wins, c.draws, c.losses) for c in stats.computer] == [
        ("chess", 2, 0, 0, 1)
    ]
    assert "Against the computer (unrated):" in stats_text(
        stats
    ) and "level 2: 0 won, 0 drawn, 1 lost" in stats_text(stats)
    theirs = await service.reports.stats(ALICE, POSTAL, place=PLACE)
    assert theirs.variants == ()
    assert [(c.level, c.wins, c.losses) for c in theirs.computer] == [(2, 1, 0)]
    board = await service.reports.leaderboard(PLACE.guild_id, "chess")
    assert POSTAL.id not in {row.player.id for row in board.rows}


async def test_the_computer_grants_takebacks_and_plays_on_when_offered_a_draw(
    service: GameService, db_path: Path
) -> None:
    """A takeback is granted at once (the human's move and the reply), as often as asked;
    a draw offer is refused with what to do instead, and nothing is written."""
    started = await service.computer.challenge(ALICE, PLACE, color="white")
    game_id = started.game.id
    for _ in range(4):  # more than the spam limit between people allows
        await service.play.move(ALICE, PLACE, "e4", game_id=game_id)
        await service.computer.reply_all()
        taken = await service.endings.takeback(ALICE, PLACE, game_id=game_id)
        assert isinstance(taken, TakenBack) and taken.plies == 2
        assert taken.game.ply == 0 and taken.notify.id == ALICE.id
    await service.play.move(ALICE, PLACE, "d4", game_id=game_id)
    # Asked while the computer thinks: only the human's move goes, and no reply follows.
    taken = await service.endings.takeback(ALICE, PLACE, game_id=game_id)
    assert isinstance(taken, TakenBack) and taken.plies == 1
    assert await service.computer.reply_all() == []
    before = snapshot(db_path)
    with pytest.raises(ComputerPlaysOnError) as refused:
        await service.endings.draw(ALICE, PLACE, game_id=game_id)
    assert error_message(refused.value).startswith("Postal does not agree to draws")
    assert snapshot(db_path) == before


async def test_the_computers_mate_ends_the_game_in_its_place(
    service: GameService, store: Store
) -> None:
    """The computer's mating move ends the game like a person's: the ending is posted in
    the game's place, and counted in the human's results against the computer."""
    fen = "4r1k1/5ppp/8/8/8/8/P4PPP/4N1K1 w - - 0 1"
    started = await service.computer.challenge(ALICE, PLACE, color="white", fen=fen, level=8)
    await service.play.move(ALICE, PLACE, "a3", game_id=started.game.id)
    (reply,) = await service.computer.reply_all()
    assert reply.san == "Rxe1#" and reply.ending is not None
    assert reply.ending.result == "0-1" and not reply.ending.rating_changes
    rows = await store.outbox.rows(game_id=started.game.id)
    assert [r.target for r in rows if r.kind is OutboxKind.ENDING] == [OutboxTarget.PLACE]
    stats = await service.reports.stats(ALICE, place=PLACE)
    assert [(c.level, c.losses) for c in stats.computer] == [(8, 1)]


@pytest.mark.store
async def test_a_rematch_against_the_computer_starts_at_once_at_the_same_level(
    service: GameService,
) -> None:
    """Rematch after a game against Postal: a new game at once, colours swapped, same level
    (not a challenge nobody could accept)."""
    started = await service.computer.challenge(ALICE, PLACE, color="white", level=6, days=5)
    await service.endings.confirm_resign(ALICE, started.game.id)
    again = await service.after_game.rematch(ALICE, started.game.id, place=PLACE)
    assert isinstance(again, ComputerGameStarted)
    assert again.level == 6 and again.game.black.id == ALICE.id
    assert again.game.white.id == POSTAL.id and again.game.days_per_move == 5


async def test_two_processes_never_both_think_the_computers_move(
    db_path: Path, clock: ManualClock
) -> None:
    """Two services on one database: the reply one is thinking is claimed, so the other
    neither lists it nor searches it; one move is played; then either may take the next."""
    first_store, second_store = await Store.open(db_path), await Store.open(db_path)
    held = FakeEngines(gate=asyncio.Event())
    other = FakeEngines()
    first = GameService(first_store, clock, engines=held, process="first")
    second = GameService(second_store, clock, engines=other, process="second")
    for service in (first, second):
        service.computer.introduce(POSTAL)
    try:
        started = await first.computer.challenge(ALICE, PLACE, color="white")
        await first.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
        (pending,) = await first.computer.pending(10)
        assert [p.game_id for p in await second.computer.pending(10)] == [started.game.id]

        thinking = asyncio.create_task(first.computer.reply(pending))
        while held.thinking == 0:
            await asyncio.sleep(0.01)
        assert await second.computer.pending(10) == []  # claimed by the first
        assert await second.computer.reply(pending) is None  # and not taken even if asked
        assert await second.computer.reply_all() == []
        assert other.requests == []

        assert held.gate is not None
        held.gate.set()
        played = await thinking
        assert played is not None and played.game.ply == 2
        record = await second_store.games.get(started.game.id)
        assert record is not None and record.ply == 2

        # The claim ended with the reply: the second process answers the next move.
        await second.play.move(ALICE, PLACE, "d4", game_id=started.game.id)
        (reply,) = await second.computer.reply_all()
        assert reply.game.ply == 4 and len(other.requests) == 1 and len(held.requests) == 1
    finally:
        await first_store.close()
        await second_store.close()


async def test_a_reply_claimed_by_a_killed_process_is_taken_over_after_its_lease(
    db_path: Path, clock: ManualClock
) -> None:
    """A process killed mid-reply leaves its claim: another answers once the lease ends."""
    store = await Store.open(db_path)
    try:
        service = GameService(store, clock, engines=FakeEngines(), process="survivor")
        service.computer.introduce(POSTAL)
        started = await service.computer.challenge(ALICE, PLACE, color="white")
        await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
        moment = clock().timestamp()
        until = moment + REPLY_CLAIM_LEASE.total_seconds()
        taken = await store.claims.take(
            ClaimKind.COMPUTER_REPLY, [started.game.id], "killed", moment, until
        )
        assert taken == {started.game.id}
        assert await service.computer.reply_all() == []
        clock.advance(REPLY_CLAIM_LEASE + timedelta(seconds=1))
        (reply,) = await service.computer.reply_all()
        assert reply.game.ply == 2
    finally:
        await store.close()


async def test_an_engine_that_keeps_failing_is_told_to_the_player_once(
    service: GameService, store: Store, engines: FakeEngines, clock: ManualClock
) -> None:
    """A crash is retried quietly twice; the third failure in a row writes one outbox row
    telling the player, however often it fails after; the move, when it comes, is posted
    and the notice, if still unsent, is dropped."""
    started = await service.computer.challenge(ALICE, PLACE, color="white")
    game_id = started.game.id
    await service.play.move(ALICE, PLACE, "e4", game_id=game_id)

    def stuck(rows: list[OutboxRow]) -> list[OutboxRow]:
        return [r for r in rows if r.kind is OutboxKind.COMPUTER_STUCK]

    engines.failures = 5
    for attempt in range(1, 6):
        assert await service.computer.reply_all() == []
        told = stuck(await store.outbox.rows(game_id=game_id))
        assert len(told) == (0 if attempt < TELL_AFTER_FAILURES else 1)
        clock.advance(LONGEST_RETRY)
    (row,) = told
    assert row.target is OutboxTarget.PLACE and row.user_id == ALICE.id
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and isinstance(delivery.content, ComputerStuck)
    assert delivery.content.reason is None and delivery.content.player.id == ALICE.id
    assert [p.id for p in delivery.mention] == [ALICE.id]  # she takes mentions
    assert "keeps crashing or hanging" in computer_stuck(delivery.content)

    (reply,) = await service.computer.reply_all()  # the engine works again
    assert reply.game.ply == 2
    assert await service.deliveries.delivery(row) is None  # moved on: superseded, not sent late


@pytest.mark.store
async def test_a_missing_engine_is_told_at_once_by_dm_to_who_wants_dms(
    service: GameService, store: Store, engines: FakeEngines
) -> None:
    """An engine gone missing (uninstalled) is a lasting failure: the player hears at the
    first one, by DM since that is how she takes her news, with how to install it."""
    await service.preferences.settings(ALICE, notify="dm")
    started = await service.computer.challenge(ALICE, PLACE, color="white")
    await service.play.move(ALICE, PLACE, "e4", game_id=started.game.id)
    engines.variants = ()
    assert await service.computer.reply_all() == []
    rows = await store.outbox.rows(game_id=started.game.id)
    (row,) = [r for r in rows if r.kind is OutboxKind.COMPUTER_STUCK]
    assert row.target is OutboxTarget.DM
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and isinstance(delivery.content, ComputerStuck)
    assert delivery.content.reason is UnavailableReason.MISSING
    assert "apt-get install stockfish" in computer_stuck(delivery.content)


async def test_a_time_bank_against_the_computer_is_honoured(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """``/challenge level: increment: cap:`` gives the player the time bank asked for (the
    computer has no clock): each of their moves earns the increment up to the cap. Terms a
    challenge refuses are refused here too, and nothing is written."""
    before = snapshot(db_path)
    with pytest.raises(TimeBankError) as capless:
        await service.computer.challenge(ALICE, PLACE, color="white", days=3, cap=7)
    assert capless.value.problem is TimeBankProblem.CAP_WITHOUT_INCREMENT
    with pytest.raises(TimeBankError) as untimed:
        await service.computer.challenge(ALICE, PLACE, days=None, increment=1)
    assert untimed.value.problem is TimeBankProblem.UNTIMED
    assert snapshot(db_path) == before
    started = await service.computer.challenge(
        ALICE, PLACE, color="white", days=2, increment=1, cap=3
    )
    assert (started.game.increment_days, started.game.cap_days) == (1, 3)
    game_id = started.game.id
    for text in ("e4", "d4"):
        clock.advance(hours=1)
        await service.play.move(ALICE, PLACE, text, game_id=game_id)
        clock.advance(seconds=5)
        (reply,) = await service.computer.reply_all()
    # 2 days - 1 h + 1 day, then capped at 3 days: her bank runs from the computer's reply.
    assert reply.game.deadline == clock().replace(microsecond=0) + timedelta(days=3)


async def test_a_reply_failing_by_a_bug_is_held_back_like_a_crash(
    service: GameService, store: Store, engines: FakeEngines, clock: ManualClock
) -> None:
    """A search raising what no engine error explains (``RuntimeError``) does not escape
    ``reply_all``: the reply is held back as a crash is (not due again until its retry),
    and the third failure in a row tells the player, in words."""
    started = await service.computer.challenge(ALICE, PLACE, color="white")
    game_id = started.game.id
    await service.play.move(ALICE, PLACE, "e4", game_id=game_id)

    async def broken(request: object) -> object:
        raise RuntimeError("the engine answered nonsense")

    engines.search = broken  # type: ignore[method-assign, assignment]
    for _ in range(TELL_AFTER_FAILURES):
        assert await service.computer.reply_all() == []
        assert await service.computer.pending(10) == []  # held back until its retry
        clock.advance(LONGEST_RETRY)
    rows = await store.outbox.rows(game_id=game_id)
    (row,) = [r for r in rows if r.kind is OutboxKind.COMPUTER_STUCK]
    delivery = await service.deliveries.delivery(row)
    assert delivery is not None and isinstance(delivery.content, ComputerStuck)
    assert "keeps crashing or hanging" in computer_stuck(delivery.content)
    assert "RuntimeError" not in computer_stuck(delivery.content)
