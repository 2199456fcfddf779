"""The console in French reads the commands and options a French Discord client shows
(``/jouer``, ``partie:``, ``/conditionnels ajouter``) as well as the English ones, and names
them so in its sentences."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import Locale
from tests.console.session import play

FRENCH_GAME = """\
alice /défier bob partie:chess couleur:white jours:3
bob /press Accepter
alice /jouer e4
bob /move e5
alice /JOUER Fc4 partie:1
bob /coups g8 partie:1
bob /conditionnels ajouter Cc6 Cf3 Cf6
bob /conditionnels liste
bob /jouer Cc6
alice /note surveiller la colonne e
alice /note effacer:oui
alice /pgn partie:1 notes:oui
alice /abandonner partie:1
"""
ENGLISH_GAME = """\
alice /challenge bob game:chess color:white days:3
bob /press Accept
alice /move e4
bob /move e5
alice /move Bc4 game:1
bob /moves g8 game:1
bob /conditional add Nc6 Nf3 Nf6
bob /conditional list
bob /move Nc6
alice /note watch the e-file
alice /note clear:yes
alice /pgn game:1 notes:yes
alice /resign game:1
"""


async def test_a_french_game_with_the_french_command_names(tmp_path: Path) -> None:
    """The French names play the same game as the English ones do in English: nothing is
    refused, and the game goes as far."""
    french = await play(tmp_path / "fr", FRENCH_GAME, Locale.FR)
    english = await play(tmp_path / "en", ENGLISH_GAME, Locale.EN)
    assert "! " not in english, english
    assert "\n! " not in "\n" + french, french
    for said in (
        "bob a accepté. alice (blancs) contre bob (noirs), échecs, 3 jours par coup, partie "
        "classée. À alice de jouer.",
        "Coups possibles depuis g8 : Ce7, Cf6, Ch6.",
        "Vous avez 1 ligne préparée ici ; elle n'est visible que par vous (/conditionnels liste).",
        "bob a joué 2... Cc6. À alice de jouer. Ouverture : C23 Bishop's Opening.",
        "1 note effacée dans alice contre bob · échecs (partie #1).",
        "1. e4 e5 2. Bc4 Nc6 *",
        "Vraiment abandonner alice contre bob · échecs ? Appuyez sur Abandonner pour confirmer.",
    ):
        assert said in french.splitlines(), said
    assert "1. e4 e5 2. Bc4 Nc6 *" in english.splitlines()


async def test_english_names_stay_accepted_for_a_french_player(tmp_path: Path) -> None:
    output = await play(tmp_path, ENGLISH_GAME.replace("Accept\n", "Accepter\n"), Locale.FR)
    assert "\n! " not in "\n" + output, output


async def test_french_sentences_name_the_french_commands(tmp_path: Path) -> None:
    """Refusals and hints name what the French client shows, for commands, subcommands and
    options, whether the player typed them in French or in English."""
    script = """\
alice /jouer
alice /move
alice /plateau partie:x
alice /board jeu:1
alice /plateau partie:1 partie:1
alice /conditionnels foo
alice /conditional
alice /note texte:a b
alice /jouer e4
alice /défier postal niveau:3 classée:yes
"""
    lines = (await play(tmp_path, script, Locale.FR)).splitlines()
    assert lines[:8] == [
        "! Dites quel coup jouer, par ex. /jouer e4.",
        "! Dites quel coup jouer, par ex. /jouer e4.",
        "! partie doit être un numéro de partie comme partie:12, pas « x ».",
        "! /plateau n'a pas d'option « jeu » (ses options : partie:).",
        "! /plateau a reçu partie deux fois ; donnez chaque option une seule fois.",
        "! Après /conditionnels, écrivez ajouter, liste ou effacer, pas « foo ».",
        "! Après /conditionnels, écrivez ajouter, liste ou effacer, par ex. /conditionnels "
        "ajouter.",
        '! Trop de mots pour /note : "b". Elle ne lit que des options écrites sous la forme '
        "nom:valeur (effacer:, partie:, coup:).",
    ]
    assert lines[8] == "! Vous n'avez pas de partie dans ce salon. Lancez-en une avec /défier."
    assert "(ou mettez classée:non)" in lines[9]


async def test_the_names_are_the_readers_language_only(tmp_path: Path) -> None:
    """In English, /jouer is no command: a name is read in English or in the reader's own
    language, not in every language at once."""
    output = await play(tmp_path, "alice /jouer e4\n", Locale.EN)
    assert output == '! Unknown command "/jouer". Type /help for the list.\n'


async def test_choices_are_read_by_their_french_labels(tmp_path: Path) -> None:
    """A choice is read by the label a French client lists (« noirs », « aucun (sans limite
    de temps) » as ``aucun``, « jamais », « mp », « chinoise (炮二平五) » as ``chinoise``), by
    its value (but for days' 0), or by its English label."""
    script = """\
alice /défier bob partie:échecs couleur:noirs jours:aucun classée:no
alice /réglages orientation:"le camp au trait" reprises:jamais notifications:mp notation:chinoise
alice /classement échecs
alice /défier carol partie:xiangqi couleur:rouges jours:0
alice /défier dave color:black days:"none (no time limit)"
"""
    lines = (await play(tmp_path, script, Locale.FR)).splitlines()
    assert lines[0].startswith(
        "alice défie bob — échecs (alice : noirs, sans limite de temps, partie amicale)."
    )
    settings = lines[2]
    for said in (
        "votre tour est annoncé par message privé",
        "vos échiquiers montrent en bas le camp au trait",
        "demandes de reprise jamais permises",
        "coups de xiangqi en notation chinoise (炮二平五)",
    ):
        assert said in settings, said
    assert "Aucune partie classée (échecs) sur ce serveur pour l'instant." in lines
    assert any(line.startswith("alice défie dave — échecs (alice : noirs, sans") for line in lines)
    # 0 is Discord's value for « aucun », never typed there: typed here, it is refused.
    assert [line for line in lines if line.startswith("!")] == [
        "! jours doit être l'un de 1, 2, 3, 5, 7, 10, 14, aucun (sans limite de temps), pas « 0 »."
    ]


async def test_a_player_who_chose_french_types_the_french_names(tmp_path: Path) -> None:
    """In an English console, /settings language:fr gives alice the French names (and the
    English ones); bob, still in English, has only the English ones."""
    script = """\
alice /settings language:fr
alice /défier bob partie:échecs couleur:blancs
bob /défier alice
alice /jouer
"""
    lines = (await play(tmp_path, script, Locale.EN)).splitlines()
    assert any(line.startswith("alice défie bob — échecs (alice : blancs") for line in lines)
    assert '! Unknown command "/défier". Type /help for the list.' in lines
    assert lines[-1] == "! Dites quel coup jouer, par ex. /jouer e4."


async def test_colours_are_named_as_the_french_client_lists_them(tmp_path: Path) -> None:
    """A colour refused is answered with the colours a French client lists, which the
    console reads too."""
    script = """\
alice /défier bob partie:xiangqi couleur:blancs
alice /défier bob couleur:vert
"""
    assert (await play(tmp_path, script, Locale.FR)).splitlines() == [
        "! Pour cette partie (xiangqi), les couleurs sont rouges et noirs : couleur doit valoir "
        "rouges, noirs ou au hasard, pas « blancs ».",
        "! couleur doit valoir blancs, noirs ou au hasard, pas « vert ».",
    ]
