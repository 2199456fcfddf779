"""The plan of a /settings change: what it stores, when the next digest is due, and the
first value it refuses, without a database."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service.option_errors import (
    LanguageChoiceError,
    NotAChoiceError,
    ReminderHoursError,
    TimeOptionError,
    UnknownNameError,
)
from bot.service.preferences import SettingsAsked, SettingsPlan, plan_settings
from bot.store import (
    ConfirmMoves,
    NotifyMode,
    Orientation,
    Player,
    PreferenceChange,
    TakebackPolicy,
    XiangqiNotation,
)

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday, noon UTC
BEFORE = Player(1, "alice", False, NotifyMode.CHANNEL, "default")


def test_nothing_asked_changes_nothing() -> None:
    assert plan_settings(SettingsAsked(), BEFORE, NOW) == SettingsPlan(PreferenceChange(), None)


def test_each_value_is_read_into_the_change() -> None:
    """Typed words become the stored values: names in any case and spacing, hours sorted,
    a piece set for its own game, a language by its catalog's name."""
    plan = plan_settings(
        SettingsAsked(
            notify="DM",
            orientation="side to move",
            reminders="1, 24h",
            quiet="off",
            takebacks="casual only",
            notation="中文",
            pieces="simple",
            strip=True,
            language="fr",
            confirm="always",
        ),
        BEFORE,
        NOW,
    )
    assert plan.change == PreferenceChange(
        notify=NotifyMode.DM,
        orientation=Orientation.TURN,
        reminder_hours=(24, 1),
        quiet_hours=(),
        takeback_policy=TakebackPolicy.CASUAL,
        xiangqi_notation=XiangqiNotation.CHINESE,
        chess_pieces="simple",
        board_strip=True,
        language="fr",
    )
    assert plan.confirm is ConfirmMoves.ALWAYS


def test_the_next_digest_is_due_in_the_players_zone() -> None:
    """A digest at 08:00 in Paris (UTC+1 in March) is next due tomorrow at 07:00 UTC; a new
    zone alone moves the digest already chosen; off clears it."""
    paris = plan_settings(SettingsAsked(digest="08:00", timezone="Europe/Paris"), BEFORE, NOW)
    assert paris.change.digest_at == 8 * 60
    assert paris.change.digest_due_at == datetime(2026, 3, 3, 7, 0, tzinfo=UTC)
    digesting = Player(1, "alice", False, NotifyMode.CHANNEL, "default", digest_at=13 * 60)
    moved = plan_settings(SettingsAsked(timezone="Asia/Tokyo"), digesting, NOW).change
    assert moved.digest_at == 13 * 60
    assert moved.digest_due_at == datetime(2026, 3, 3, 4, 0, tzinfo=UTC)
    off = plan_settings(SettingsAsked(digest="off"), digesting, NOW).change
    assert off.digest_at == () and off.digest_due_at is None


@pytest.mark.parametrize(
    ("asked", "refusal", "facts"),
    [
        (SettingsAsked(notify="pigeon"), NotAChoiceError, {"option": "notify", "word": "pigeon"}),
        (SettingsAsked(orientation="up"), NotAChoiceError, {"option": "orientation"}),
        (SettingsAsked(theme="plaid"), UnknownNameError, {"kind": "theme", "word": "plaid"}),
        (SettingsAsked(reminders="36"), ReminderHoursError, {"word": "36"}),
        (SettingsAsked(timezone="Mars/Olympus"), TimeOptionError, {"option": "timezone"}),
        (SettingsAsked(quiet="7-7"), TimeOptionError, {"option": "quiet"}),
        (SettingsAsked(digest="noonish"), TimeOptionError, {"option": "digest"}),
        (SettingsAsked(language="xx"), LanguageChoiceError, {"option": "language"}),
        (SettingsAsked(confirm="maybe"), NotAChoiceError, {"option": "confirm"}),
        # The first bad value in the options' order is the one refused.
        (SettingsAsked(notify="x", confirm="y"), NotAChoiceError, {"option": "notify"}),
        (SettingsAsked(pieces="staunton", theme="plaid"), UnknownNameError, {"kind": "theme"}),
    ],
)
def test_the_first_bad_value_is_refused_with_its_facts(
    asked: SettingsAsked, refusal: type[Exception], facts: dict[str, object]
) -> None:
    with pytest.raises(refusal) as refused:
        plan_settings(asked, BEFORE, NOW)
    assert {name: getattr(refused.value, name) for name in facts} == facts
