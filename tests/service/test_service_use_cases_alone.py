"""Each use case is built from the core and the siblings it uses, and works alone: a test
builds only what it needs (endings without play, the clock's deadlines with endings only,
reports with the core alone, play and the conditional moves without each other)."""

from __future__ import annotations

from bot.service import ManualClock
from bot.service.board_menus import BoardMenuUseCases
from bot.service.challenges import ChallengeUseCases
from bot.service.conditional import ConditionalMoves
from bot.service.core import ServiceCore
from bot.service.deadlines import DeadlineUseCases
from bot.service.endings import EndingUseCases
from bot.service.languages import Languages
from bot.service.notes import Notes
from bot.service.play import PlayUseCases
from bot.service.preferences import PreferenceUseCases
from bot.service.reports import ReportUseCases
from bot.service.results import MovePlayed
from bot.service.tournament.history import TournamentHistory
from bot.service.tournament.organisers import OrganiserRoles
from bot.service.tournament.use_case import TournamentUseCases
from bot.store import Store
from rules import Termination
from tests.service.service_helpers import ALICE, BOB, PLACE


async def started(core: ServiceCore) -> int:
    """A game between Alice (white) and Bob, through the challenges alone."""
    challenges = ChallengeUseCases(core)
    created = await challenges.challenge(ALICE, PLACE, BOB, game="chess", color="white", days=1)
    return (await challenges.accept_challenge(BOB, created.challenge.id)).game.id


async def test_endings_resign_a_game_without_play(store: Store, clock: ManualClock) -> None:
    """``EndingUseCases(core)``: no play, no buttons, no computer; a resignation ends the game
    (before two plies it is aborted, unrated) and the stored game says so."""
    core = ServiceCore(store, clock)
    game_id = await started(core)
    endings = EndingUseCases(core)
    asked = await endings.resign(ALICE, PLACE, game_id=game_id)
    assert asked.buttons
    ended = await endings.confirm_resign(ALICE, game_id)
    assert ended.ending.termination == Termination.ABORTED.value
    assert ended.ending.winner is None
    record = await core.store.games.get(game_id)
    assert record is not None and not record.is_active


async def test_deadlines_time_out_a_game_with_endings_alone(
    store: Store, clock: ManualClock
) -> None:
    """``DeadlineUseCases(core, endings)``: the clock ends an overdue game (no move played:
    aborted) through the endings it was given."""
    core = ServiceCore(store, clock)
    game_id = await started(core)
    deadlines = DeadlineUseCases(core, EndingUseCases(core))
    clock.advance(days=2)
    report = await deadlines.expire_overdue()
    assert [ended.game.id for ended in report.ended] == [game_id]
    assert report.ended[0].ending.termination == Termination.ABORTED.value


async def test_reports_read_a_game_with_the_core_alone(store: Store, clock: ManualClock) -> None:
    """``ReportUseCases(core, tournaments)`` lists and shows a game it did not start."""
    core = ServiceCore(store, clock)
    game_id = await started(core)
    reports = ReportUseCases(
        core, TournamentHistory(core, TournamentUseCases(core, OrganiserRoles(core)))
    )
    view = await reports.game_view(game_id)
    assert (view.white.id, view.black.id) == (ALICE.id, BOB.id)
    assert [c.game_id for c in await reports.game_choices(ALICE, PLACE)] == [game_id]


async def test_play_moves_alone_and_a_prepared_answer_follows(
    store: Store, clock: ManualClock
) -> None:
    """``PlayUseCases(core)`` and ``ConditionalMoves(core)`` know nothing of each other: Bob's
    line, stored by the conditional moves alone, is played by the move's own plan."""
    core = ServiceCore(store, clock)
    game_id = await started(core)
    prepared = await ConditionalMoves(core).add(BOB, PLACE, "e4 e5", game_id=game_id)
    assert prepared.added == 2
    played = await PlayUseCases(core).move(ALICE, PLACE, "e4", game_id=game_id)
    assert isinstance(played, MovePlayed) and played.san == "e4"
    record = await core.store.games.get(game_id)
    assert record is not None and record.ply == 2  # e4, then Bob's prepared e5


async def test_board_menus_with_play_alone(store: Store, clock: ManualClock) -> None:
    """``BoardMenuUseCases(core, play)``: Move… lists the pieces that can move."""
    core = ServiceCore(store, clock)
    game_id = await started(core)
    menus = BoardMenuUseCases(core, PlayUseCases(core))
    menu = await menus.move_menu(ALICE, game_id, "0", place=PLACE)
    assert len(menu.menus) == 1 and len(menu.menus[0].choices) == 10  # eight pawns, two knights


async def test_notes_and_preferences_alone(store: Store, clock: ManualClock) -> None:
    """``Notes(core)`` keeps a note; ``PreferenceUseCases(core, Languages(core))`` sets a
    theme: neither needs play, endings or the clock's use cases."""
    core = ServiceCore(store, clock)
    game_id = await started(core)
    notes = Notes(core)
    await notes.add(ALICE, PLACE, "watch the e-file", game_id=game_id)
    kept = await notes.list(ALICE, PLACE, game_id=game_id)
    assert [view.note.text for view in kept.notes] == ["watch the e-file"]
    settings = await PreferenceUseCases(core, Languages(core)).settings(ALICE, theme="green")
    assert settings.board_theme == "green"
