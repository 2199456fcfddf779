"""The tournament's message as a component layout within Discord's limits (checked by the
fake Discord's own rules), a big field cut to its first players and how many more."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from bot.discord.respond import message_fields
from bot.discord.tournament_posts import LAYOUT_TEXT_LIMIT, signup_post
from bot.i18n import Locale
from bot.i18n.translator import using
from bot.service.results import Place, PlayerRef
from bot.service.tournament.facts import (
    MAX_FIELD,
    MAX_NAME_LENGTH,
    EntryKind,
    TournamentShown,
    TournamentView,
)
from bot.store import TournamentFormat, TournamentStatus
from bot.text.tournament_words import entry_news
from tests.fake_components import (
    ACTION_ROW,
    MAX_V2_COMPONENTS,
    check_message_components,
    text_of,
    walk,
)

# A name that escaping doubles: every character is markdown.
MARKUP_NAME = "*_" * 16


def _view(entrants: int, status: TournamentStatus = TournamentStatus.OPEN) -> TournamentView:
    players = tuple(PlayerRef(1000 + i, f"{MARKUP_NAME}{i}") for i in range(entrants))
    return TournamentView(
        id=7,
        name="~" * MAX_NAME_LENGTH,
        format=TournamentFormat.SWISS,
        cycles=1,
        variant="chess",
        days_per_move=3,
        rated=True,
        max_players=MAX_FIELD,
        start_when_full=True,
        status=status,
        organiser=PlayerRef(1, "alice"),
        entrants=players,
        place=Place(1, 2),
        rounds=9,
        vacation=False,
        timeout_limit=2,
    )


def _components(view: TournamentView) -> list[dict[str, Any]]:
    fields = message_fields(signup_post(view))
    assert set(fields) == {"view", "allowed_mentions"}  # no content, no embed
    components: list[dict[str, Any]] = fields["view"].to_components()
    return components


@pytest.mark.parametrize("locale", list(Locale))
async def test_a_full_field_fits_the_layouts_limits(locale: Locale) -> None:
    """256 players whose names escaping doubles: the message passes Discord's layout rules
    (40 components, 4,000 characters) in every language, listing the first players and
    how many more, with Join and Leave."""
    with using(locale):
        components = _components(_view(MAX_FIELD))
    check_message_components(components, v2=True, filenames=set())
    texts = text_of(components)
    assert sum(map(len, texts)) <= LAYOUT_TEXT_LIMIT
    assert len(list(walk(components))) <= MAX_V2_COMPONENTS
    shown = len(re.findall(r"\\\*\\_", "".join(texts))) // 16  # names listed, escaped
    assert 10 < shown < MAX_FIELD
    assert str(MAX_FIELD - shown) in texts[-1]  # "and N more", in the reader's language
    rows = [c for c in walk(components) if c["type"] == ACTION_ROW]
    assert len(rows) == 1 and len(rows[0]["components"]) == 2


async def test_a_small_field_lists_everyone() -> None:
    """Eight players: every name, nothing said of more."""
    with using(Locale.EN):
        texts = text_of(_components(_view(8)))
    assert f"Players (8/{MAX_FIELD}):" in texts[-1] and "more" not in texts[-1]
    assert all(f"{i}" in texts[-1] for i in range(8))


async def test_the_news_comes_above_the_title() -> None:
    """A join is said first, then the tournament's title as a heading."""
    view = _view(1)
    shown = TournamentShown(view, EntryKind.JOINED, PlayerRef(5, "zoe"))
    with using(Locale.EN):
        fields = message_fields(signup_post(view, entry_news(shown)))
    texts = text_of(fields["view"].to_components())
    assert texts[0] == "zoe joined." and texts[1].startswith("### \\~")


async def test_started_it_has_no_buttons() -> None:
    """Once under way the layout keeps its text and loses Join and Leave."""
    with using(Locale.EN):
        components = _components(_view(4, TournamentStatus.RUNNING))
    check_message_components(components, v2=True, filenames=set())
    assert not [c for c in walk(components) if c["type"] == ACTION_ROW]
    assert "Under way." in text_of(components)[-1]


@pytest.mark.parametrize("locale", list(Locale))
async def test_the_title_is_said_once(locale: Locale) -> None:
    """The layout's heading says the tournament's name and number; the terms below it start
    with its format, not the name again (a reader saw "Autumn cup" twice)."""
    view = replace(_view(3), name="Autumn cup")
    with using(locale):
        texts = text_of(_components(view))
    assert texts[0].startswith("### Autumn cup") and "7" in texts[0]
    assert sum(text.count("Autumn cup") for text in texts) == 1, texts
