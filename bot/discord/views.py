"""Persistent buttons: one ``DynamicItem`` whose ``custom_id`` carries action, id and argument.

Nothing about a button lives in memory: ``postal:accept:12:`` is parsed when pressed, and
the service checks in the database whether the presser may press it. So buttons work after
a restart, and on any message the bot ever sent.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.service import Button, ButtonStyle

# Mirrors bot.service.results.Button.custom_id: postal:<action>:<target id>:<argument>.
CUSTOM_ID_TEMPLATE = (
    r"postal:(?P<action>[a-z]{1,20}):(?P<target>[0-9]{1,19}):(?P<argument>[0-9a-z:]{0,60})"
)

_STYLES = {
    ButtonStyle.PRIMARY: discord.ButtonStyle.primary,
    ButtonStyle.SUCCESS: discord.ButtonStyle.success,
    ButtonStyle.DANGER: discord.ButtonStyle.danger,
    ButtonStyle.SECONDARY: discord.ButtonStyle.secondary,
}

PressHandler = Callable[[discord.Interaction, str], Awaitable[None]]


class PostalButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=CUSTOM_ID_TEMPLATE):
    """Any Postal button. Pressing it hands the interaction and the ``custom_id`` to the
    bot's press handler (``PostalBot.on_button``)."""

    def __init__(
        self,
        custom_id: str,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.custom_id_text = custom_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PostalButton:
        label = getattr(item, "label", None)
        return cls(match.group(0), label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        handler: PressHandler | None = getattr(interaction.client, "on_button", None)
        if handler is not None:
            await handler(interaction, self.custom_id_text)


def buttons_view(buttons: Sequence[Button]) -> discord.ui.View | None:
    """A view showing ``buttons`` (at most 5 per row, 25 in all), or None for none."""
    if not buttons:
        return None
    if len(buttons) > 25:
        raise ValueError(f"{len(buttons)} buttons: Discord shows at most 25")
    view = discord.ui.View(timeout=None)
    for index, button in enumerate(buttons):
        item = PostalButton(button.custom_id, label=button.label[:80], style=_STYLES[button.style])
        item.item.row = index // 5
        view.add_item(item)
    return view
