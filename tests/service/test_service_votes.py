"""Vote chess through the service: a team against a person to checkmate, a tie, a window
with no votes, the captain's choice, refusals, the computer answering a team, and closing a
window exactly once across processes and across a kill."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

import rules
from bot.i18n.locale import Locale
from bot.i18n.text import say
from bot.i18n.translator import using
from bot.service import GameEnded, GameService, ManualClock, User, board_controls
from bot.service.errors import (
    IllegalMoveError,
    InvalidButtonError,
    NotAPlayerError,
    UnreadableMoveError,
    UserError,
)
from bot.service.results import ButtonAction
from bot.service.vote_facts import VoteError, VoteRefusal, WindowClosed
from bot.service.vote_rules import NOMINATIONS_PER_TURN, VOTE_CHANGES_PER_TURN, ElectedBy
from bot.store import GameStatus, Store, team_player_id
from bot.text.vote_words import ballot_text
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, snapshot

DAVE = User(404, "dave")
ERIN = User(505, "erin")
POSTAL = User(999, "Postal", is_bot=True)


async def open_team_game(
    service: GameService, *, secret: bool = True, window: int | None = 24, after_vote: bool = False
) -> tuple[int, int]:
    """Alice captains the Lions (bob, carol) as white against dave, who accepts: (game id,
    team id)."""
    opened = await service.votes.open(
        ALICE,
        PLACE,
        name="Lions",
        members=(BOB, CAROL),
        opponent=DAVE,
        color="white",
        days=3,
        window_hours=window,
        secret=secret,
        after_vote=after_vote,
    )
    assert opened.challenge is not None and opened.team.window_hours == window
    started = await service.challenges.accept_challenge(DAVE, opened.challenge.challenge.id)
    team_id = -started.game.white.id
    assert started.game.white.name == "Lions" and not started.game.rated
    return started.game.id, team_id


@pytest.mark.store
async def test_a_team_plays_a_person_to_checkmate(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    """Each window elects the move most voted for, played as the team's move in the same
    write that closes the window; the person answers as in any game; the team mates."""
    game_id, team_id = await open_team_game(service)
    for team_move, answer in (("e4", "f6"), ("d4", "g5")):
        await service.votes.vote(ALICE, PLACE, team_move)
        await service.votes.vote(BOB, PLACE, "a3")  # outvoted
        await service.votes.vote(CAROL, PLACE, team_move.upper()[0].lower() + team_move[1:])
        # Every listed member has voted: the window closed and the move was played.
        record = await store.games.get(game_id)
        assert record is not None and record.to_move_id == DAVE.id
        await service.play.move(DAVE, PLACE, answer, game_id=game_id)
    await service.votes.nominate(BOB, PLACE, "Qe2")
    await service.votes.nominate(ALICE, PLACE, "Qh5")  # the captain's: played without votes
    clock.advance(hours=24)
    (closed,) = await service.votes.close_due_windows()
    assert closed.elected == "Qh5#" and closed.by is ElectedBy.CAPTAIN
    assert closed.played is not None and closed.played.ending is not None
    record = await store.games.get(game_id)
    assert record is not None and record.status is GameStatus.FINISHED
    assert record.result == "1-0"
    team = await store.teams.get(team_id)
    assert team is not None and team.closes_at is None


@pytest.mark.store
async def test_a_tie_goes_to_the_earliest_nomination(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    game_id, team_id = await open_team_game(service)
    await service.votes.nominate(CAROL, PLACE, "d4")
    await service.votes.vote(BOB, PLACE, "e4")
    await service.votes.vote(ALICE, PLACE, "d4")
    await service.votes.vote(BOB, PLACE, "e4")  # the same vote again: no change counted
    clock.advance(hours=24)
    (closed,) = await service.votes.close_due_windows()
    assert closed.elected == "d4" and closed.by is ElectedBy.TIE
    assert [(c.san, c.votes) for c in closed.counts] == [("d4", 1), ("e4", 1)]
    moves = await store.games.moves(game_id)
    assert [m.uci for m in moves] == ["d2d4"]
    assert (await store.teams.get(team_id)) is not None


async def test_no_votes_and_no_captains_nomination_leaves_it_to_the_clock(
    service: GameService, store: Store, clock: ManualClock
) -> None:
    game_id, _ = await open_team_game(service)
    await service.votes.nominate(BOB, PLACE, "e4")  # a nomination, but nobody voted
    clock.advance(hours=24)
    (closed,) = await service.votes.close_due_windows()
    assert closed.elected is None and closed.played is None
    assert [(c.san, c.votes) for c in closed.counts] == [("e4", 0)]
    with pytest.raises(VoteError) as refused:
        await service.votes.vote(CAROL, PLACE, "e4")
    assert refused.value.reason is VoteRefusal.WINDOW_CLOSED
    clock.advance(days=3)
    await service.deadlines.expire_overdue()
    record = await store.games.get(game_id)
    # The clock's own rule: a time-out before both sides moved aborts, as in any game.
    assert record is not None and record.status is GameStatus.FINISHED
    assert record.result == "*" and record.termination == "aborted"
    assert await service.votes.close_due_windows() == []


async def test_votes_are_secret_until_the_close_unless_shown(service: GameService) -> None:
    await open_team_game(service)
    taken = await service.votes.vote(BOB, PLACE, "e4")
    assert taken.new and taken.voted and [c.votes for c in taken.counts] == [None]
    tally = await service.votes.tally(CAROL, PLACE)
    assert tally.open and [(c.san, c.votes) for c in tally.counts] == [("e4", None)]


async def test_a_tally_says_when_the_vote_closes(service: GameService, store: Store) -> None:
    """A 6-hour window in a game of 3 days a move: the tally gives the vote's close, six
    hours from the turn's start, long before the game's deadline that the board shows."""
    started = service.core.clock()
    game_id, _ = await open_team_game(service, window=6)
    tally = await service.votes.tally(BOB, PLACE)
    record = await store.games.get(game_id)
    assert record is not None and record.deadline_at is not None
    assert tally.closes_at == started + timedelta(hours=6) < record.deadline_at


async def test_shown_votes_are_counted_while_voting(service: GameService) -> None:
    await open_team_game(service, secret=False)
    await service.votes.vote(BOB, PLACE, "Nf3")
    taken = await service.votes.vote(ALICE, PLACE, "g1f3")  # any notation: the same move
    assert not taken.new and [(c.san, c.votes) for c in taken.counts] == [("Nf3", 2)]


@pytest.mark.store
async def test_refusals_change_nothing(service: GameService, store: Store) -> None:
    game_id, team_id = await open_team_game(service)
    with pytest.raises(VoteError) as outsider:
        await service.votes.vote(ERIN, PLACE, "e4", game_id=game_id)
    assert outsider.value.reason is VoteRefusal.NOT_A_MEMBER
    with pytest.raises(VoteError) as none:
        await service.votes.vote(ERIN, PLACE, "e4")
    assert none.value.reason is VoteRefusal.NO_VOTE_GAME
    with pytest.raises(IllegalMoveError):
        await service.votes.nominate(BOB, PLACE, "e5")
    with pytest.raises(UnreadableMoveError):
        await service.votes.nominate(BOB, PLACE, "Nf9")
    with pytest.raises(NotAPlayerError):  # nobody moves for the team but its votes
        await service.play.move(ALICE, PLACE, "e4", game_id=game_id)
    for move in ("a3", "b3", "c3"):
        await service.votes.nominate(BOB, PLACE, move)
    with pytest.raises(VoteError) as spam:
        await service.votes.nominate(BOB, PLACE, "h3")
    assert spam.value.reason is VoteRefusal.NOMINATION_LIMIT
    assert spam.value.count == NOMINATIONS_PER_TURN
    await service.votes.vote(CAROL, PLACE, "a3")  # cast: not a change
    for change in range(VOTE_CHANGES_PER_TURN):
        await service.votes.vote(CAROL, PLACE, "b3" if change % 2 == 0 else "a3")
    with pytest.raises(VoteError) as changes:
        await service.votes.vote(CAROL, PLACE, "c3")
    assert changes.value.reason is VoteRefusal.CHANGE_LIMIT
    nominations = await store.teams.nominations(team_id, 0)
    assert [n.san for n in nominations] == ["a3", "b3", "c3"]
    assert sum(n.votes for n in nominations) == 1  # carol's one vote, however changed


@pytest.mark.store
async def test_a_refused_vote_for_a_new_move_leaves_no_nomination(
    service: GameService, store: Store
) -> None:
    """Casting a vote for a move nobody nominated nominates it in the vote's own
    transaction: refused at the change limit, the move is not left nominated."""
    _, team_id = await open_team_game(service)
    await service.votes.vote(CAROL, PLACE, "a3")
    for change in range(VOTE_CHANGES_PER_TURN):
        await service.votes.vote(CAROL, PLACE, "b3" if change % 2 == 0 else "a3")
    before = await store.teams.nominations(team_id, 0)
    team = await store.teams.get(team_id)
    assert team is not None
    with pytest.raises(VoteError) as changes:
        await service.votes.vote(CAROL, PLACE, "d4")  # nominated by nobody yet
    assert changes.value.reason is VoteRefusal.CHANGE_LIMIT
    assert await store.teams.nominations(team_id, 0) == before
    assert [n.san for n in before] == ["a3", "b3"]
    after = await store.teams.get(team_id)
    assert after is not None and after.ballots == team.ballots  # the count rolled back too
    taken = await service.votes.nominate(CAROL, PLACE, "d4")  # still hers to nominate
    assert taken.new and not taken.voted


@pytest.mark.store
async def test_role_teams_are_checked_at_the_vote(service: GameService) -> None:
    """A role team's member is whoever holds the role when voting."""
    opened = await service.votes.open(
        ALICE, PLACE, name="Club", role_id=77, opponent=DAVE, color="white", days=1
    )
    assert opened.challenge is not None
    await service.challenges.accept_challenge(DAVE, opened.challenge.challenge.id)
    taken = await service.votes.vote(ERIN, PLACE, "e4", roles=frozenset({77}))
    assert taken.voted and taken.closed is None  # a role team's window waits for its close
    with pytest.raises(VoteError) as removed:
        await service.votes.vote(ERIN, PLACE, "d4", roles=frozenset())
    assert removed.value.reason is VoteRefusal.NO_VOTE_GAME


async def test_opening_refuses_what_cannot_be_a_vote_game(service: GameService) -> None:
    cases = (
        ({"days": None}, VoteRefusal.NEEDS_DAYS),
        ({"days": 1, "window_hours": 25}, VoteRefusal.WINDOW_LENGTH),
        ({"name": " "}, VoteRefusal.BAD_NAME),
        ({"opponent": BOB}, VoteRefusal.OPPONENT_IN_TEAM),
    )
    for options, reason in cases:
        arguments: dict[str, object] = {"name": "Lions", "members": (BOB,), "opponent": DAVE}
        arguments.update(options)
        with pytest.raises(VoteError) as refused:
            await service.votes.open(ALICE, PLACE, **arguments)  # type: ignore[arg-type]
        assert refused.value.reason is reason


async def test_a_team_plays_the_computer(store: Store, clock: ManualClock) -> None:
    """Against the computer the game starts at once; the elected move is answered by the
    computer's reply, which opens the team's next window."""
    service = GameService(store, clock, engines=FakeEngines())
    service.computer.introduce(POSTAL)
    opened = await service.votes.open(
        ALICE, PLACE, name="Lions", members=(BOB,), level=2, color="white", days=2
    )
    assert opened.game_id is not None
    await service.votes.vote(ALICE, PLACE, "e4")
    taken = await service.votes.vote(BOB, PLACE, "e4")
    assert taken.closed is not None and taken.closed.elected == "e4"
    clock.advance(seconds=5)
    replies = await service.computer.reply_all()
    assert len(replies) == 1
    record = await store.games.get(opened.game_id)
    assert record is not None and record.ply == 2 and record.to_move_id is not None
    team = await store.teams.get(-record.to_move_id)
    assert team is not None and team.window_ply == 2 and team.closes_at is not None


async def test_two_processes_close_one_window_once(store: Store, clock: ManualClock) -> None:
    """Two services (processes) on one database close the same due window at once: one
    move is played."""
    first = GameService(store, clock, process="one")
    second = GameService(store, clock, process="two")
    game_id, _ = await open_team_game(first)
    await first.votes.vote(BOB, PLACE, "e4")
    clock.advance(hours=24)
    results = await asyncio.gather(
        first.votes.close_due_windows(), second.votes.close_due_windows()
    )
    closed = [c for result in results for c in result]
    assert [c.elected for c in closed] == ["e4"]
    assert [m.uci for m in await store.games.moves(game_id)] == ["e2e4"]


async def test_a_close_retried_after_its_claim_lapsed_plays_no_second_move(
    store: Store, clock: ManualClock
) -> None:
    """A process that closed a window and died before forgetting anything: another process,
    once the claim's lease ran out, finds the window closed in the move's own write and
    plays nothing; the team's next window is for the next turn."""
    first = GameService(store, clock, process="one")
    game_id, team_id = await open_team_game(first)
    await first.votes.vote(BOB, PLACE, "e4")
    clock.advance(hours=24)
    (closed,) = await first.votes.close_due_windows()
    assert isinstance(closed, WindowClosed) and closed.elected == "e4"
    clock.advance(minutes=10)
    later = GameService(store, clock, process="two")
    assert await later.votes.close_due_windows() == []
    assert [m.uci for m in await store.games.moves(game_id)] == ["e2e4"]
    team = await store.teams.get(team_id)
    assert team is not None and team.closes_at is None and team.window_ply == 0
    assert team_player_id(team_id) == -team_id


async def test_a_close_killed_before_its_commit_is_closed_once_after_the_restart(
    store: Store, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process closing a window dies inside the move's write (nothing committed): the
    votes and the window stay; after the claim's lease another process closes it once."""
    first = GameService(store, clock, process="one")
    game_id, _ = await open_team_game(first)
    await first.votes.vote(BOB, PLACE, "e4")
    clock.advance(hours=24)

    async def killed(*_: object, **__: object) -> None:
        raise KeyboardInterrupt  # the process dies here: the transaction never commits

    with monkeypatch.context() as patched:
        patched.setattr(store.games, "play_move", killed)
        with pytest.raises(KeyboardInterrupt):
            await first.votes.close_due_windows()
    assert await store.games.moves(game_id) == []
    restarted = GameService(store, clock, process="two")
    assert await restarted.votes.close_due_windows() == []  # the dead process's lease runs
    clock.advance(timedelta(minutes=5))
    (closed,) = await restarted.votes.close_due_windows()
    assert closed.elected == "e4"
    assert await restarted.votes.close_due_windows() == []
    assert [m.uci for m in await store.games.moves(game_id)] == ["e2e4"]


async def test_moves_in_vote_sentences_are_in_the_readers_letters(service: GameService) -> None:
    """A nominated chess move is kept as standard SAN and said with the reader's piece
    letters: Nf3 reads Cf3 to a French reader."""
    await open_team_game(service, secret=False)
    taken = await service.votes.vote(BOB, PLACE, "Nf3")
    assert taken.san == "Nf3" and [c.san for c in taken.counts] == ["Nf3"]
    with using(Locale.FR):
        said = say(ballot_text(taken))
    assert "Cf3" in said and "Nf3" not in said


@pytest.mark.store
async def test_a_challenge_refused_after_the_team_is_written_leaves_nothing(
    service: GameService, db_path: Path | str
) -> None:
    """A team's challenge the challenge's own checks refuse (a bad FEN, days per move not
    offered) leaves the database as it was: no team, no team's seat among the players."""
    await service.core.ensure_player(ALICE)  # a captain who has played before
    before = snapshot(db_path)
    bad_fen = {"fen": "not a position"}
    for bad in (bad_fen, {"days": 4}):
        with pytest.raises(UserError):
            await service.votes.open(
                ALICE, PLACE, name="Lions", members=(BOB,), opponent=DAVE, **bad
            )
        assert snapshot(db_path) == before


async def test_the_captain_resigns_and_answers_draws_for_the_team(
    service: GameService, store: Store
) -> None:
    """Only the team's captain resigns or answers a draw for it (a member is refused as no
    player): the captain accepts the opponent's draw offer in one game, offers a draw the
    opponent accepts in another, and resigns a third, each ending as the team's act."""
    endings = service.endings

    async def opened() -> int:
        """A team game past its first moves (before them, an ending aborts it)."""
        game_id, _ = await open_team_game(service)
        for member in (ALICE, BOB, CAROL):
            await service.votes.vote(member, PLACE, "e4", game_id=game_id)
        await service.play.move(DAVE, PLACE, "e5", game_id=game_id)
        return game_id

    game_id = await opened()
    await endings.draw(DAVE, None, game_id=game_id)  # dave offers
    with pytest.raises(NotAPlayerError):
        await endings.accept_draw(BOB, game_id)
    await endings.accept_draw(ALICE, game_id)
    record = await store.games.get(game_id)
    assert record is not None and (record.result, record.termination) == ("1/2-1/2", "agreement")

    game_id = await opened()
    offered = await endings.draw(ALICE, None, game_id=game_id)
    assert not isinstance(offered, GameEnded) and offered.by.name == "Lions"
    await endings.accept_draw(DAVE, game_id)
    record = await store.games.get(game_id)
    assert record is not None and record.result == "1/2-1/2"

    game_id = await opened()
    with pytest.raises(NotAPlayerError):
        await endings.resign(CAROL, None, game_id=game_id)
    asked = await endings.resign(ALICE, None, game_id=game_id)
    assert asked.buttons[0].allowed_user_ids == (ALICE.id,)  # the captain confirms
    await endings.confirm_resign(ALICE, game_id)
    record = await store.games.get(game_id)
    assert record is not None and (record.result, record.termination) == ("0-1", "resignation")


async def test_a_team_game_ends_without_rematch_and_its_record_names_the_team(
    service: GameService,
) -> None:
    """A finished vote game's board has GIF and PGN but no Rematch (its team was formed for
    that game), a Rematch press anyway is refused for the player and the captain alike, and
    its PGN names the team as White and in WhiteTeam (none for dave's side)."""
    game_id, _ = await open_team_game(service)
    for member in (ALICE, BOB, CAROL):
        await service.votes.vote(member, PLACE, "e4", game_id=game_id)
    await service.play.move(DAVE, PLACE, "e5", game_id=game_id)
    await service.endings.resign(DAVE, None, game_id=game_id)
    ended = await service.endings.confirm_resign(DAVE, game_id)
    actions = [button.action for button in board_controls(ended.game)]
    assert actions == [ButtonAction.GIF, ButtonAction.PGN]
    for presser in (DAVE, ALICE):
        with pytest.raises(InvalidButtonError):
            await service.buttons.press(presser, ButtonAction.REMATCH, game_id, place=PLACE)
    export = await service.reports.record(DAVE, PLACE, game_id=game_id)
    tags, game = rules.get_variant("chess").read_record(export.record)
    assert (tags["White"], tags["WhiteTeam"], tags["Black"]) == ("Lions", "Lions", "dave")
    assert "BlackTeam" not in tags and tags["Result"] == "1-0" and len(game.moves) == 2


async def test_after_vote_shows_a_member_the_counts_once_they_voted(
    service: GameService,
) -> None:
    """after_vote: a member's tally, menu and nomination show no votes until their own vote
    stands this turn (its answer shows them); another member who has not voted sees none;
    refused with votes that are not secret."""
    game_id, _ = await open_team_game(service, after_vote=True)
    await service.votes.vote(ALICE, PLACE, "e4")
    nominated = await service.votes.nominate(BOB, PLACE, "d4")
    assert [c.votes for c in nominated.counts] == [None, None]
    assert [c.votes for c in (await service.votes.tally(BOB, PLACE)).counts] == [None, None]
    assert [c.votes for c in (await service.votes.menu(BOB, game_id, 0)).counts] == [None, None]
    voted = await service.votes.vote(BOB, PLACE, "d4")
    assert [(c.san, c.votes) for c in voted.counts] == [("e4", 1), ("d4", 1)]
    assert [c.votes for c in (await service.votes.tally(BOB, PLACE)).counts] == [1, 1]
    assert [c.votes for c in (await service.votes.menu(BOB, game_id, 0)).counts] == [1, 1]
    assert [c.votes for c in (await service.votes.tally(CAROL, PLACE)).counts] == [None, None]
    with pytest.raises(VoteError) as refused:
        await service.votes.open(
            ALICE, PLACE, name="Owls", opponent=ERIN, secret=False, after_vote=True
        )
    assert refused.value.reason is VoteRefusal.SHOWN_ANYWAY
