"""Records and ratings: PGN and analysis link, history, stats, Glicko-2, leaderboard, settings."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

import rules
from bot.service import GameService, ManualClock, MovePlayed, Place, errors
from bot.service.ratings import NEW_PLAYER, rate_game, update
from bot.store import NotifyMode, Rating
from bot.text.reports import game_list_text, history_text, leaderboard_text
from tests.dbtools import connect
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, snapshot, start_game

SCHOLARS_MATE = ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")


async def test_pgn_export_reads_back(service: GameService) -> None:
    """/pgn returns a PGN that the rules engine reads back to the same moves, and a link."""
    started = await start_game(service, days=5)
    await play(service, started.game.id, *SCHOLARS_MATE)
    export = await service.reports.record(ALICE, PLACE)
    tags, game = rules.get_variant("chess").read_record(export.record)
    assert tags["White"] == "alice" and tags["Black"] == "bob" and tags["Result"] == "1-0"
    assert tags["TimeControl"] == "1/432000" and tags["Termination"] == "normal"
    assert game.san_moves() == list(SCHOLARS_MATE)
    assert export.filename == f"postal-chess-{started.game.id}.pgn"
    assert export.analysis_url is not None
    assert unquote(export.analysis_url).endswith("/pgn/1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#")


async def test_pgn_of_custom_start_has_fen(service: GameService) -> None:
    """A custom start exports FEN/SetUp tags and links to the position on lichess."""
    fen = "k7/8/8/8/8/8/8/K5R1 w - - 0 1"
    await start_game(service, fen=fen)
    await play(service, 1, "Rg7")
    export = await service.reports.record(BOB, PLACE)
    tags, game = rules.get_variant("chess").read_record(export.record)
    assert tags["FEN"] == fen and tags["SetUp"] == "1"
    assert game.san_moves() == ["Rg7"]
    assert export.analysis_url is not None and "/analysis/standard/" in export.analysis_url


async def test_glicko2_matches_the_papers_example() -> None:
    """Glickman's worked example: 1500/200 vs 1400, 1550, 1700 → 1464.06 / 151.52."""
    player = Rating(1500.0, 200.0, 0.06)
    after = update(
        player,
        [
            (Rating(1400, 30, 0.06), 1.0),
            (Rating(1550, 100, 0.06), 0.0),
            (Rating(1700, 300, 0.06), 0.0),
        ],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


async def test_rating_a_draw_between_equals_changes_little() -> None:
    """Equal players drawing keep their ratings; the winner of a decisive game gains."""
    white, black = rate_game(None, None, "1/2-1/2")
    assert white.rating == pytest.approx(1500) and black.rating == pytest.approx(1500)
    winner, loser = rate_game(NEW_PLAYER, NEW_PLAYER, "1-0")
    assert winner.rating > 1500 > loser.rating and winner.games == 1


async def test_rated_game_updates_ratings_stats_and_leaderboard(service: GameService) -> None:
    """A rated result moves both ratings in the same write; stats and leaderboard show it."""
    started = await start_game(service)
    await play(service, started.game.id, *SCHOLARS_MATE)
    board = await service.reports.leaderboard(PLACE.guild_id, "chess")
    assert [row.player.id for row in board.rows] == [ALICE.id, BOB.id]
    assert board.rows[0].rating > 1500 > board.rows[1].rating
    stats = await service.reports.stats(BOB, place=PLACE)
    (chess,) = stats.variants
    assert (chess.wins, chess.draws, chess.losses) == (0, 0, 1)
    assert chess.rating is not None and chess.rating < 1500 and chess.rated_games == 1
    other_server = await service.reports.leaderboard(999, "chess")
    assert other_server.rows == ()
    casual = await start_game(service, white=ALICE, black=CAROL, rated=False)
    await service.endings.resign(CAROL, None, game_id=casual.game.id)
    await service.endings.confirm_resign(CAROL, casual.game.id)
    assert await service.reports.stats(CAROL, place=PLACE) is not None
    assert (await service.reports.leaderboard(PLACE.guild_id, "chess")).rows[0].games == 1


async def test_leaderboard_counts_one_game_in_the_singular(service: GameService) -> None:
    """After one rated game the table says "(1 game)", after two "(2 games)"."""
    started = await start_game(service)
    await play(service, started.game.id, *SCHOLARS_MATE)
    text = leaderboard_text(await service.reports.leaderboard(PLACE.guild_id, "chess"))
    assert text.count("(1 game)") == 2 and "games)" not in text
    again = await start_game(service)
    await play(service, again.game.id, *SCHOLARS_MATE)
    table = leaderboard_text(await service.reports.leaderboard(PLACE.guild_id, "chess"))
    assert table.count("(2 games)") == 2


async def test_history_lists_finished_games(service: GameService) -> None:
    """History shows finished games newest first with the outcome for that player."""
    first = await start_game(service)
    await play(service, first.game.id, *SCHOLARS_MATE)
    second = await start_game(service)
    await play(service, second.game.id, "e4", "e5")
    await service.endings.confirm_resign(ALICE, second.game.id)
    history = await service.reports.history(BOB)
    assert [(e.game.id, e.outcome) for e in history.entries] == [
        (second.game.id, "win"),
        (first.game.id, "loss"),
    ]
    assert "vs alice" in history_text(history)


async def test_games_list_my_turn_first_then_most_urgent(
    service: GameService, clock: object
) -> None:
    """/games puts the player's turn first, then the nearest deadline."""
    slow = await start_game(service, days=7)  # alice to move, far deadline
    waiting = await start_game(service, white=CAROL, black=ALICE, days=1)  # carol to move
    urgent = await start_game(service, days=1)  # alice to move, near deadline
    listing = await service.reports.games(ALICE)
    assert [e.game.id for e in listing.entries] == [urgent.game.id, slow.game.id, waiting.game.id]
    assert [e.my_turn for e in listing.entries] == [True, True, False]
    lines = game_list_text(listing).splitlines()
    assert lines[1] == "Your move:" and lines[2].startswith(f"#{urgent.game.id} vs bob")


async def test_settings_notify_and_theme(service: GameService) -> None:
    """Settings change the notification mode that move results carry."""
    await start_game(service)
    changed = await service.preferences.settings(BOB, notify="dm")
    assert changed.notify is NotifyMode.DM
    result = await service.play.move(ALICE, PLACE, "e4")
    assert result.notify is not None and result.notify.notify is NotifyMode.DM  # type: ignore[union-attr]
    with pytest.raises(errors.InvalidOptionError):
        await service.preferences.settings(BOB, notify="pigeon")
    with pytest.raises(errors.InvalidOptionError):
        await service.preferences.settings(BOB, theme="no-such-theme")
    assert (await service.preferences.settings(BOB)).board_theme == "default"
    if "green" in (await service.preferences.settings(BOB)).themes:  # the renderer's themes
        await service.preferences.settings(ALICE, theme="Green")
        reply = await service.play.move(BOB, PLACE, "e5")
        assert isinstance(reply, MovePlayed) and reply.board.theme == "green"


async def test_timeout_of_rated_game_rates_in_the_same_write(
    service: GameService, clock: ManualClock, db_path: Path
) -> None:
    """A time-out in a rated game writes the result and both ratings together."""
    started = await start_game(service, days=1)
    await play(service, started.game.id, "e4", "e5")
    clock.advance(days=1)
    (ended,) = (await service.deadlines.expire_overdue()).ended
    assert [change.player.id for change in ended.ending.rating_changes] == [ALICE.id, BOB.id]
    assert ended.ending.rating_changes[1].after > 1500  # bob won on time
    with connect(db_path) as conn:
        status = conn.execute("SELECT status, result FROM games WHERE id = ?", (started.game.id,))
        assert status.fetchone() == ("finished", "0-1")
        ratings = conn.execute("SELECT player_id, games FROM ratings ORDER BY player_id")
        assert ratings.fetchall() == [(ALICE.id, 1), (BOB.id, 1)]


async def test_pending_offer_refusals_change_nothing(service: GameService, db_path: Path) -> None:
    """Offering twice, or answering an offer that is not there, changes nothing."""
    await start_game(service)
    await service.endings.draw(ALICE, PLACE)
    before = snapshot(db_path)
    with pytest.raises(errors.OfferPendingError):
        await service.endings.draw(ALICE, PLACE)
    with pytest.raises(errors.NoOfferError):
        await service.endings.decline_draw(ALICE, 1)
    with pytest.raises(errors.NoOfferError):
        await service.endings.decline_takeback(BOB, 1)
    with pytest.raises(errors.NotAPlayerError):
        await service.endings.draw(CAROL, None, game_id=1)
    assert snapshot(db_path) == before


async def test_ratings_are_per_server_and_per_game(service: GameService) -> None:
    """A result on one server or in one game kind leaves the other tables alone."""
    elsewhere = Place(guild_id=2, channel_id=20)
    first = await start_game(service)
    await play(service, first.game.id, "e4", "e5")
    await service.endings.confirm_resign(BOB, first.game.id)
    second = await start_game(service, place=elsewhere)
    await play(service, second.game.id, "e4", "e5")
    await service.endings.confirm_resign(ALICE, second.game.id)
    third = await start_game(service, "xiangqi")
    await play(service, third.game.id, "h2e2", "h9g7")
    await service.endings.confirm_resign(BOB, third.game.id)
    here = await service.reports.leaderboard(PLACE.guild_id, "chess")
    there = await service.reports.leaderboard(elsewhere.guild_id, "chess")
    xiangqi = await service.reports.leaderboard(PLACE.guild_id, "xiangqi")
    assert [row.player.id for row in here.rows] == [ALICE.id, BOB.id]
    assert [row.player.id for row in there.rows] == [BOB.id, ALICE.id]
    assert [row.player.id for row in xiangqi.rows] == [ALICE.id, BOB.id]
    assert all(row.games == 1 for board in (here, there, xiangqi) for row in board.rows)
    with pytest.raises(errors.InvalidOptionError):
        await service.reports.leaderboard(PLACE.guild_id, "go")
