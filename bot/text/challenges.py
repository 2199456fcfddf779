"""Challenges and new games in words: a challenge made, answered or refused, a game started
(against a person or the computer), for both adapters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.text import Text, TextIn
from bot.service.challenge_plan import ChallengeRefusal, ChallengeRefusedError
from bot.service.computer import ComputerGameStarted, NoComputerError
from bot.service.errors import UserError
from bot.service.janggi_setups import SETUP_LABELS, SETUP_PAIRS, SETUP_WORDS
from bot.service.results import (
    ButtonAction,
    ChallengeClosed,
    ChallengeCreated,
    ChallengeView,
    Choice,
    GameStarted,
    SelectMenu,
    ThematicStart,
)
from bot.text.clock_words import pace_of
from bot.text.phrases import color_text, rated_text, variant_text
from rules import Color
from rules.chess960 import STANDARD_START, start_number
from rules.janggi import Setup

CUSTOM_START = Text(", from a custom position")


def start_text(
    variant: str, start_fen: str | None, opening: ThematicStart | None = None
) -> Text | str:
    """How a challenge's start is said after its terms: a Chess960 start by its number
    (``, from start position 518``), a chess start by its opening where chess names it
    (``, after 1. e4 c5 (B20 Sicilian Defense)``), another start as custom, the variant's
    own as nothing."""
    if variant == "chess960":
        number = STANDARD_START if start_fen is None else start_number(start_fen)
        if number is not None:
            return Text(", from start position {number}", number=number)
    if opening is not None and opening.opening is not None:
        if opening.line:
            return Text(
                ", after {line} ({eco} {name})",
                line=opening.line,
                eco=opening.opening.eco,
                name=opening.opening.name,
            )
        return Text(
            ", from the {eco} {name} position",
            eco=opening.opening.eco,
            name=opening.opening.name,
        )
    return CUSTOM_START if start_fen else ""


_REFUSALS = {
    ChallengeRefusal.OWN: Text(
        "You cannot accept your own challenge; wait for your opponent or cancel it."
    ),
    ChallengeRefusal.DECLINE_NOT_YOURS: Text(
        "Only the challenged player can decline; the challenger may cancel."
    ),
    ChallengeRefusal.DECLINE_OPEN: Text(
        "An open challenge cannot be declined; just leave it, or its author may cancel it."
    ),
    ChallengeRefusal.CANCEL_NOT_YOURS: Text("Only the player who made a challenge can cancel it."),
}


def _refused(error: ChallengeRefusedError) -> Text:
    if error.reason is ChallengeRefusal.FOR_ANOTHER:
        return Text("This challenge is for {player}.", player=error.player)
    return _REFUSALS[error.reason]


# The refusals of this module's facts, by type (``bot.text.errors.WORDED`` holds them).
REFUSALS: dict[type[UserError], Callable[[Any], Text]] = {
    ChallengeRefusedError: _refused,
    NoComputerError: lambda error: Text(
        "Postal cannot play games itself right now; try again in a minute."
    ),
}


def _challenge_start(view: ChallengeView) -> Text | str:
    """How the challenge's start is said: a janggi start of two setups by the challenger's
    setup (the other is the acceptor's to choose), else as ``start_text`` says it."""
    pair = SETUP_PAIRS.get(view.start_fen or "") if view.variant == "janggi" else None
    if pair is None:
        return start_text(view.variant, view.start_fen, view.opening)
    setup = pair[0] if view.color == Color.WHITE.value else pair[1]
    return Text(", {player}'s setup {setup}", player=view.challenger.name, setup=setup.value)


def challenge_text(view: ChallengeView) -> Text:
    """The challenge as its message says it: who challenges whom, to what, and until when
    it may be answered."""
    start = _challenge_start(view)
    if view.opponent is not None:
        return Text(
            "{challenger} challenges {opponent} to {variant} ({challenger} plays {colour}, "
            "{pace}, {rated}{start}). {opponent} may accept or decline within 48 hours.",
            challenger=view.challenger.name,
            opponent=view.opponent.name,
            variant=variant_text(view.variant),
            colour=color_text(view.variant, view.color),
            pace=pace_of(view),
            rated=rated_text(view.rated),
            start=start,
        )
    return Text(
        "{challenger} challenges anyone to {variant} ({challenger} plays {colour}, {pace}, "
        "{rated}{start}). Anyone may accept within 48 hours.",
        challenger=view.challenger.name,
        variant=variant_text(view.variant),
        colour=color_text(view.variant, view.color),
        pace=pace_of(view),
        rated=rated_text(view.rated),
        start=start,
    )


def closed_text(result: ChallengeClosed) -> Text:
    """How the challenge was closed: declined or cancelled by a player, else expired."""
    if result.by is not None and result.status == "declined":
        return Text("{player} declined.", player=result.by)
    if result.by is not None and result.status == "cancelled":
        return Text("{player} cancelled the challenge.", player=result.by)
    return Text("The challenge expired unanswered.")


def setups_text(setups: tuple[Setup, Setup] | None) -> Text | str:
    """A janggi game's setups after its terms, each with where its elephants stand as
    the setup menu says it (``, setups: Cho 상마상마 (left elephant), Han 마상상마 (inner
    elephants)``); nothing for other games."""
    if setups is None:
        return ""
    cho, han = setups
    return Text(
        ", setups: {cho} {cho_setup}, {han} {han_setup}",
        cho=color_text("janggi", Color.WHITE),
        cho_setup=TextIn("choice", SETUP_LABELS[cho.value]),
        han=color_text("janggi", Color.BLACK),
        han_setup=TextIn("choice", SETUP_LABELS[han.value]),
    )


def started_text(result: GameStarted) -> Text:
    """The accepted challenge's game: who plays which side, its terms (a janggi game's
    setups too), who moves first."""
    view = result.game
    return Text(
        "{player} accepted. {white} ({white_colour}) vs {black} ({black_colour}), {variant}, "
        "{pace}, {rated}{setups}. {to_move} to move.",
        player=result.acceptor.name,
        white=view.white.name,
        white_colour=color_text(view.variant, Color.WHITE),
        black=view.black.name,
        black_colour=color_text(view.variant, Color.BLACK),
        variant=variant_text(view.variant),
        pace=pace_of(view),
        rated=rated_text(view.rated),
        setups=setups_text(result.setups),
        to_move=result.notify.name,
    )


def computer_started_text(result: ComputerGameStarted) -> Text:
    """The game against the computer: the player's side, the computer's and its level, the
    terms, who moves first."""
    view = result.game
    human = Color.BLACK if view.white.id == result.computer.id else Color.WHITE
    return Text(
        "{player} ({colour}) vs {computer} ({computer_colour}, level {level}), {variant}, "
        "{pace}, unrated{start}. {first} to move.",
        player=view.player(human).name,
        colour=color_text(view.variant, human),
        computer=result.computer.name,
        computer_colour=color_text(view.variant, human.other),
        level=result.level,
        variant=variant_text(view.variant),
        pace=pace_of(view),
        start=start_text(view.variant, result.start_fen, result.opening)
        or setups_text(result.setups),
        first=result.notify.name,
    )


def challenge_menus(result: ChallengeCreated) -> tuple[SelectMenu, ...]:
    """A janggi challenge's menu of the four setups (``setup_menu``): choosing one accepts
    the challenge with it; none for other challenges."""
    if not result.setup_menu:
        return ()
    # The setups as /challenge's setup option lists them (msgctxt "choice").
    choices = tuple(Choice(TextIn("choice", SETUP_LABELS[word]), word) for word in SETUP_WORDS)
    return (
        SelectMenu(
            TextIn("placeholder", "Accept with your setup…"),
            ButtonAction.ACCEPT_SETUP,
            result.challenge.id,
            "",
            choices,
        ),
    )


# Each result of a challenge worded from its facts (``bot.text.results.WORDED`` holds them).
CHALLENGE_RESULTS: dict[type, Callable[[Any], Text]] = {
    ChallengeCreated: lambda result: challenge_text(result.challenge),
    ChallengeClosed: closed_text,
    GameStarted: started_text,
    ComputerGameStarted: computer_started_text,
}
