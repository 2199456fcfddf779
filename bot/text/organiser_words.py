"""The words of a server's tournament organisers: the role named or cleared
(``/settings tournament_role:``), and a command refused to a member who may not organise,
naming the role that would let them (for both adapters; the role as Discord's mention,
which each reader's client shows as ``@Name``)."""

from __future__ import annotations

from bot.i18n.names import Option
from bot.i18n.text import Text
from bot.service.tournament.facts import TournamentError, TournamentRefusal


def role_mention(role_id: int) -> str:
    """The role as Discord writes a mention of it (shown ``@Name``; sent without a ping)."""
    return f"<@&{role_id}>"


def organisers_text(role_name: str | None) -> Text:
    """The tournament organisers' role just named (``role_name``), or cleared (None)."""
    if role_name is None:
        return Text(
            "No role organises tournaments here any more: only members with Manage Server may "
            "open and run them."
        )
    return Text(
        "Members with the role {role} may now open and run tournaments here.", role=role_name
    )


def not_organiser(error: TournamentError) -> Text:
    """Opening (``tournament_id`` None), starting another's tournament, or withdrawing
    another player refused: who may, with the role that is needed if one is named."""
    role, tournament = error.role_id, error.tournament_id
    if error.reason is TournamentRefusal.NOT_ORGANISER_OF:
        if role is None:
            return Text(
                "Only the organiser of tournament #{tournament}, or members with Manage "
                "Server, can withdraw another player.",
                tournament=tournament,
            )
        return Text(
            "Only the organiser of tournament #{tournament}, or members with {role} or Manage "
            "Server, can withdraw another player.",
            tournament=tournament,
            role=role_mention(role),
        )
    if tournament is not None and role is None:
        return Text(
            "Only the organiser of tournament #{tournament}, or members with Manage Server, "
            "can start it.",
            tournament=tournament,
        )
    if tournament is not None and role is not None:
        return Text(
            "Only the organiser of tournament #{tournament}, or members with {role} or Manage "
            "Server, can start it.",
            tournament=tournament,
            role=role_mention(role),
        )
    if role is None:
        return Text(
            "Only members with Manage Server can open a tournament here; they may let a role "
            "do it too with {option}.",
            option=Option("tournament_role"),
        )
    return Text(
        "Only members with {role} or Manage Server can open a tournament here.",
        role=role_mention(role),
    )


def role_not_manager(error: TournamentError) -> Text:
    """Naming the organisers' role refused: only the server's managers may."""
    return Text(
        "Only members who may manage this server can name the role of its tournament organisers."
    )
