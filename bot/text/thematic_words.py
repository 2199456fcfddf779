"""A thematic tournament's start in words, for both adapters: said wherever a player
decides to join or reads its start and standings (``bot.text.tournament_words``)."""

from __future__ import annotations

from bot.i18n.text import Text
from bot.service.tournament.facts import TournamentView


def theme_text(view: TournamentView) -> Text | str:
    """``Thematic: every game begins after 1. e4 d5 (B01 Scandinavian Defense).``, by the
    opening's name alone when its line is not this start's, by the FEN where no opening is
    named there; nothing for the usual start."""
    start = view.start
    if start is None:
        return ""
    if start.opening is None:
        return Text("Thematic: every game begins from the position {fen}.", fen=start.fen)
    if not start.line:
        return Text(
            "Thematic: every game begins from the {eco} {name} position.",
            eco=start.opening.eco,
            name=start.opening.name,
        )
    return Text(
        "Thematic: every game begins after {line} ({eco} {name}).",
        line=start.line,
        eco=start.opening.eco,
        name=start.opening.name,
    )
