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


async def test_a_refused_choice_lists_the_labels_the_reader_types(tmp_path: Path) -> None:
    """Each refusal lists the choices as a French player types them (it said « channel, dm
    or off », « own (…) or turn (…) »…), and those words are then read."""
    said = await play(
        tmp_path,
        "alice /réglages notifications:x\n"
        "alice /réglages orientation:y\n"
        "alice /réglages reprises:z\n"
        "alice /réglages notation:q\n"
        "alice /réglages langue:de\n"
        'alice /réglages notifications:mp orientation:"le camp au trait" reprises:jamais '
        "notation:chinoise langue:auto\n",
        Locale.FR,
    )
    lines = said.splitlines()
    assert lines[:5] == [
        "! notifications doit être salon, mp ou désactivé, pas « x ».",
        "! orientation doit être « mon camp » ou « le camp au trait », pas « y ».",
        "! reprises doit être « toujours me demander », « seulement en partie amicale » ou "
        "« jamais », pas « z ».",
        "! notation doit être WXF, chinoise ou ICCS, pas « q ».",
        "! langue doit être auto ou l'une de en, fr, ko, ja, zh_Hans, zh_Hant, pas « de ».",
    ]
    assert "par message privé" in lines[5] and "en bas le camp au trait" in lines[5]
    assert "reprise jamais permises" in lines[5] and "notation chinoise" in lines[5]


async def test_a_korean_refusal_lists_korean_choices(tmp_path: Path) -> None:
    said = await play(tmp_path, "alice /설정 알림방식:x\n", Locale.KO)
    assert said == '! 알림방식은(는) 채널, DM, 끄기 중 하나여야 해요 ("x"은(는) 안 돼요).\n'
