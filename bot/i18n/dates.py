"""Dates and times written for the current language (console lines, images); Discord's
``<t:…>`` timestamps need none of this, since each reader's client formats them."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from babel.dates import format_datetime

from bot.i18n.translator import current_locale


def when_text(moment: datetime, zone: str = "UTC") -> str:
    """``moment`` as a medium date and time in ``zone`` (an IANA name), the way the current
    language writes them: ``24 nov. 2026, 09:30:00`` in French, ``2026. 11. 24. AM 9:30:00``
    in Korean, ``Nov 24, 2026, 9:30:00 AM`` in English."""
    return format_datetime(
        moment, "medium", tzinfo=ZoneInfo(zone), locale=current_locale().babel_name
    )
