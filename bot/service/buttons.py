"""Pressing a button: one entry point so adapters route every button the same way."""

from __future__ import annotations

from bot.service.challenges import ChallengeUseCases
from bot.service.deadlines import DeadlineUseCases
from bot.service.errors import GameChangedError, InvalidButtonError
from bot.service.play import PlayUseCases
from bot.service.results import (
    ButtonAction,
    ChallengeClosed,
    GameEnded,
    GameStarted,
    MovePlayed,
    OfferDeclined,
    Place,
    PromotionNeeded,
    TakenBack,
    User,
    parse_button_id,
)

PressResult = (
    GameStarted
    | ChallengeClosed
    | MovePlayed
    | PromotionNeeded
    | GameEnded
    | OfferDeclined
    | TakenBack
)
_OFFER_ACTIONS = {
    ButtonAction.CONFIRM_RESIGN,
    ButtonAction.ACCEPT_DRAW,
    ButtonAction.DECLINE_DRAW,
    ButtonAction.ACCEPT_TAKEBACK,
    ButtonAction.DECLINE_TAKEBACK,
}


class ButtonUseCases(ChallengeUseCases, PlayUseCases, DeadlineUseCases):
    async def press(
        self,
        user: User,
        action: ButtonAction,
        target_id: int,
        argument: str = "",
        *,
        place: Place | None = None,
    ) -> PressResult:
        """Do what a button means, checking the presser may (the use cases raise
        ``UserError``s for others). Buttons about a game carry the ply they were made at
        and refuse (``GameChangedError``) once the game has moved on. ``place`` is where the
        button was pressed (a promotion chosen away from the game is announced there)."""
        if action in _OFFER_ACTIONS and argument:
            if not argument.isdigit():
                raise InvalidButtonError
            record = await self._game(target_id)
            if record.is_active and record.ply != int(argument):
                raise GameChangedError
        match action:
            case ButtonAction.ACCEPT_CHALLENGE:
                return await self.accept_challenge(user, target_id)
            case ButtonAction.DECLINE_CHALLENGE:
                return await self.decline_challenge(user, target_id)
            case ButtonAction.CANCEL_CHALLENGE:
                return await self.cancel_challenge(user, target_id)
            case ButtonAction.PROMOTE:
                return await self.promote(user, target_id, argument, place=place)
            case ButtonAction.CONFIRM_RESIGN:
                return await self.confirm_resign(user, target_id)
            case ButtonAction.ACCEPT_DRAW:
                return await self.accept_draw(user, target_id)
            case ButtonAction.DECLINE_DRAW:
                return await self.decline_draw(user, target_id)
            case ButtonAction.ACCEPT_TAKEBACK:
                return await self.accept_takeback(user, target_id)
            case ButtonAction.DECLINE_TAKEBACK:
                return await self.decline_takeback(user, target_id)
        raise InvalidButtonError

    async def press_custom_id(
        self, user: User, custom_id: str, *, place: Place | None = None
    ) -> PressResult:
        """``press`` for a ``Button.custom_id``. Raises ``InvalidButtonError`` if malformed."""
        parsed = parse_button_id(custom_id)
        if parsed is None:
            raise InvalidButtonError
        return await self.press(user, *parsed, place=place)
