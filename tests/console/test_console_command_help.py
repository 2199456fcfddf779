"""``/help <command>``: one command explained from the command catalog, where each command
and option is described once (the same words Discord shows beside a slash command), in the
reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.help import command_help, wrapped
from bot.console.help_rows import LINE_CELLS, cells
from bot.i18n import Locale, pgettext, using
from bot.i18n.names import OPTION_NAME, name_in
from bot.service.catalog import BY_NAME, COMMANDS
from tests.console.session import play

LOCALES = list(Locale)


@pytest.mark.parametrize("locale", LOCALES, ids=[locale.value for locale in LOCALES])
async def test_every_command_is_explained_in_the_catalogs_words(
    tmp_path: Path, locale: Locale
) -> None:
    """Each command's /help names it and says, in the reader's language, what it does and
    what each of its options (and its subcommands') is for, every line within a terminal's
    width."""
    script = "".join(f"alice /help {spec.name}\n" for spec in COMMANDS)
    output = await play(tmp_path, script, locale)
    # A description may go on on the next line, Chinese and Japanese inside a word.
    flat = "".join(output.split())
    with using(locale):
        for spec in COMMANDS:
            for described in (spec, *spec.subcommands):
                if described.description:
                    about = pgettext("description", described.description)
                    assert "".join(about.split()[0].split()) in flat, (spec.name, about)
                for option in described.options:
                    if option.discord_only:
                        continue
                    assert f"{name_in(OPTION_NAME, option.name)}:" in output
                    if option.description:
                        words = pgettext("description", option.description)
                        assert "".join(words[:20].split()) in flat, (option.name, words)
    assert "!" not in output.replace("!=", "")
    assert all(cells(line) <= LINE_CELLS for line in output.splitlines())


async def test_the_french_help_for_challenge_reads_in_french(tmp_path: Path) -> None:
    output = await play(tmp_path, "alice /aide défier\n", Locale.FR)
    assert output.startswith("/défier — Défier quelqu'un (ou n'importe qui) à une partie\n")
    assert '  couleur:blancs|rouges|noirs|Cho|Han|"au hasard"\n' in output
    assert "Your colour" not in output


async def test_a_subcommand_alone_and_a_group_whole(tmp_path: Path) -> None:
    """``/help conditional add`` explains that subcommand only; ``/help conditional`` each
    of the group's, in turn. A help typed without a user works the same."""
    one = await play(tmp_path / "one", "alice /help conditional add\n")
    group = await play(tmp_path / "group", "/help conditional\n")
    assert one.startswith("/conditional add — Prepare answers")
    assert "/conditional list" not in one
    for sub in BY_NAME["conditional"].subcommands:
        assert f"/conditional {sub.name} — {sub.description}" in group


async def test_a_server_only_option_is_left_out(tmp_path: Path) -> None:
    """``server_language`` is set on Discord only (the console has no server): its help
    does not offer it."""
    output = await play(tmp_path, "alice /help settings\n")
    assert "  language:auto|" in output
    assert "server_language" not in output


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("alice /help frob\n", '! "frob" is not a command; /help lists them.\n'),
        ("/help frob\n", '! "frob" is not a command; /help lists them.\n'),
        (
            "alice /help conditional frob\n",
            '! Say add, list or clear after /conditional, not "frob".\n',
        ),
    ],
)
async def test_help_for_no_command_is_refused_by_name(
    tmp_path: Path, line: str, refusal: str
) -> None:
    assert await play(tmp_path, line) == refusal


def test_a_long_description_wraps_at_spaces_and_inside_words_without_them() -> None:
    assert wrapped("aaa bbb ccc", 7) == ["aaa bbb", "ccc"]
    assert wrapped("一二三四五六", 5) == ["一二", "三四", "五六"]
    assert all(cells(line) <= 10 for line in wrapped("éé " * 20, 10))
    assert "".join(wrapped("一二三四五六七八九十" * 5, 9)) == "一二三四五六七八九十" * 5
    # Chinese or Japanese after a space fills the line ("/トーナメント 作成 —" stood alone,
    # its description under it), and no line starts with closing punctuation.
    assert wrapped("ab 一二三。四五", 7) == ["ab 一二", "三。四", "五"]
    assert wrapped("一二三。四", 6) == ["一二", "三。四"]
    # Korean has spaces: its words are not broken to fill a line.
    assert wrapped("가나 다라마바", 8) == ["가나", "다라마바"]


@pytest.mark.parametrize("locale", [Locale.JA, Locale.ZH_HANS, Locale.ZH_HANT])
def test_a_chinese_or_japanese_description_starts_beside_its_command(locale: Locale) -> None:
    """/help tournament in Japanese or Chinese: each subcommand's description begins on its
    line, not under it."""
    with using(locale):
        said = command_help(BY_NAME["tournament"])
    for paragraph in said.split("\n\n"):
        assert not paragraph.splitlines()[0].endswith("—"), paragraph


@pytest.mark.parametrize("locale", LOCALES, ids=[locale.value for locale in LOCALES])
def test_the_pgn_help_says_janggi_games_come_as_pgn_too(locale: Locale) -> None:
    """/pgn's description (Discord's, and /help pgn) names janggi beside chess: its record
    is a .pgn as pychess-variants exports it (it said "PGN (chess) or record (xiangqi)")."""
    with using(locale):
        janggi = pgettext("choice", "janggi")
        said = command_help(BY_NAME["pgn"])
    assert "PGN" in said and janggi in said.split("\n  ")[0], (locale, said)
