"""Discord's permissions are named as Discord's own client names them in each language: the
names were checked against the client's wording and written down in each glossary (its
"Discord permission" table, with where each was checked), and the catalogs must say exactly
those, so an admin told what Postal lacks finds each permission under that name."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.errors import permissions_help
from bot.discord.places import PERMISSIONS, POSTING_PERMISSIONS, missing_text
from bot.i18n import Locale, using
from bot.i18n.catalogs import LOCALES_DIR, catalog_path, read_catalog
from bot.i18n.text import say

TRANSLATED = [locale for locale in Locale if locale is not Locale.EN]
# Each language's glossary is named as French's (tests/test_contracts.py checks that every
# Markdown file mentioned exists: a bare name would point nowhere).
GLOSSARY_NAME = Path("bot/locales/fr/GLOSSARY.md").name


def glossary_permissions(locale: Locale) -> dict[str, str]:
    """The glossary's table of Discord's permissions: {English name: the client's name}."""
    path = Path(LOCALES_DIR) / locale.value / GLOSSARY_NAME
    rows: dict[str, str] = {}
    inside = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("| Discord permission |"):
            inside = True
        elif inside and line.startswith("| ---"):
            continue
        elif inside and line.startswith("|"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            rows[cells[0]] = cells[1]
        elif inside:
            break
    return rows


@pytest.mark.parametrize("locale", TRANSLATED, ids=lambda locale: locale.value)
def test_the_catalog_names_each_permission_as_the_glossary_checked_it(locale: Locale) -> None:
    """Every permission Postal names has a checked name in the glossary, and the catalog
    says exactly that name (msgctxt ``permission``)."""
    glossary = glossary_permissions(locale)
    assert sorted(glossary) == sorted(PERMISSIONS)
    catalog = {
        str(message.id): str(message.string)
        for message in read_catalog(catalog_path(locale), locale)
        if message.context == "permission" and not message.fuzzy
    }
    assert catalog == glossary


@pytest.mark.parametrize("locale", TRANSLATED, ids=lambda locale: locale.value)
def test_a_refused_post_names_every_posting_permission_in_the_readers_words(
    locale: Locale,
) -> None:
    """The sentence after Discord refused a post (no permission named) lists every
    permission Postal posts with, each by its client name, none in English, separated as
    the reader lists things (、 in Chinese and Japanese)."""
    glossary = glossary_permissions(locale)
    with using(locale):
        said = say(permissions_help("403 Forbidden (error code: 50013)"))
    names = [glossary[name] for name in POSTING_PERMISSIONS]
    separator = "、" if locale in (Locale.JA, Locale.ZH_HANS, Locale.ZH_HANT) else ", "
    assert separator.join(names) in said
    assert "403 Forbidden (error code: 50013)" in said
    assert not any(name in said for name in POSTING_PERMISSIONS)


def test_english_names_the_permissions_as_discords_client_does() -> None:
    said = say(permissions_help("403 Forbidden"))
    assert said == (
        "I am missing a permission in this channel (403 Forbidden). Ask a server admin to give "
        "me these permissions here: View Channel, Send Messages, Send Messages in Threads, "
        "Create Public Threads, Embed Links, Attach Files, Read Message History."
    )


def test_a_refused_challenge_names_what_is_missing_in_the_readers_words() -> None:
    with using(Locale.ZH_HANS):
        said = say(missing_text(["Send Messages in Threads", "Attach Files"]))
    assert "在子区内发送消息、添加附件" in said
