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

from bot.i18n.text import say
from bot.service import Button, ButtonAction, ButtonStyle, SelectMenu
from bot.text.buttons import button_label

# Mirrors bot.service.results.Button.custom_id: postal:<action>:<target id>:<argument>.
# Select menus' ids have the same shape and their own actions. discord.py keys dynamic items
# by template and tries every template that matches, so the two must not overlap.
_SELECT_ACTIONS = "|".join(
    action.value
    for action in (
        ButtonAction.PICK_PIECE,
        ButtonAction.PICK_TARGET,
        ButtonAction.PICK_LEGAL,
        ButtonAction.LIST_BOARD,
        ButtonAction.LIST_PLAY,
        ButtonAction.CAST_VOTE,
        ButtonAction.NOMINATE_PIECE,
        ButtonAction.NOMINATE_TARGET,
        ButtonAction.ACCEPT_SETUP,
    )
)
CUSTOM_ID_TEMPLATE = (
    rf"postal:(?!(?:{_SELECT_ACTIONS}):)(?P<action>[a-z]{{1,20}}):(?P<target>[0-9]{{1,19}}):"
    r"(?P<argument>[0-9a-z:]{0,60})"
)
SELECT_ID_TEMPLATE = (
    rf"postal:(?P<action>{_SELECT_ACTIONS}):(?P<target>[0-9]{{1,19}}):"
    r"(?P<argument>[0-9a-z:]{0,60})"
)

_STYLES = {
    ButtonStyle.PRIMARY: discord.ButtonStyle.primary,
    ButtonStyle.SUCCESS: discord.ButtonStyle.success,
    ButtonStyle.DANGER: discord.ButtonStyle.danger,
    ButtonStyle.SECONDARY: discord.ButtonStyle.secondary,
}

PressHandler = Callable[[discord.Interaction, str], Awaitable[None]]
ChoiceHandler = Callable[[discord.Interaction, str, tuple[str, ...]], Awaitable[None]]


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


class PostalSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_ID_TEMPLATE):
    """Any Postal select menu: choosing hands the interaction, the ``custom_id`` and the
    values chosen to the bot's handler (``PostalBot.on_choice``). Like buttons, nothing
    about it lives in memory, so menus keep working after a restart."""

    def __init__(self, custom_id: str, *, menu: SelectMenu | None = None) -> None:
        options = [
            discord.SelectOption(
                label=say(choice.label)[:100],
                value=choice.value[:100],
                description=say(choice.description)[:100] or None,
            )
            for choice in (menu.choices if menu is not None else ())
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id,
            placeholder=say(menu.placeholder)[:150] if menu is not None else None,
            options=options,
        )
        super().__init__(select)
        self.custom_id_text = custom_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PostalSelect:
        return cls(match.group(0))

    async def callback(self, interaction: discord.Interaction) -> None:
        handler: ChoiceHandler | None = getattr(interaction.client, "on_choice", None)
        data: dict[str, Any] = dict(interaction.data or {})
        values = tuple(str(v) for v in data.get("values", ()))
        if handler is not None:
            await handler(interaction, self.custom_id_text, values)


def press_left_unanswered(interaction: discord.Interaction) -> tuple[str, tuple[str, ...]] | None:
    """A press of a Postal button or menu that its message no longer shows (an edit took
    the component away after the user's client drew it, and Discord still delivers the
    press): discord.py builds a dynamic item only from a component the message has, and
    drops the press unanswered otherwise. Returns its ``custom_id`` and values for Postal
    to answer itself, or None when discord.py dispatches it (or it is not Postal's)."""
    if interaction.type is not discord.InteractionType.component:
        return None
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if not any(re.fullmatch(t, custom_id) for t in (CUSTOM_ID_TEMPLATE, SELECT_ID_TEMPLATE)):
        return None
    message = interaction.message
    if message is not None:
        # discord.py's own test (ui.view._ViewStore.schedule_dynamic_item_call).
        kind = data.get("component_type")
        view_class = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
        shown = view_class.from_message(message, timeout=None).walk_children()
        if any(i.type.value == kind and getattr(i, "custom_id", None) == custom_id for i in shown):
            return None
    return custom_id, tuple(str(value) for value in data.get("values", ()))


def postal_button(button: Button) -> PostalButton:
    label = say(button_label(button))[:80]  # in the reader's language (bot.i18n.text)
    return PostalButton(button.custom_id, label=label, style=_STYLES[button.style])


def menus_view(menus: Sequence[SelectMenu], buttons: Sequence[Button]) -> discord.ui.View:
    """Select menus (one row each) and a row of buttons below: at most 5 rows in all."""
    if len(menus) + (1 if buttons else 0) > 5 or len(buttons) > 5:
        raise ValueError(f"{len(menus)} menus and {len(buttons)} buttons do not fit")
    view = discord.ui.View(timeout=None)
    for row, menu in enumerate(menus):
        if not 1 <= len(menu.choices) <= 25:
            raise ValueError(f"a select menu shows 1-25 options, not {len(menu.choices)}")
        item = PostalSelect(menu.custom_id, menu=menu)
        item.item.row = row
        view.add_item(item)
    for button in buttons:
        item_button = postal_button(button)
        item_button.item.row = len(menus)
        view.add_item(item_button)
    return view


def buttons_view(buttons: Sequence[Button]) -> discord.ui.View | None:
    """A view showing ``buttons`` (at most 5 per row, 25 in all), or None for none."""
    if not buttons:
        return None
    if len(buttons) > 25:
        raise ValueError(f"{len(buttons)} buttons: Discord shows at most 25")
    view = discord.ui.View(timeout=None)
    for index, button in enumerate(buttons):
        item = postal_button(button)
        item.item.row = index // 5
        view.add_item(item)
    return view


def layout_view(
    texts: Sequence[str],
    *,
    image: str | None,
    buttons: Sequence[Button],
    colour: int,
    after_image: Sequence[str] = (),
) -> discord.ui.LayoutView:
    """A board message (components v2): one container holding ``texts``, the image
    (``attachment://…``) in a media gallery, ``after_image`` texts, and a row of buttons."""
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=colour
    )
    for text in texts:
        container.add_item(discord.ui.TextDisplay(text))
    if image is not None:
        gallery: discord.ui.MediaGallery[discord.ui.LayoutView] = discord.ui.MediaGallery()
        gallery.add_item(media=image)
        container.add_item(gallery)
    for text in after_image:
        container.add_item(discord.ui.TextDisplay(text))
    if buttons:
        if len(buttons) > 5:
            raise ValueError(f"{len(buttons)} buttons: a row holds 5")
        row: discord.ui.ActionRow[discord.ui.LayoutView] = discord.ui.ActionRow()
        for button in buttons:
            row.add_item(postal_button(button))
        container.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def move_form(custom_id: str, title: str, label: str, placeholder: str) -> discord.ui.Modal:
    """The form for typing a move; its ``custom_id`` says which game and ply it is for."""
    modal = discord.ui.Modal(title=say(title)[:45], custom_id=custom_id, timeout=None)
    # In a Label: Discord deprecates a text input in an action row (and its own label).
    box: discord.ui.TextInput[discord.ui.Modal] = discord.ui.TextInput(
        custom_id="move", placeholder=placeholder[:100], min_length=1, max_length=40
    )
    modal.add_item(discord.ui.Label(text=say(label)[:45], component=box))
    return modal


def typed_values(data: object) -> tuple[str, ...]:
    """The values typed in a submitted form, in order (text inputs in rows or labels)."""
    found: list[str] = []

    def walk(components: object) -> None:
        if not isinstance(components, list):
            return
        for component in components:
            if not isinstance(component, dict):
                continue
            if component.get("type") == 4:
                found.append(str(component.get("value", "")))
            walk(component.get("components"))
            inner = component.get("component")
            if isinstance(inner, dict):
                walk([inner])

    if isinstance(data, dict):
        walk(data.get("components"))
    return tuple(found)
