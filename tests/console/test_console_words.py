"""The console's words in the reader's language: yes and no (« bandeau:non »), the choices a
refusal lists, and the help's names, values, examples and columns."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.console.help import command_help, help_layout, help_parts, lay_out
from bot.console.help_rows import Grid, Row, cells
from bot.i18n import Locale, pgettext, using
from bot.i18n.text import say
from bot.service.catalog import BY_NAME
from tests.console.session import play


async def test_a_french_player_says_oui_and_non(tmp_path: Path) -> None:
    """« bandeau:non » turns the name strips off (it was refused as « doit valoir yes ou
    no »); a word that is neither is refused with the French words."""
    said = await play(
        tmp_path,
        "alice /réglages bandeau:oui\n"
        "alice /réglages bandeau:NON\n"
        "alice /réglages bandeau:peut-être\n",
        Locale.FR,
    )
    lines = said.splitlines()
    assert "pas de bandeau des noms" in said, said
    assert "! bandeau doit valoir oui ou non, pas « peut-être »." in lines
    assert "yes" not in said and ":no" not in said and "yes|no" not in said


async def test_english_yes_and_no_stay_accepted(tmp_path: Path) -> None:
    said = await play(tmp_path, "alice /settings strip:no\nalice /settings strip:x\n", Locale.EN)
    assert '! strip must be yes or no, not "x".' in said.splitlines()
    korean = await play(tmp_path, "alice /설정 이름띠:아니요\nalice /설정 이름띠:no\n", Locale.KO)
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
        "! notifications doit valoir salon, mp ou désactivé, pas « x ».",
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
    assert said == '! 알림방식은(는) 채널, DM, 끄기 중 하나여야 해요. "x"은(는) 안 돼요.\n'
    # The help offers 자동 (auto) for the language, and the console reads it.
    assert "[언어:자동|en|fr|ko|ja|zh_Hans|zh_Hant]" in await play(
        tmp_path, "a /도움말\n", Locale.KO
    )
    assert "! " not in await play(tmp_path, "alice /설정 언어:자동\n", Locale.KO)


# English words the help wrote inside every translation (values, examples, placeholders).
HELP_ENGLISH = re.compile(
    r"yes\||\|no\]|:yes|channel\||white\||\|random|\bnone\]|\bAccept\b|watch the e-file|\[user\]"
    r"|\[game\]|NAME|wood|simplified|/challenge|/move|/settings|own\|turn|ask\|casual"
    r"|:no\]|:white\]|:swiss\]|:knockout\]|:armageddon\]"
)


@pytest.mark.parametrize("locale", [Locale.FR, Locale.KO, Locale.JA, Locale.ZH_HANT])
async def test_the_help_has_no_english_word(tmp_path: Path, locale: Locale) -> None:
    """The help names options, choices, yes and no, examples and placeholders in the
    reader's words (« [couleur:blancs|rouges|noirs|Cho|Han|"au hasard"] », « bob /appuyer
    Accepter »)."""
    said = await play(tmp_path, "alice /help\n", locale)
    assert HELP_ENGLISH.findall(said) == []
    english = await play(tmp_path, "alice /help\n", Locale.EN)
    assert len(HELP_ENGLISH.findall(english)) > 10  # (the check finds them)
    if locale is Locale.FR:
        assert '[couleur:blancs|rouges|noirs|Cho|Han|"au hasard"]' in said
        assert "[classée:oui|non]" in said and "[bandeau:oui|non]" in said
        assert "[jours:3|aucun]" in said and "[notifications:salon|mp|désactivé]" in said
        assert "bob /appuyer Accepter" in said
        assert "bob /note [coup:12...] surveiller la colonne e" in said
        assert "alice /parties [joueur]" in said and "alice /classement [partie]" in said
        assert "[thème:bois|vert|bleu]" in said
        assert "[confirmer:menus|toujours|jamais]" in said


@pytest.mark.parametrize("locale", list(Locale), ids=lambda locale: locale.value)
def test_the_help_fits_an_80_column_terminal_its_notes_in_one_column(locale: Locale) -> None:
    """No line of /help is wider than a common terminal's 80 cells (a wide CJK character
    counting two), and every line of every note, in every part, starts in one column, on a
    line of its own under its usage (before, notes went beside the usages, each part in its
    own column, and lines ran to 103 cells)."""
    with using(locale):
        lines = [line for text in help_parts() for line in text.splitlines()]
        notes = [
            pgettext("console help", row.note).format(
                **{key: say(value) for key, value in row.fields}
            )
            for part in help_layout()
            for row in part
            if isinstance(row, Row) and row.note
        ]
    assert max(cells(line) for line in lines) <= 80, locale
    columns = set()
    for note in notes:
        for note_line in note.splitlines():
            found = [line for line in lines if line.lstrip().startswith(note_line[:12])]
            assert found, (locale, note_line)
            columns.add(cells(found[0]) - cells(found[0].lstrip()))
    assert len(notes) > 50 and columns == {6}, (locale, columns)


def test_the_moves_help_shows_each_games_notation() -> None:
    """/move's note gives an example of chess, xiangqi and janggi moves, janggi's pass too;
    /help move (Discord's description) a janggi move beside the others, in every language."""
    with using(Locale.EN):
        said = "\n".join(help_parts())
    assert "any notation: e4, Nf3, e2e4, O-O, e8=Q;" in said
    assert "      xiangqi: C2.5, h2e2, 炮二平五;\n      janggi: 79졸78, i4h4, pass (한수쉼)" in said
    with using(Locale.KO):
        assert "장기: 79졸78, i4h4, 한수쉼 (pass)" in "\n".join(help_parts())
    for locale in Locale:
        with using(locale):
            assert "炮二平五" in command_help(BY_NAME["move"]), locale
            assert "79졸78" in command_help(BY_NAME["move"]), locale


def test_cells_count_wide_characters_twice() -> None:
    assert cells("abc") == 3 and cells("対局") == 4 and cells("대국:N") == 6
    assert cells("é") == 1 and cells("e\u0301") == 1 and cells("ＡＢ") == 4


def test_a_grid_keeps_its_columns_when_it_wraps() -> None:
    grid = Grid(((("x" * 36,), ("y" * 36,), ("z",)), (("a",), ("b",), ("c" * 30,))))
    with using(Locale.EN):
        lines = lay_out((grid,)).splitlines()
    assert [line.rstrip() for line in lines] == [
        "  " + "x" * 36 + "  " + "y" * 36,
        "  z",
        "  a" + " " * 37 + "b",
        "  " + "c" * 30,
    ]


async def test_off_is_said_and_read_in_the_readers_word(tmp_path: Path) -> None:
    """Reminders, quiet hours and the digest are turned off with « désactivé » (or « aucun »,
    « non »), the word their refusals and the help offer (they offered none and off)."""
    said = await play(
        tmp_path,
        "alice /réglages rappels:x\n"
        "alice /réglages silence:99\n"
        "alice /réglages résumé:zz\n"
        "alice /défier bob jours:4\n"
        "alice /réglages rappels:désactivé silence:aucun résumé:non\n",
        Locale.FR,
    )
    lines = said.splitlines()
    assert (
        lines[0].startswith("! rappels : des heures avant l'échéance")
        and "ou désactivé" in lines[0]
    )
    assert lines[1].startswith("! silence : ") and lines[1].endswith("ou désactivé.")
    assert lines[2].startswith("! résumé : ") and lines[2].endswith("ou désactivé.")
    assert "ou aucun pour jouer sans limite de temps" in lines[3]
    assert "aucun rappel" in lines[4] and "pas d'heures calmes" in lines[4]
    assert "pas de résumé quotidien" in lines[4]
    assert not any(word in said for word in (" none", " off", "reminders", "quiet", "digest"))
