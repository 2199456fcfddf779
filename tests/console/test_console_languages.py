"""The console in other languages: --locale, /settings language:, and a whole game whose
every sentence comes from the catalogs.

The "pseudo-translation" tests translate every message of the template as ``⟦English⟧``;
after a whole game, any English word of Postal's vocabulary left outside ⟦⟧ is a sentence
the console printed without the catalogs (unwrapped, or joined from pieces) — which no
translator could ever have translated."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Set
from pathlib import Path

import pytest

from bot.console import run_console
from bot.console.help import help_parts
from bot.i18n import Locale, catalogs, translator_for, using
from bot.i18n.checks import CONTENT_LIMIT
from bot.i18n.names import Command, Option
from bot.i18n.text import say
from bot.service.catalog import COMMANDS
from tests.console.session import play
from tests.i18n.pseudo import OPENING_NAME, english_left, install_pseudo, vocabulary
from tests.i18n.test_catalogs import COMPLETE

GAME = """\
alice /challenge bob game:chess color:white days:3
bob /press ⟦Accept⟧
alice /move e4
bob /move e5
alice /move Bc4
bob /move Nc6
alice /board
bob /moves g8
alice /move Qh5
bob /draw
alice /press ⟦Decline⟧
bob /move Nf6
alice /move Qh4
alice /move Qxf7
alice /games
alice /stats
alice /history
alice /challenge bob game:xiangqi color:red
bob /press ⟦Decline⟧
"""
XIANGQI = """\
alice /challenge bob game:xiangqi color:red days:1
bob /press ⟦Accept⟧
alice /move h2e2
bob /move h9g7
alice /takeback
bob /press ⟦Accept⟧
alice /resign
alice /press ⟦Resign⟧
"""
# Refusals and the computer: every one is a sentence of the catalogs, with its facts (a
# colour, a date, a reason) said in the reader's language too.
REFUSALS = """\
alice /challenge bob game:xiangqi color:white
alice /challenge bob color:green
alice /challenge bob color:white
alice /challenge bob color:white
bob /press ⟦Accept⟧
alice /move Pe5
alice /move Ke2
bob /move Nf9
/help
/move e4
alice
alice move e4
alice /frobnicate
alice /board 1 2
alice /challenge bob colr:white
alice /press Nope
alice /moretime x
alice /conditional foo
alice /board game:x
alice /settings timezone:Mars/Base quiet:25-3
alice /settings strip:maybe
alice /vacation 3
alice /vacation end
alice /move e4
bob /conditional add Nc6 Nf3 Nf6
bob /move e5
alice /move Nf3
carol /challenge postal level:2 color:white
carol /challenge bob level:3
carol /challenge postal level:9
carol /challenge postal rated:yes
carol /draw
carol /resign
carol /press ⟦Resign⟧
carol /analyse
alice /analyse
"unclosed
"""
# Not sentences: players, commands and options as typed, notation, files.
# The computer is Postal (a name, typed "postal"). The help's usages: a subcommand after its
# group (/conditional list), a plain word filling an option ([user]).
SUBCOMMANDS = "|".join(sorted({sub.name for spec in COMMANDS for sub in spec.subcommands}))
NOT_WORDS = re.compile(
    r"alice|bob|carol|Postal|postal"
    rf"|/\w+(?: (?:{SUBCOMMANDS})\b)?"
    r"|\w+:\S*|\[\w+\]|game\d+\S*"
    r"|\S+\.(png|pgn|gif)\b|#\d+"
    rf"|{OPENING_NAME}"
)


@pytest.fixture
def pseudo_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[set[str]]:
    """French as ⟦English⟧ for every message of the sources; yields the English words."""
    yield install_pseudo(tmp_path / "locales", Locale.FR, monkeypatch)
    catalogs.translations.cache_clear()


def console_english(output: str, vocabulary: Set[str]) -> list[str]:
    """Lines of a console's ``output`` with English left outside the catalogs (boards and
    records skipped)."""
    kept = [
        line
        for line in output.splitlines()
        if not re.match(r"^\s*(\d+ |\s*[a-j] |\[|1\.|$)", line)  # boards, PGN
    ]
    return english_left("\n".join(kept), vocabulary, NOT_WORDS)


@pytest.mark.parametrize("script", [GAME, XIANGQI, REFUSALS], ids=["chess", "xiangqi", "refusals"])
async def test_a_whole_game_says_only_catalog_sentences(
    tmp_path: Path, pseudo_french: set[str], script: str
) -> None:
    """Every sentence of a game played through the console comes from the catalogs."""
    output = await play(tmp_path, script, Locale.FR)
    assert "⟦" in output
    assert console_english(output, pseudo_french) == []


@pytest.mark.parametrize("locale", sorted(COMPLETE, key=str), ids=lambda locale: locale.value)
@pytest.mark.parametrize("script", [GAME, XIANGQI, REFUSALS], ids=["chess", "xiangqi", "refusals"])
async def test_a_whole_game_in_a_finished_language_shows_no_english(
    tmp_path: Path, locale: Locale, script: str
) -> None:
    """With the real catalogs: a game in each finished language shows no English sentence
    (no word of the English catalog that the language's own translations do not use)."""
    translator = translator_for(locale)
    for label in ("Accept", "Decline", "Resign"):
        script = script.replace(f"⟦{label}⟧", translator.pgettext("button", label))
    output = await play(tmp_path, script, locale)
    assert console_english(output, vocabulary(locale)) == []


async def test_a_player_chooses_their_language(tmp_path: Path, pseudo_french: set[str]) -> None:
    """/settings language:fr makes that player's replies French; others keep --locale's,
    and language:auto gives the player back the console's."""
    chosen = await play(tmp_path, "alice /settings language:fr\n")
    assert "⟦language: ⟪Français⟫⟧" in chosen and chosen.startswith("⟦")
    assert (await play(tmp_path, "alice /games\n")).startswith("⟦")
    assert (await play(tmp_path, "bob /games\n")) == "bob has no active games.\n"
    assert (await play(tmp_path, "bob /games\n", Locale.FR)).startswith("⟦")
    await play(tmp_path, "alice /settings language:auto\n")
    assert (await play(tmp_path, "alice /games\n")) == "alice has no active games.\n"


@pytest.mark.parametrize("locale", list(Locale), ids=lambda locale: locale.value)
async def test_help_comes_in_parts_that_each_fit_a_discord_message(
    tmp_path: Path, locale: Locale
) -> None:
    """/help in every language: each part of it is one message of at most 2,000 characters
    (Discord's limit), and together they name every command, as the reader's Discord client
    names them (``/défier`` in French)."""
    output = await play(tmp_path, "alice /help\n", locale)
    with using(locale):
        parts = help_parts()
        commands = [say(Command(name)) for name in ("challenge", "move", "settings", "analyse")]
        commands += [say(Command("conditional", "add")), say(Option("game", "N"))]
    assert output == "".join(f"{part}\n" for part in parts)
    assert len(parts) > 1 and all(len(part) <= CONTENT_LIMIT for part in parts)
    for command in commands:
        assert command in output
    if locale is Locale.FR:
        assert "alice /jouer e4" in output and "/conditionnels ajouter" in output
        assert "/move" not in output and "partie:N" in output


async def test_an_unknown_language_is_refused(tmp_path: Path) -> None:
    output = await play(tmp_path, "alice /settings language:de\n")
    assert "language must be auto or one of en, fr, ko, ja, zh_Hans, zh_Hant" in output


async def test_each_games_board_has_its_own_label(tmp_path: Path) -> None:
    """A French reader's chess board is an « échiquier », a xiangqi board a « plateau »: the
    console labels each game's board controls and image with its own game's word."""
    said = {}
    for game, color, move in (("chess", "white", "e4"), ("xiangqi", "red", "h2e2")):
        out = io.StringIO()
        script = f"alice /challenge bob game:{game} color:{color}\nbob /press Accepter\n"
        await run_console(
            tmp_path / f"{game}.db",
            tmp_path / "images",
            io.StringIO(script + f"alice /move {move}\n"),
            out,
            interactive=False,
            locale=Locale.FR,
        )
        said[game] = out.getvalue()
    assert re.search(r"^échiquier : \[\d+\]", said["chess"], re.MULTILINE)
    assert re.search(r"^image de l'échiquier : ", said["chess"], re.MULTILINE)
    assert re.search(r"^plateau : \[\d+\]", said["xiangqi"], re.MULTILINE)
    assert re.search(r"^image du plateau : ", said["xiangqi"], re.MULTILINE)
    assert "échiquier" not in said["xiangqi"]


FRENCH_LETTERS = """\
alice /challenge bob game:chess color:white
bob /press Accepter
alice /settings confirm:never
bob /settings confirm:never
alice /move e4
bob /move e5
alice /move Fc4
bob /move Cc6
alice /move Dh5
bob /moves g8
bob /move Cf6
alice /move Dxf7
alice /pgn
"""


async def test_french_players_read_moves_in_french_letters_and_records_keep_english(
    tmp_path: Path,
) -> None:
    """A French reader reads the moves as they type them (Fc4, Cc6, Dxf7#), in the
    sentences and lists; the record and its PGN keep standard English SAN."""
    said = await play(tmp_path, FRENCH_LETTERS, Locale.FR)
    for sentence in ("alice a joué 2. Fc4.", "bob a joué 2... Cc6.", "alice a joué 4. Dxf7#."):
        assert sentence in said
    assert "Coups possibles depuis g8 : Cf6, Cge7, Ch6." in said
    assert "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0" in said
    assert "Fc4" not in said.split("[Event")[1]  # the record: English SAN only


async def test_korean_players_read_english_letters(tmp_path: Path) -> None:
    """Korean (and Japanese and Chinese) players type and read chess moves with the English
    letters, as their chess sites show them."""
    english = FRENCH_LETTERS.replace("Accepter", "수락").replace("/move F", "/move B")
    english = english.replace("/move C", "/move N").replace("/move D", "/move Q")
    said = await play(tmp_path, english, Locale.KO)
    assert "2. Bc4" in said and "Fc4" not in said and "Nf6, Nge7, Nh6" in said


async def test_a_list_of_moves_takes_the_readers_separator(tmp_path: Path) -> None:
    """Moves listed in a Japanese sentence are separated with 、 like any list there."""
    script = "alice /challenge bob game:chess color:white\nbob /press 受ける\nalice /moves g1\n"
    said = await play(tmp_path, script, Locale.JA)
    assert "g1 からの合法手：Nf3、Nh3。" in said, said


async def test_a_french_players_slip_is_corrected_in_french_letters(tmp_path: Path) -> None:
    """The rewrite of a slip (a move number, a figurine) is read and shown in the French
    player's letters: « 1.Rf1 » is the roi's move, and ♘f3 is shown as Cf3."""
    script = (
        "alice /challenge bob game:chess color:white\nbob /press Accepter\n"
        "alice /move ♘f3\nalice /move 1.Rf1\n"
    )
    said = await play(tmp_path, script, Locale.FR)
    assert "par ex. Cf3. Vouliez-vous dire Cf3 ?" in said, said
    assert "écrivez seulement Rf1. Rf1 est illégal ici : une de vos pièces occupe" in said, said
    assert "Nf3" not in said and "Tf1" not in said


async def test_a_button_is_pressed_by_its_label_in_any_language(tmp_path: Path) -> None:
    """alice reads French, bob English: alice's challenge shows « Accepter », and bob's
    ``/press Accept`` presses it; a label in no language is still refused."""
    output = await play(
        tmp_path,
        "alice /settings language:fr\n"
        "alice /challenge bob color:white\n"
        "bob /press Nope\n"
        "bob /press Accept\n",
    )
    assert "boutons : [1] Accepter  [2] Refuser  [3] Annuler" in output
    assert 'There is no button "Nope" to press.' in output
    assert "bob accepted. alice (white) vs bob (black)" in output


async def test_a_french_label_presses_an_english_button(tmp_path: Path) -> None:
    """The other way round: an English button pressed by its French label, in capitals."""
    output = await play(tmp_path, "alice /challenge bob color:white\nbob /press ACCEPTER\n")
    assert "buttons: [1] Accept  [2] Decline  [3] Cancel" in output
    assert "bob accepted." in output
