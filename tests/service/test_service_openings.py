"""The opening a chess game reached, named on its board message and its /board, from the
game this process replayed: named once a move, never by replaying the game again."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import rules.game
from bot.i18n import Locale, using
from bot.i18n.text import say
from bot.service import GameService, ManualClock, MovePlayed, replays
from bot.service.replays import ReplayCache
from bot.store import Store
from bot.text import analysis_words
from bot.text.boards import board_shown_text
from bot.text.endings import move_played_text
from rules.chess.openings import Opening, named_plies, opening_of
from rules.core import Move, Position
from tests.fake_engines import FakeEngines
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

ITALIAN = Opening("C50", "Italian Game")


async def test_the_board_message_names_the_opening_reached(service: GameService) -> None:
    """After 3. Bc4 the move's message says "Opening: C50 Italian Game."; the name stays
    the data set's in every language, the words around it are the reader's."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5", "Nf3", "Nc6")
    played = await service.play.move(ALICE, None, "Bc4", game_id=game.id)
    assert isinstance(played, MovePlayed)
    assert played.game.opening == ITALIAN
    assert "Opening: C50 Italian Game." in say(move_played_text(played))
    with using(Locale.FR):
        assert "Ouverture : C50 Italian Game." in say(move_played_text(played))
    with using(Locale.JA):
        assert "C50 Italian Game" in say(move_played_text(played))
    shown = await service.play.board(BOB, PLACE, game_id=game.id)
    assert shown.game.opening == ITALIAN
    assert "Opening: C50 Italian Game." in say(board_shown_text(shown))


async def test_an_unnamed_start_says_nothing(service: GameService) -> None:
    """Before any named position (and in xiangqi, which has no classification Postal may
    ship), no opening is said."""
    game = (await start_game(service)).game
    assert (await service.play.board(ALICE, PLACE, game_id=game.id)).game.opening is None
    xiangqi = (await start_game(service, "xiangqi")).game
    played = await service.play.move(ALICE, None, "h2e2", game_id=xiangqi.id)
    assert isinstance(played, MovePlayed) and played.game.opening is None
    assert "Opening" not in say(move_played_text(played))


async def test_a_restarted_process_names_it_from_its_one_replay(
    store: Store, clock: ManualClock
) -> None:
    """A fresh process (empty cache) names the opening from the replay the board needs,
    and a transposition is named by its position."""
    first = GameService(store, clock)
    game = (await start_game(first)).game
    # The Italian Game reached by another move order (Bc4 before Nf3).
    await play(first, game.id, "e4", "e5", "Bc4", "Nc6", "Nf3")
    again = GameService(store, clock)
    shown = await again.play.board(ALICE, PLACE, game_id=game.id)
    assert shown.game.opening == ITALIAN


async def test_naming_a_move_plays_no_earlier_move_again(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the opening phase a move's naming looks nothing up; within it, one lookup: no
    position of the game is played again to name it (``after_move`` replays positions)."""
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5", "Nf3", "Nc6")
    replayed: list[object] = []
    real = rules.game.after_move

    def counted(position: Position, move: Move) -> Position:
        replayed.append(move)
        return real(position, move)

    monkeypatch.setattr("rules.chess.openings.after_move", counted)
    played = await service.play.move(ALICE, None, "Bc4", game_id=game.id)
    assert isinstance(played, MovePlayed) and played.game.opening == ITALIAN
    assert replayed == []


def test_the_cache_carries_the_opening_past_the_opening_phase() -> None:
    """An entry made from the one before with one more move takes its opening over; a game
    that is not an extension of the cached one is named from its start."""
    cache = ReplayCache()
    game = rules.Game("chess").extended(["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"])
    cache.put(1, game, start_fen=game.start.fen(), version=1, move_version=1)
    assert cache.opening(1) == ITALIAN
    shuffle = ["a8b8", "h1g1", "b8a8", "g1h1"] * 10  # rooks to and fro: no name
    for number, move in enumerate(shuffle[: named_plies() + 2], start=2):
        game = game.then(move)
        cache.put(1, game, start_fen=game.start.fen(), version=number, move_version=number)
        assert cache.opening(1) == ITALIAN  # asked after each move, as a view asks
    entry = cache.get(1)
    assert entry is not None and entry.game.ply > named_plies()
    assert entry.opening == ITALIAN  # carried, not named again
    other = rules.Game("chess").extended(["d2d4"])
    cache.put(1, other, start_fen=other.start.fen(), version=99, move_version=99)
    opening = cache.opening(1)
    assert opening is not None and opening.eco == "A40"


def test_the_cache_names_an_opening_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game replayed for something that never names its opening (a time-out, a reminder)
    costs no naming; the first ask names it from the start, and later moves carry it."""
    named: list[int] = []
    real = opening_of

    def counting(start: Position, moves: Sequence[Move]) -> Opening | None:
        named.append(len(moves))
        return real(start, moves)

    monkeypatch.setattr(replays, "opening_of", counting)
    cache = ReplayCache()
    game = rules.Game("chess").extended(["e2e4", "e7e5", "g1f3", "b8c6"])
    cache.put(1, game, start_fen=game.start.fen(), version=1, move_version=1)
    game = game.then("f1c4")
    cache.put(1, game, start_fen=game.start.fen(), version=2, move_version=2)
    assert named == []
    assert cache.opening(1) == ITALIAN
    game = game.then("g8f6")
    cache.put(1, game, start_fen=game.start.fen(), version=3, move_version=3)
    assert cache.opening(1) is not None and named == [5]


async def test_analysis_names_the_opening(store: Store, clock: ManualClock) -> None:
    """The analysis of a finished game names its opening beside the engine's budget, in
    the console's summary and the Discord card alike (``analysis_words.budget``)."""
    service = GameService(store, clock, engines=FakeEngines())
    game = (await start_game(service)).game
    await play(service, game.id, "e4", "e5", "Nf3", "Nc6", "Bc4")
    await service.endings.confirm_resign(BOB, game.id)
    await service.analysis.analyse(CAROL, PLACE, game_id=game.id)
    analysis = await service.analysis.follow(CAROL, game.id, _ignore)
    assert analysis.game.opening == ITALIAN
    assert "Opening: C50 Italian Game." in analysis_words.budget(analysis)
    assert "C50 Italian Game" in analysis_words.summary(analysis)
    with using(Locale.ZH_HANS):
        assert "C50 Italian Game" in analysis_words.budget(analysis)


async def _ignore(progress: object) -> None:
    return None
