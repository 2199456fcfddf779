"""The board themes and piece sets players may choose, and their names in each language.

Every choice looks different from every other: ``default`` (stored while a player has chosen
nothing) is no choice of its own but a word that resets the look to the renderer's default,
and a player is shown that default by its name (``wood``, ``cburnett``).

A theme or set is stored and sent by its name (``wood``, ``simplified``); players read and may
type its label (msgctxt ``choice``, as Discord's autocomplete lists it): « bois »,
« simplifiées (xiangqi) », 简体（象棋）. ``cburnett`` keeps its name in every language: it is
the artist's.
"""

from __future__ import annotations

from bot.i18n.locale import Locale
from bot.i18n.names import CHOICE, Choice, Listed, label_head
from bot.i18n.translator import NP_, translator_for
from bot.render import piece_set_names, theme_names

DEFAULT_THEME = "default"

# English labels of the renderer's looks; one the renderer adds without a label here is
# shown by its name (and the catalog test names it).
_LABELS = {
    DEFAULT_THEME: NP_("choice", "default"),
    "wood": NP_("choice", "wood"),
    "green": NP_("choice", "green"),
    "blue": NP_("choice", "blue"),
}
_PIECE_SET_LABELS = {
    DEFAULT_THEME: NP_("choice", "default"),
    "cburnett": NP_("choice", "cburnett (chess)"),
    "simple": NP_("choice", "simple (chess)"),
    "traditional": NP_("choice", "traditional (xiangqi)"),
    "simplified": NP_("choice", "simplified (xiangqi)"),
}


def available_themes() -> tuple[str, ...]:
    """Theme names a player may choose: the renderer's chess themes, its default first;
    xiangqi boards have one look, whatever the choice."""
    return tuple(theme_names("chess"))


def available_piece_sets() -> dict[str, str]:
    """Piece set names a player may choose, each with the variant it is for, each
    variant's default first."""
    return {name: variant for variant in ("chess", "xiangqi") for name in piece_set_names(variant)}


def shown_theme(name: str) -> str:
    """The theme a player sees: ``default`` (nothing chosen) is the renderer's default."""
    return available_themes()[0] if name == DEFAULT_THEME else name


def shown_chess_pieces(name: str) -> str:
    """The chess set a player sees: ``default`` (nothing chosen) is the renderer's default."""
    return piece_set_names("chess")[0] if name == DEFAULT_THEME else name


def theme_choice(name: str) -> Choice:
    """The theme ``name`` as a sentence names it: its str is the name, said as its label in
    the reader's language (« bois » for ``wood``)."""
    return Choice(name, _LABELS.get(name, name))


def piece_set_choice(name: str) -> Choice:
    """The piece set ``name`` as a sentence names it, said without its game (« simplifiées »)."""
    return Choice(name, _PIECE_SET_LABELS.get(name, name))


def piece_set_listed(name: str) -> Listed:
    """The piece set ``name`` in a list of them, said with its game (« simplifiées (xiangqi) »),
    as autocomplete offers it."""
    return Listed(name, _PIECE_SET_LABELS.get(name, name))


def theme_named(typed: str) -> str | None:
    """The theme ``typed`` names: its name or its label (whole or without its parenthesis)
    in English or any language Postal speaks, any case; ``default`` (a reset, not a look)
    for that word in any language; None for none of them."""
    return _named(typed, [theme_choice(name) for name in (*available_themes(), DEFAULT_THEME)])


def piece_set_named(typed: str) -> str | None:
    """The piece set ``typed`` names, read as ``theme_named`` reads a theme."""
    names = (*available_piece_sets(), DEFAULT_THEME)
    return _named(typed, [piece_set_choice(name) for name in names])


def _named(typed: str, choices: list[Choice]) -> str | None:
    # Every language, not only the reader's: a player whose app speaks French but who reads
    # Postal in English may type what autocomplete showed them. Names are read first.
    word = _words(typed)
    for choice in choices:
        if _words(choice) == word:
            return str(choice)
    for locale in Locale:
        translator = translator_for(locale)
        for choice in choices:
            label = translator.pgettext(CHOICE, choice.label)
            if word in (_words(label), _words(label_head(label))):
                return str(choice)
    return None


def _words(text: str) -> str:
    """``text`` casefolded with runs of spaces, hyphens and underscores as one space."""
    return " ".join(text.replace("_", " ").replace("-", " ").casefold().split())
