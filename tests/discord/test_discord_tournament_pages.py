"""A big field's standings on Discord: a 200-player Swiss' table, where a message holds the
lines of about twenty players and four images of sixteen. Every player finds their line
(the whole table attached when the words leave anyone out) and their image row on their
page (``page:``), within Discord's limits, which the fake enforces."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.service.results import Place, PlayerRef
from bot.service.tournament.facts import (
    StandingLine,
    TournamentStandings,
    TournamentView,
)
from bot.store import TournamentFormat, TournamentStatus
from tests.discord.harness import Harness, command
from tests.fakediscord import FakeMessage

FIELD = 200


def _table() -> TournamentStandings:
    """Round 3 of 7 of a 200-player Swiss: player001 first, player200 last."""
    players = tuple(PlayerRef(5000 + n, f"player{n:03}") for n in range(1, FIELD + 1))
    view = TournamentView(
        id=1,
        name="Big",
        format=TournamentFormat.SWISS,
        cycles=1,
        variant="chess",
        days_per_move=3,
        rated=True,
        max_players=256,
        start_when_full=False,
        status=TournamentStatus.RUNNING,
        organiser=players[0],
        entrants=players,
        place=Place(1, 2),
        rounds=7,
    )
    lines = tuple(
        StandingLine(
            rank=n,
            player=player,
            points=3 - n / 100,
            played=3,
            wins=1,
            direct=0,
            sonneborn_berger=1.5,
            buchholz_cut1=4.5,
            buchholz=6,
            rating_change=-n / 10,
        )
        for n, player in enumerate(players, 1)
    )
    return TournamentStandings(view, lines, 700, 300)


@pytest.fixture
def big(running: Harness, monkeypatch: pytest.MonkeyPatch) -> TournamentStandings:
    """The service's table, whatever tournament is asked: the 200-player one."""
    table = _table()
    assert running.bot is not None

    async def standings(*_: Any) -> TournamentStandings:
        return table

    monkeypatch.setattr(running.bot.service.tournaments, "standings", standings)
    return table


def _image(message: FakeMessage, name: str) -> Image.Image:
    with Image.open(io.BytesIO(message.file(name).content)) as image:
        image.load()
        return image


async def test_every_player_of_two_hundred_finds_their_line(
    running: Harness, big: TournamentStandings
) -> None:
    """Page 1: the first players' lines, four images of players 1–64, where the next page's
    images are, and the whole table as standings.txt, every player's line in it."""
    fake = running.fake
    asker = fake.add_user("zoe")
    shown = await command(fake, asker, "tournament standings")
    text = shown.text()
    assert len(text) <= 2000
    assert "Standings of Big after 300 of 700 games, players 1–64 of 200:" in text
    assert "player001 — points: 2.99" in text and "player064" not in text
    assert "Every player's line: standings.txt." in text
    assert "Players 65–128 in images: /tournament standings page:2." in text
    names = [f.filename for f in shown.files]
    assert names == [
        "standings.txt",
        "standings.png",
        "standings-2.png",
        "standings-3.png",
        "standings-4.png",
    ]
    whole = shown.file("standings.txt").content.decode()
    assert all(f"{n}. player{n:03} — points:" in whole for n in range(1, FIELD + 1))
    for name in names[1:]:
        image = _image(shown, name)
        assert image.format == "PNG" and image.width < 600 and image.height < 800


async def test_a_later_page_shows_its_players_images(
    running: Harness, big: TournamentStandings
) -> None:
    """Page 4 holds players 193–200: their lines and one image of their eight rows; the
    whole table still attached, and no next page to point to."""
    fake = running.fake
    asker = fake.add_user("zoe")
    shown = await command(fake, asker, "tournament standings", {"page": 4})
    text = shown.text()
    assert "players 193–200 of 200:" in text
    assert "200\\. player200 — points: 1" in text and "player192" not in text
    assert "page:5" not in text
    assert [f.filename for f in shown.files] == ["standings.txt", "standings.png"]
    image = _image(shown, "standings.png")
    assert image.height < 500  # eight rows and the headings
