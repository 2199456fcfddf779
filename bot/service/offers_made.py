"""An offer as its players see it: who made it, to whom, and the Accept and Decline buttons
answering it (their custom ids name the game, the answer and the move it was made at)."""

from __future__ import annotations

from bot.service.results import (
    Button,
    ButtonAction,
    ButtonLabel,
    ButtonStyle,
    GameView,
    OfferMade,
)
from bot.store import OfferKind

# The buttons answering each kind of offer: accept, decline.
_ANSWERS = {
    OfferKind.DRAW: (ButtonAction.ACCEPT_DRAW, ButtonAction.DECLINE_DRAW),
    OfferKind.TAKEBACK: (ButtonAction.ACCEPT_TAKEBACK, ButtonAction.DECLINE_TAKEBACK),
    OfferKind.PAUSE: (ButtonAction.ACCEPT_PAUSE, ButtonAction.DECLINE_PAUSE),
}


def offer_made(
    view: GameView, kind: OfferKind, from_id: int, ply: int, days: int | None = None
) -> OfferMade:
    """The offer by ``from_id`` made at ``ply`` (``days``: a pause's length), with
    Accept/Decline for the opponent."""
    by = view.white if from_id == view.white.id else view.black
    to = view.opponent_of(from_id)
    accept, decline = _ANSWERS[kind]
    answers = ((ButtonLabel.ACCEPT, accept, ButtonStyle.SUCCESS),
               (ButtonLabel.DECLINE, decline, ButtonStyle.DANGER))  # fmt: skip
    buttons = tuple(
        Button(label, action, view.id, argument=str(ply), allowed_user_ids=(to.id,), style=style)
        for label, action, style in answers
    )
    return OfferMade(view, kind, by, to, buttons, days)
