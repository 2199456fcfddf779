"""Structured, quiet logging: one ``key=value`` line per record on stderr."""

from __future__ import annotations

import logging
import sys
from datetime import UTC, datetime


class KeyValueFormatter(logging.Formatter):
    """``time=… level=… logger=… msg="…"`` lines, with the traceback indented below."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        message = record.getMessage().replace('"', "'")
        line = f'time={when} level={record.levelname} logger={record.name} msg="{message}"'
        if record.exc_info:
            trace = self.formatException(record.exc_info)
            line += "\n" + "\n".join("  " + part for part in trace.splitlines())
        return line


class DropVoiceWarnings(logging.Filter):
    """discord.py warns at start-up that voice libraries are missing; Postal has no voice."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def configure_logging(level: str) -> None:
    """Send every logger (discord.py's too) to stderr at ``level``; ``level`` is validated
    by the settings. discord.py's own INFO chatter is kept at WARNING unless DEBUG is asked."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(KeyValueFormatter())
    handler.addFilter(DropVoiceWarnings())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    if level != "DEBUG":
        logging.getLogger("discord").setLevel(max(logging.WARNING, logging.getLevelName(level)))
