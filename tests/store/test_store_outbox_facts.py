"""An outbox row's facts: one frozen value per kind, stored as versioned JSON and read back
as they were; JSON of another version or shape is read as ``UnreadableFacts``."""

from __future__ import annotations

import json

import pytest

from bot.store import (
    ChallengeFacts,
    ComputerStuckFacts,
    DigestFacts,
    EndingFacts,
    GameOpenedFacts,
    InvitationFacts,
    MatchStandingsFacts,
    MessageFacts,
    MoreTimeFacts,
    OfferClosedFacts,
    OfferFacts,
    OutboxKind,
    PauseFacts,
    ReminderFacts,
    Routing,
    TakebackFacts,
    TeamCountsFacts,
    TeamReminderFacts,
    TournamentCancelledFacts,
    TournamentEndedFacts,
    TournamentRoundFacts,
    TournamentStandingsFacts,
    TournamentStartedFacts,
    TournamentTimeoutsFacts,
    TurnFacts,
    UnreadableFacts,
    VoteClosedFacts,
)
from bot.store.outbox_facts import decode, encode, kind_of

EVERY_KIND: tuple[MessageFacts, ...] = (
    TurnFacts(5, board=True, since_ply=3, conditional=(4, 5)),
    ReminderFacts(1_800_000_000, 24),
    EndingFacts(7, (1500.0, 1512.5, None, 1488.0)),
    ChallengeFacts("expired"),
    DigestFacts((3, 9)),
    OfferFacts("draw", 7, 12),
    TakebackFacts(10, 2, 8),
    ComputerStuckFacts(4, "missing"),
    TournamentEndedFacts(3),
    TournamentRoundFacts(3),
    GameOpenedFacts(2, 4),
    TournamentStartedFacts(3, (14, 15, 16)),
    TournamentCancelledFacts(3, 2),
    VoteClosedFacts(6, 12),
    TeamReminderFacts(6, 1_800_000_000, 24, role=True),
    TournamentStandingsFacts(3, 5),
    TournamentTimeoutsFacts(3, 7, 2),
    MatchStandingsFacts(4, 3, 2),
    OfferClosedFacts("pause", 7, 12),
    PauseFacts(3, 8, 1_800_000_000),
    MoreTimeFacts(2, 8, 1_800_000_000),
    InvitationFacts("Lions Club", match_id=4, lost="refused"),
    InvitationFacts("Lions Club", challenge_id=5),
    TeamCountsFacts(6, 12),
)


@pytest.mark.parametrize("facts", EVERY_KIND, ids=lambda facts: type(facts).__name__)
def test_facts_and_routing_read_back_as_written(facts: MessageFacts) -> None:
    routing = Routing((1, 2), dm_fallback=True, channel_id=99)
    stored = encode(facts, routing)
    assert json.loads(stored)["v"] == 2
    assert decode(kind_of(facts), stored) == (facts, routing)


def test_every_kind_has_its_facts() -> None:
    assert {kind_of(facts) for facts in EVERY_KIND} == set(OutboxKind)


@pytest.mark.parametrize(
    ("stored", "problem"),
    [
        ('{"ply": 1}', "outbox facts of version 1, not 2"),
        ('{"v": 3, "ply": 1}', "outbox facts of version 3, not 2"),
        ("[1]", "outbox facts of version ?, not 2"),
    ],
)
def test_facts_of_another_version_are_unreadable(stored: str, problem: str) -> None:
    facts, routing = decode(OutboxKind.TURN, stored)
    assert facts == UnreadableFacts(problem) and routing == Routing()


def test_facts_missing_a_field_are_unreadable() -> None:
    facts, _ = decode(OutboxKind.REMINDER, '{"v": 2, "hours": 24}')
    assert isinstance(facts, UnreadableFacts) and "deadline" in facts.problem


def test_a_match_invitation_queued_before_vote_challenges_had_one_reads_back() -> None:
    """A row written when only club matches had invitations (kind 'match_invitation',
    facts without challenge_id) reads back as that match's invitation."""
    stored = '{"lost": null, "match_id": 4, "server": "Lions Club", "v": 2}'
    facts, _ = decode(OutboxKind("match_invitation"), stored)
    assert facts == InvitationFacts("Lions Club", match_id=4)
