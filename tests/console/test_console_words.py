"""The console's words in the reader's language: yes and no (« confirmer:non »), the choices a
refusal lists, and the help's names, values, examples and columns."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import run_console
from bot.i18n import Locale
from tests.fake_engines import FakeEngines


async def play(tmp_path: Path, script: str, locale: Locale) -> str:
    out = io.StringIO()
    await run_console(
        tmp_path / "c.db",
        None,
        io.StringIO(script),
        out,
        interactive=False,
        engines=FakeEngines(),
        locale=locale,
    )
    return out.getvalue()


async def test_a_french_player_says_oui_and_non(tmp_path: Path) -> None:
    """« confirmer:non » turns confirmation off (it was refused as « doit valoir yes ou no »);
    a word that is neither is refused with the French words."""
    said = await play(
        tmp_path,
        "alice /réglages confirmer:non\n"
        "alice /réglages confirmer:oui bandeau:NON\n"
        "alice /réglages confirmer:peut-être\n",
        Locale.FR,
    )
    lines = said.splitlines()
    assert any(line.startswith("confirmation des coups : désactivée") for line in lines), said
    assert "! confirmer doit valoir oui ou non, pas « peut-être »." in lines
    assert "yes" not in said and ":no" not in said and "yes|no" not in said


async def test_english_yes_and_no_stay_accepted(tmp_path: Path) -> None:
    said = await play(
        tmp_path, "alice /settings confirm:no\nalice /settings confirm:x\n", Locale.EN
    )
    assert '! confirm must be yes or no, not "x".' in said.splitlines()
    korean = await play(tmp_path, "alice /설정 확인:아니요\nalice /설정 확인:no\n", Locale.KO)
    assert "! " not in korean


@pytest.mark.parametrize(
    ("locale", "script", "refusal"),
    [
        (Locale.FR, "alice /défier bob classée:peut-être\n", "classée doit valoir oui ou non"),
        (Locale.JA, "alice /申し込む bob レーティング:たぶん\n", "レーティング は はい か いいえ"),
        (Locale.ZH_HANS, "alice /挑战 bob 计分:也许\n", "计分 必须是 是 或 否"),
    ],
)
async def test_a_refused_yes_or_no_names_the_readers_words(
    tmp_path: Path, locale: Locale, script: str, refusal: str
) -> None:
    assert refusal in await play(tmp_path, script, locale)


async def test_a_french_game_ends_a_vacation_and_plays_unrated(tmp_path: Path) -> None:
    """« /vacances fin » ends a vacation as « /vacation end » does; « classée:non » is read."""
    said = await play(
        tmp_path,
        "alice /vacances 3\nalice /vacances fin\nalice /défier bob classée:non\n",
        Locale.FR,
    )
    assert "! " not in said, said
    assert "partie amicale" in said, said
