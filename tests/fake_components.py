"""Discord's rules for message components, as the fake Discord enforces them.

Two layouts exist. Without the ``IS_COMPONENTS_V2`` message flag a message holds at most five
action rows of buttons (five each) or one select menu each, beside its content and embeds.
With the flag (Discord's "components v2", discord.py's ``LayoutView``) the components are the
whole message: no ``content`` or ``embeds`` may be sent, at most 40 components in all (nested
ones counted, the container itself included), at most 4,000 characters across all text
displays, and files show only where a media gallery or file component refers to them
(``attachment://name``). Once a message has the flag, an edit cannot remove it; an edit that
sets it must reset the content (null) and embeds (an empty list) the message had. A deferred
response cannot carry the flag at all: it goes on the follow-up that fills the message.

Sources: Discord's API documentation, "Component Reference" and "Using Message Components"
(components v2 limits), "Receiving and Responding" (only EPHEMERAL on a deferred callback),
and discord-api-docs issues 7515 and 7910 (the flag on a deferred response is ignored).
Select menus: 1-25 options, labels and values up to 100 characters, a placeholder up to 150.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

IS_COMPONENTS_V2 = 1 << 15

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SELECTS = frozenset({3, 5, 6, 7, 8})
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR = 9, 10, 11, 12, 13, 14
CONTAINER, LABEL = 17, 18

V2_TOP_LEVEL = frozenset(
    {ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER}
)
CONTAINER_CHILDREN = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000
MAX_SELECT_OPTIONS = 25


class ComponentError(ValueError):
    """A layout Discord refuses (400, code 50035), with Discord's reason."""


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component, depth first: rows' items, containers' and sections' children, a
    section's accessory and a label's component."""
    for component in components:
        yield component
        yield from walk(list(component.get("components") or []))
        for key in ("accessory", "component"):
            inner = component.get(key)
            if isinstance(inner, dict):
                yield from walk([inner])


def text_of(components: list[dict[str, Any]]) -> list[str]:
    """The text displays' contents, in order."""
    return [c.get("content", "") for c in walk(components) if c.get("type") == TEXT_DISPLAY]


def media_urls(components: list[dict[str, Any]]) -> list[str]:
    """The media gallery items' and file components' URLs, in order."""
    urls: list[str] = []
    for component in walk(components):
        if component.get("type") == MEDIA_GALLERY:
            urls += [item.get("media", {}).get("url", "") for item in component.get("items", [])]
        elif component.get("type") == FILE:
            urls.append(component.get("file", {}).get("url", ""))
    return urls


def check_message_components(
    components: list[dict[str, Any]], *, v2: bool, filenames: set[str]
) -> None:
    """Raise ``ComponentError`` for a layout Discord refuses; ``filenames`` are the files
    the message has or uploads."""
    if v2:
        _check_v2(components, filenames)
    else:
        _check_v1(components)
    seen: set[str] = set()
    for component in walk(components):
        kind = component.get("type")
        if kind == BUTTON:
            _check_button(component, seen)
        elif kind in SELECTS:
            _check_select(component, seen)


def _check_v1(rows: list[dict[str, Any]]) -> None:
    if len(rows) > 5:
        raise ComponentError(f"{len(rows)} component rows (max 5)")
    for row in rows:
        if row.get("type") != ACTION_ROW:
            raise ComponentError(
                f"component type {row.get('type')} needs the IS_COMPONENTS_V2 flag; "
                "top-level components must be action rows"
            )
        _check_row(row)


def _check_v2(components: list[dict[str, Any]], filenames: set[str]) -> None:
    if not components:
        raise ComponentError("a components v2 message needs at least one component")
    for component in components:
        if component.get("type") not in V2_TOP_LEVEL:
            raise ComponentError(f"component type {component.get('type')} cannot be top-level")
        if component.get("type") == CONTAINER:
            for child in component.get("components") or []:
                if child.get("type") not in CONTAINER_CHILDREN:
                    raise ComponentError(f"component type {child.get('type')} in a container")
    everything = list(walk(components))
    if len(everything) > MAX_V2_COMPONENTS:
        raise ComponentError(f"{len(everything)} components (max {MAX_V2_COMPONENTS})")
    text = sum(len(t) for t in text_of(components))
    if text > MAX_V2_TEXT:
        raise ComponentError(f"text displays hold {text} characters (max {MAX_V2_TEXT})")
    for component in everything:
        kind = component.get("type")
        if kind == ACTION_ROW:
            _check_row(component)
        elif kind == TEXT_DISPLAY and not component.get("content"):
            raise ComponentError("a text display needs content")
        elif kind == MEDIA_GALLERY and not 1 <= len(component.get("items") or []) <= 10:
            raise ComponentError("a media gallery holds 1-10 items")
        elif kind == SECTION:
            texts = component.get("components") or []
            if not 1 <= len(texts) <= 3 or any(t.get("type") != TEXT_DISPLAY for t in texts):
                raise ComponentError("a section holds 1-3 text displays")
    for url in media_urls(components):
        name = url.removeprefix("attachment://")
        if url.startswith("attachment://") and name not in filenames:
            raise ComponentError(f"media {url} refers to no attached file")


def _check_row(row: dict[str, Any]) -> None:
    items = row.get("components") or []
    kinds = {item.get("type") for item in items}
    if kinds & SELECTS:
        if len(items) != 1:
            raise ComponentError("an action row with a select menu holds nothing else")
    elif not 1 <= len(items) <= 5 or kinds - {BUTTON}:
        raise ComponentError(f"an action row holds 1-5 buttons, not {len(items)} items")


def _check_custom_id(component: dict[str, Any], seen: set[str]) -> None:
    custom_id = component.get("custom_id") or ""
    if not 1 <= len(custom_id) <= 100:
        raise ComponentError(f"custom_id {custom_id!r}: 1-100 characters")
    if custom_id in seen:
        raise ComponentError(f"duplicate custom_id {custom_id!r}")
    seen.add(custom_id)


def _check_button(button: dict[str, Any], seen: set[str]) -> None:
    if len(button.get("label") or "") > 80:
        raise ComponentError("button label longer than 80")
    if button.get("style") == 5:
        if not button.get("url"):
            raise ComponentError("link button without url")
        return
    _check_custom_id(button, seen)


def _check_select(select: dict[str, Any], seen: set[str]) -> None:
    _check_custom_id(select, seen)
    if len(select.get("placeholder") or "") > 150:
        raise ComponentError("select placeholder longer than 150")
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        raise ComponentError(
            f"a select menu holds 1-{MAX_SELECT_OPTIONS} options, not {len(options)}"
        )
    values = [option.get("value", "") for option in options]
    if len(set(values)) != len(values):
        raise ComponentError("select option values must be unique")
    for option in options:
        if not 1 <= len(option.get("label") or "") <= 100:
            raise ComponentError("select option label: 1-100 characters")
        if not 1 <= len(option.get("value") or "") <= 100:
            raise ComponentError("select option value: 1-100 characters")
        if len(option.get("description") or "") > 100:
            raise ComponentError("select option description longer than 100")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= high <= min(25, len(options)):
        raise ComponentError(f"select min_values {low} / max_values {high} out of range")
