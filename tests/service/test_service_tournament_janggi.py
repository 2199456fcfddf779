"""A janggi round robin through the service: its games start from janggi's own start, an
ending by counting (a double pass, a pass in bikjang) scores as the win it is, an agreed
draw as half a point each, the last ending finishes it, and its ratings are janggi's own."""

from __future__ import annotations

from bot.service import GameService
from bot.service.tournament.terms import game_and_start
from bot.store import TournamentStatus
from bot.text.standings_words import standings_text
from bot.text.tournament_words import tournament_text
from rules import get_variant
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play


async def _table(service: GameService) -> list[tuple[int, str, float, int]]:
    shown = await service.tournaments.standings(PLACE)
    return [(line.rank, line.player.name, line.points, line.played) for line in shown.lines]


async def _ending(service: GameService, game_id: int) -> tuple[str | None, str | None]:
    view = await service.reports.game_view(game_id)
    return view.result, view.termination


async def test_a_janggi_round_robin_is_scored_by_its_counted_endings(
    service: GameService,
) -> None:
    """Three players, Berger's B-C, A-B, C-A (Cho is white): a double pass and a pass in
    bikjang are won by Han on points (73½ to 72) and count a whole point, an agreed draw
    half each; carol wins, and every rating changed is a janggi rating."""
    tournaments = service.tournaments
    made = await tournaments.create(ALICE, PLACE, manages_server=True, name="Janggi", game="janggi")
    assert (made.tournament.variant, made.tournament.rated) == ("janggi", True)
    assert "janggi" in str(tournament_text(made.tournament)).lower()
    for user in (ALICE, BOB, CAROL):
        await tournaments.join(user, PLACE)
    started = await tournaments.start(ALICE, PLACE, manages_server=False)
    games = [p.game for p in started.pairings]
    assert [(g.white.name, g.black.name) for g in games] == [
        ("bob", "carol"),
        ("alice", "bob"),
        ("carol", "alice"),
    ]
    assert {g.variant for g in games} == {"janggi"}
    bc, ab, ca = (g.id for g in games)
    start = get_variant("janggi").start_fen
    assert {(await service.core.game_record(g)).start_fen for g in (bc, ab, ca)} == {start}

    await play(service, bc, "e2e2", "e9e9")  # both pass: Han (carol) wins by counting
    assert await _ending(service, bc) == ("0-1", "double_pass")
    assert await _table(service) == [(1, "carol", 1, 1), (2, "alice", 0, 0), (2, "bob", 0, 1)]

    # The soldiers between the generals step aside: Han's leaves them facing (bikjang),
    # and Cho's pass in bikjang ends the game by counting: Han (bob) wins.
    await play(service, ab, "e4d4", "e7f7", "e2e2")
    assert await _ending(service, ab) == ("0-1", "bikjang")
    # Level on points, carol is ahead by the direct encounter (she beat bob).
    assert await _table(service) == [(1, "carol", 1, 1), (2, "bob", 1, 2), (3, "alice", 0, 1)]

    await service.endings.draw(CAROL, None, game_id=ca)
    await service.endings.accept_draw(ALICE, ca)
    assert await _ending(service, ca) == ("1/2-1/2", "agreement")

    final = await tournaments.standings(PLACE)
    assert final.tournament.status is TournamentStatus.FINISHED
    assert [(line.player.name, line.points, line.played) for line in final.lines] == [
        ("carol", 1.5, 2),
        ("bob", 1.0, 2),
        ("alice", 0.5, 2),
    ]
    assert [p.name for p in final.winners] == ["carol"]
    assert "carol" in str(standings_text(final))
    ratings = service.core.store.ratings
    for user in (ALICE, BOB, CAROL):
        assert await ratings.get(PLACE.guild_id, "janggi", user.id) is not None
        assert await ratings.get(PLACE.guild_id, "chess", user.id) is None
    carol = await ratings.get(PLACE.guild_id, "janggi", CAROL.id)
    alice = await ratings.get(PLACE.guild_id, "janggi", ALICE.id)
    assert carol is not None and alice is not None and carol.rating > alice.rating

    records = await tournaments.pgn(PLACE)
    assert records.filename.endswith(".pgn") and records.games == 3
    assert records.text.count('[Variant "janggi"]') == 3


async def test_a_janggi_tournament_may_be_thematic() -> None:
    """A janggi tournament takes a thematic line in janggi's notation, as a challenge does."""
    variant, fen = game_and_start("janggi", "e4d4 e7f7")
    assert variant.name == "janggi" and fen is not None and fen != variant.start_fen
