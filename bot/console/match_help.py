"""The console's /help rows of club matches (``/match``), a part of their own: with the
others they would pass Discord's 2,000 characters, and ``bot.console.help`` its size."""

from __future__ import annotations

from bot.console.help_rows import Part, Row, command_said, option
from bot.i18n import NP_
from bot.service.catalog import BY_NAME


def match_rows() -> Part:
    """A club match of two teams of console users, from its making to its score."""
    create = BY_NAME["match"].subcommand("create")
    join = BY_NAME["match"].subcommand("join")

    def made(name: str, value: str | None = None) -> str:
        return option("match", name, value, sub=create)

    def joined(name: str, value: str | None = None) -> str:
        return option("match", name, value, sub=join)

    making = ("alice", command_said("match", "create"), "Lions Tigers 2")
    return (
        Row(
            (*making, made("games", "2"), made("days", "3")),
            NP_("console help", "a club match of 2 boards, both colours on each"),
        ),
        Row(
            ("bob", command_said("match", "join"), joined("team", "1"), joined("player", "carol")),
            NP_("console help", "join a team, or list a member for it"),
        ),
        Row(
            ("bob", command_said("match", "leave"), joined("player", "carol")),
            NP_("console help", "off the team before the start"),
        ),
        Row(
            ("alice", command_said("match", "start")),
            NP_("console help", "pair the boards by rating and start every game"),
        ),
        Row(
            ("alice", command_said("match", "show")),
            NP_("console help", "the teams, or the score board by board"),
        ),
        Row(
            ("dave", command_said("match", "accept"), "1"),
            NP_("console help", "on Discord: another server accepts the match"),
        ),
        Row(
            ("dave", command_said("match", "decline"), "1"),
            NP_("console help", "on Discord: or declines it"),
        ),
    )
