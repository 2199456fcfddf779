"""Numbers written for the current language: ``100,000`` in English, ``100 000`` (a narrow
no-break space) in French, as CLDR has them through Babel."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.i18n.translator import current_locale


def number_text(value: float) -> str:
    """``value`` rounded to a whole number (half to even, as Python's ``round``) and grouped
    the way the current language writes it."""
    return format_decimal(value, format="#,##0", locale=current_locale().babel_name)


def decimal_text(value: float) -> str:
    """``value`` with up to two decimals (``1.5``; ``1,5`` in French), as the current
    language writes it: half points of a tournament's table."""
    return format_decimal(value, format="#,##0.##", locale=current_locale().babel_name)
