"""What a player's own action answers, in the reader's words, from its result's facts: a
resignation to confirm, a draw offer or takeback request made or declined, a takeback
granted, more time given, a vacation begun, the board's menus, a move previewed or cancelled.
Both adapters say these (``INTERACTIONS``); the Discord adapter escapes them first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n.text import Moment, Plural, Sentences, Text, TextIn
from bot.service.controls_values import MENU_OPTIONS
from bot.service.core import VACATION_WINDOW
from bot.service.pause_facts import PauseAgreed
from bot.service.results import (
    Choice,
    ConfirmationNeeded,
    MenuOption,
    MenuPage,
    MenuStep,
    MoreTimeGiven,
    MoveCancelled,
    MoveMenu,
    MovePreview,
    MoveTyping,
    OfferDeclined,
    OfferMade,
    SelectMenu,
    TakenBack,
    VacationStarted,
)
from bot.store import OfferKind
from bot.text.pause_words import pause_agreed_text, pause_asked_text, pause_declined_text
from bot.text.phrases import PIECE_NAMES, title_text
from rules import is_chess_family


def confirmation_text(result: ConfirmationNeeded) -> Text:
    """``Really resign alice vs bob · chess? Press Resign to confirm.``"""
    return Text("Really resign {game}? Press Resign to confirm.", game=title_text(result.game))


def offer_made_text(result: OfferMade) -> Text:
    """``alice offers a draw. bob, accept or decline.`` (or asks to take back, or to
    pause)."""
    if result.kind is OfferKind.PAUSE:
        return pause_asked_text(result)
    if result.kind is OfferKind.DRAW:
        return Text(
            "{player} offers a draw. {opponent}, accept or decline.",
            player=result.by.name,
            opponent=result.to.name,
        )
    return Text(
        "{player} asks to take back their last move. {opponent}, accept or decline.",
        player=result.by.name,
        opponent=result.to.name,
    )


def offer_declined_text(result: OfferDeclined) -> Text:
    """``bob declined the draw offer.`` (or the takeback request, or the pause)."""
    if result.kind is OfferKind.PAUSE:
        return pause_declined_text(result)
    if result.kind is OfferKind.DRAW:
        return Text("{player} declined the draw offer.", player=result.by.name)
    return Text("{player} declined the takeback request.", player=result.by.name)


def taken_back_text(result: TakenBack) -> Text:
    """``bob accepted the takeback: 2 moves taken back. alice to move.``"""
    return Plural(
        "{player} accepted the takeback: move taken back. {to_move} to move.",
        "{player} accepted the takeback: {count} moves taken back. {to_move} to move.",
        result.plies,
        player=result.by.name,
        to_move=result.notify.name,
    )


def more_time_text(result: MoreTimeGiven) -> Text:
    """``bob gave alice 2 more days for this move.``"""
    return Plural(
        "{player} gave {opponent} {count} more day for this move.",
        "{player} gave {opponent} {count} more days for this move.",
        result.days,
        player=result.by.name,
        opponent=result.notify.name,
    )


def vacation_started_text(result: VacationStarted) -> Text:
    """``alice is on vacation until …: clocks paused. 27 vacation days left (30 in any 365
    days).``"""
    return Sentences(
        Text(
            "{player} is on vacation until {until}: clocks paused.",
            player=result.player.name,
            until=Moment(result.until),
        ),
        Plural(
            "{count} vacation day left ({allowance} in any {window} days).",
            "{count} vacation days left ({allowance} in any {window} days).",
            result.days_left,
            allowance=result.allowance,
            window=VACATION_WINDOW.days,
        ),
        Plural(
            "{count} game keeps its clock running: its tournament allows no vacation.",
            "{count} games keep their clocks running: their tournament allows no vacation.",
            result.unpaused,
        )
        if result.unpaused
        else "",
    )


def move_menu_text(result: MoveMenu) -> Text:
    """What a board menu asks: which piece, or where to from the piece chosen."""
    match result.step:
        case MenuStep.PIECE | MenuStep.NOMINATE_PIECE:
            return Text("Which piece?")
        case MenuStep.LEGAL_PIECE:
            return Text("Show the legal moves of which piece?")
        case MenuStep.TARGET:
            return Text("Where to, from {square}?", square=result.square)
        case MenuStep.NOMINATION:
            return Text("Which move from {square} do you nominate?", square=result.square)


def move_menus(result: MoveMenu) -> tuple[SelectMenu, ...]:
    """A board menu's select menus in words (``select_menus``)."""
    return select_menus(result.game.variant, result.step, result.menus)


# The steps whose menus list a piece's destinations (the others list pieces).
_DESTINATIONS = frozenset({MenuStep.TARGET, MenuStep.NOMINATION})


def select_menus(
    variant: str, step: MenuStep, menus: tuple[MenuPage, ...]
) -> tuple[SelectMenu, ...]:
    """A board menu's select menus in words: a piece's name and square (« Roi e1 »), or a
    destination (chess: the move; xiangqi: ``C2.5 (to e2)``), under what each asks."""
    names = PIECE_NAMES.get(variant, PIECE_NAMES["chess"])
    total = sum(len(page.choices) for page in menus)

    def label(option: MenuOption) -> str:
        if step not in _DESTINATIONS:
            named = names.get(option.piece, option.piece.upper())
            return TextIn("select option", "{piece} {square}", piece=named, square=option.square)
        if is_chess_family(variant):
            return option.move
        return TextIn(
            "select option", "{move} (to {square})", move=option.move, square=option.square
        )

    def placeholder(page: MenuPage) -> str:
        if step is MenuStep.NOMINATE_PIECE:
            return TextIn("placeholder", "Nominate a move: choose a piece")
        if step not in _DESTINATIONS:
            return TextIn("placeholder", "Choose a piece")
        if total <= MENU_OPTIONS:
            return TextIn("placeholder", "Choose the destination")
        last = page.first + len(page.choices) - 1
        return TextIn("placeholder", "Destinations {first}-{last}", first=page.first, last=last)

    return tuple(
        SelectMenu(
            placeholder(page),
            page.action,
            page.target_id,
            page.argument,
            tuple(Choice(label(option), option.value) for option in page.choices),
        )
        for page in menus
    )


def move_form_text(result: MoveTyping) -> tuple[TextIn, TextIn]:
    """The title and the box's label of the form for typing a move."""
    return TextIn("modal", "Your move in game #{id}", id=result.game.id), TextIn("modal", "Move")


def move_preview_text(result: MovePreview) -> Text:
    """What a preview asks. A chess piece's move names the piece and where (« Roi f1 »): a
    French player's Rf1 is the king (roi), which an English habit reads as a rook."""
    if not result.piece:
        return Text("Play {move}? The board after it is shown; only you see this.", move=result.san)
    named = TextIn(
        "select option",
        "{piece} {square}",
        piece=PIECE_NAMES["chess"][result.piece],
        square=result.to_square,
    )
    return Text(
        "Play {move} ({piece})? The board after it is shown; only you see this.",
        move=result.san,
        piece=named,
    )


def move_cancelled_text(result: MoveCancelled) -> Text:
    return Text("Move cancelled; nothing was played.")


# Each result type worded here, and its wording (``bot.text.results.WORDED`` holds them).
INTERACTIONS: dict[type, Callable[[Any], Text]] = {
    ConfirmationNeeded: confirmation_text,
    OfferMade: offer_made_text,
    OfferDeclined: offer_declined_text,
    TakenBack: taken_back_text,
    MoreTimeGiven: more_time_text,
    PauseAgreed: pause_agreed_text,
    VacationStarted: vacation_started_text,
    MoveMenu: move_menu_text,
    MovePreview: move_preview_text,
    MoveCancelled: move_cancelled_text,
}
