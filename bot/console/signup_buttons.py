"""A tournament's Join and Leave as the console keeps them: one pair at a time, none once
it started, as Discord's one sign-up message shows them."""

from __future__ import annotations

from bot.service import ButtonAction
from bot.service.controls_values import parse_button_id
from bot.store.console_buttons import ConsoleButtons

SIGNUP_ACTIONS = (ButtonAction.JOIN_TOURNAMENT, ButtonAction.LEAVE_TOURNAMENT)


async def retire_signup(saved: ConsoleButtons, tournament_id: int) -> None:
    """The tournament's Join and Leave shown before are gone: Discord edits its one
    sign-up message, so only the newest may be pressed, and none once it started or was
    cancelled (a number pressed after is no button)."""
    for button in await saved.all():
        parsed = parse_button_id(button.custom_id)
        if parsed is not None and parsed[0] in SIGNUP_ACTIONS and parsed[1] == tournament_id:
            await saved.remove_group(button.group)
