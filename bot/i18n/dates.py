"""Dates and times written for the current language (console lines, images); Discord's
``<t:…>`` timestamps need none of this, since each reader's client formats them."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time, get_datetime_format

from bot.i18n.translator import current_locale


def when_text(moment: datetime, zone: str = "UTC") -> str:
    """``moment`` as a medium date and a short time in ``zone`` (an IANA name), the way the
    current language writes them: ``24 nov. 2026, 09:30`` in French, ``2026. 11. 24. AM
    9:30`` in Korean, ``Nov 24, 2026, 9:30 AM`` in English.

    Minutes, not seconds, as Discord's ``<t:…:f>`` shows a deadline days away; the language's
    own pattern joins the two (Babel's ``medium`` date-time pattern)."""
    locale = current_locale().babel_name
    tzinfo = ZoneInfo(zone)
    date = format_date(moment.astimezone(tzinfo), "medium", locale=locale)
    time = format_time(moment, "short", tzinfo=tzinfo, locale=locale)
    pattern = str(get_datetime_format("medium", locale=locale))
    return pattern.replace("'", "").replace("{0}", time).replace("{1}", date)
