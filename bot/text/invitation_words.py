"""The words of an invitation to another server, whichever it is (a club match's, a team's
vote challenge): as posted there, and as its loss is told to the inviter."""

from __future__ import annotations

from bot.i18n.text import Text
from bot.service.invitation_facts import Invitation
from bot.service.match_facts import MatchView
from bot.text.match_words import invitation_text, lost_text
from bot.text.vote_words import lost_challenge_text, vote_invitation_text


def posted_text(invitation: Invitation) -> Text:
    """The invitation as posted in the invited server."""
    subject = invitation.subject
    if isinstance(subject, MatchView):
        return invitation_text(subject, invitation.server)
    return vote_invitation_text(subject, invitation.server)


def not_posted_text(invitation: Invitation) -> Text:
    """Said to the inviter when the invitation could not be posted (``invitation.lost``)."""
    subject, lost = invitation.subject, invitation.lost
    assert lost is not None
    if isinstance(subject, MatchView):
        return lost_text(subject, lost)
    return lost_challenge_text(subject, invitation.invited, lost)
