"""Challenges: create one (to a player or open), accept it (a game starts), decline, cancel.

Each goes plan -> write -> describe (``bot.service.challenge_plan`` plans); the results carry
facts, which ``bot/text/challenges.py`` words."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import timedelta

import rules
from bot.service.challenge_plan import (
    COLOR_CHOICES,
    COLOR_LABELS,
    COLOR_WORDS,
    DAYS_CHOICES,
    DEFAULT_DAYS,
    NO_TIME_LIMIT,
    ChallengePlan,
    ChallengeRefusedError,
    StartPlan,
    answer_refusal,
    check_days,
    checked_start,
    color_word,
    plan_challenge,
    plan_start,
)
from bot.service.core import THREAD_IDLE_LOOK, ServiceCore
from bot.service.errors import (
    ChallengeClosedError,
    ChallengePendingError,
    UnknownChallengeError,
)
from bot.service.janggi_setups import setups_of, takes_setup
from bot.service.limits import CHALLENGE_LIMITS, refusal
from bot.service.outbox_items import turn_dm
from bot.service.results import (
    Button,
    ButtonAction,
    ButtonLabel,
    ButtonStyle,
    ChallengeClosed,
    ChallengeCreated,
    ChallengeView,
    GameStarted,
    Place,
    User,
)
from bot.service.vote_facts import VoteError, VoteRefusal
from bot.store import (
    Challenge,
    ChallengeStatus,
    GameRecord,
    LimitHit,
    NewPlace,
    OutboxItem,
    team_of_player,
)
from rules import Color

__all__ = [
    "COLOR_CHOICES",
    "COLOR_LABELS",
    "COLOR_WORDS",
    "DAYS_CHOICES",
    "DEFAULT_DAYS",
    "NO_TIME_LIMIT",
    "ChallengeUseCases",
    "check_days",
    "checked_start",
    "color_word",
]

CHALLENGE_LIFETIME = timedelta(hours=48)


class ChallengeUseCases:
    def __init__(self, core: ServiceCore) -> None:
        self._core = core
        # Draws Chess960 starts; a test sets a seeded one to know which start comes.
        self.start_draw = random.Random()

    async def challenge(
        self,
        user: User,
        place: Place,
        opponent: User | None = None,
        *,
        game: str = "chess",
        color: str = "random",
        days: int | None = DEFAULT_DAYS,
        rated: bool | None = None,
        fen: str | None = None,
        increment: int | None = None,
        cap: int | None = None,
        weekends_off: bool = False,
        position: int | None = None,
        start: str | None = None,
        setup: str | None = None,
        outbox: Callable[[int], Sequence[OutboxItem]] | None = None,
    ) -> ChallengeCreated:
        """Challenge ``opponent`` (or anyone, if None) to a game; expires after 48 hours.

        The same challenge again (the same opponent and settings, or the same open
        challenge in the same place) while the first waits raises ``ChallengePendingError``
        naming the first. ``color`` is the challenger's seat, white, black or random (red is
        white's seat in xiangqi); adapters pass what a player typed through ``color_word``
        first. ``days`` None makes an untimed game (no deadline, reminders or time-outs),
        which cannot be rated. ``rated`` defaults to True for a timed game from the standard
        start and must be False with a custom ``fen``. An ``increment`` (days, with an
        optional ``cap``) makes ``days`` a time bank (``bot.service.time_bank``). A Chess960
        game starts from start ``position`` (0–959), or a random one when neither it nor
        ``fen`` is given; a numbered start may be rated. ``start`` is a thematic start: a
        line of moves or (chess) an opening's name (``bot.service.thematic_starts``). Raises
        ``InvalidOptionError``, ``InvalidPositionError``, ``SelfChallengeError``,
        ``BotChallengeError``, and ``LimitReachedError`` past a spam limit (see
        ``bot.service.limits``). ``setup`` is the challenger's janggi setup (their side,
        cho or han, chosen; ``bot.service.janggi_setups``). ``outbox``: rows written with
        the challenge, given its id (a team's invitation to another server).
        """
        plan = plan_challenge(
            user,
            opponent,
            game=game,
            color=color,
            days=days,
            rated=rated,
            fen=fen,
            increment=increment,
            cap=cap,
            position=position,
            rng=self.start_draw,
            line=start,
            setup=setup,
            weekends_off=weekends_off,
        )
        await self._core.ensure_player(user)
        if opponent is not None:
            await self._core.ensure_known(opponent)
        challenge = await self._write_challenge(plan, place, outbox)
        self._core.schedule_changed()
        return await self._posted(challenge)

    async def _write_challenge(
        self,
        plan: ChallengePlan,
        place: Place,
        outbox: Callable[[int], Sequence[OutboxItem]] | None = None,
    ) -> Challenge:
        """Store ``plan`` as an open challenge made in ``place``, with the ``outbox`` rows. Raises
        ``ChallengePendingError`` (the same one waits) or ``LimitReachedError``."""
        core, now = self._core, self._core.now()
        written = await core.store.challenges.create(
            guild_id=place.guild_id,
            channel_id=place.channel_id,
            thread_id=place.thread_id,
            challenger_id=plan.challenger_id,
            opponent_id=plan.opponent_id,
            variant=plan.variant,
            color=plan.color,
            days_per_move=plan.days_per_move,
            untimed=plan.untimed,
            increment_days=plan.increment_days,
            cap_days=plan.cap_days,
            weekends_off=plan.weekends_off,
            rated=plan.rated,
            start_fen=plan.start_fen,
            now=now,
            expires_at=now + CHALLENGE_LIFETIME,
            limits=CHALLENGE_LIMITS,
            outbox=outbox,
        )
        if isinstance(written, Challenge):
            return written
        target = None if plan.opponent_id is None else (await core.ref(plan.opponent_id)).name
        if isinstance(written, LimitHit):
            raise refusal(written, target, now)
        first = written.challenge
        raise ChallengePendingError(
            first.id,
            target,
            first.expires_at,
            message_id=first.message_id,
            place=(first.guild_id, first.thread_id or first.channel_id),
        )

    async def waiting_in(self, place: Place) -> list[ChallengeCreated]:
        """The challenges still open in ``place``'s channel, each as it was posted (its
        facts and buttons), for an adapter that must show them again (the console's buttons
        of a database from before they were stored)."""
        opened = await self._core.store.challenges.open_in(place.guild_id, place.channel_id)
        return [await self._posted(challenge) for challenge in opened]

    async def _posted(self, challenge: Challenge) -> ChallengeCreated:
        """The challenge as its message shows it: its facts and its buttons."""
        view = await self._core.challenge_view(challenge)
        return ChallengeCreated(
            view, _challenge_buttons(view), setup_menu=takes_setup(view.variant, view.start_fen)
        )

    async def accept_challenge(
        self,
        user: User,
        challenge_id: int,
        setup: str | None = None,
        *,
        answering: User | None = None,
        opening: Sequence[OutboxItem] = (),
        other_places: Sequence[NewPlace] = (),
    ) -> GameStarted:
        """Accept a challenge addressed to ``user`` (or an open one): the game starts, with
        ``user``'s janggi ``setup`` on their side when given (``janggi_setups``).
        ``answering``: the person it may be addressed to, accepting it for ``user`` (a
        team's captain, for the team's seat). ``opening``: outbox rows the start writes
        beside its own (a vote game's first board in a thread of its own);
        ``other_places``: the game's places in other servers.

        Of two simultaneous accepts exactly one starts a game; the other gets
        ``ChallengeClosedError``. Raises ``UnknownChallengeError``,
        ``NotYourChallengeError`` (a ``ChallengeRefusedError``), ``BotChallengeError``,
        ``SetupError``, ``VoteError`` (``ANOTHER_SERVERS_TEAMS``: a team's challenge to
        another server, which a team formed there accepts: ``VoteUseCases.accept``).
        """
        core, challenge = self._core, await self._open_challenge(challenge_id)
        team_id = team_of_player(challenge.challenger_id)
        if answering is None and team_id is not None:
            team = await core.store.teams.get(team_id)
            if team is not None and team.rival_guild_id is not None:
                raise VoteError(VoteRefusal.ANOTHER_SERVERS_TEAMS)  # a team there accepts
        view = await core.challenge_view(challenge)
        coin = random.choice((Color.WHITE, Color.BLACK))
        answerer = None if answering is None else answering.id
        plan = plan_start(view, user, coin, setup, answerer)
        await core.ensure_player(user)
        record = await self._write_start(plan, challenge.clock_days, opening, other_places)
        core.schedule_changed()
        return await self._started(plan, record)

    async def _write_start(
        self,
        plan: StartPlan,
        days: int | None,
        opening: Sequence[OutboxItem] = (),
        other_places: Sequence[NewPlace] = (),
    ) -> GameRecord:
        """Start ``plan``'s game (``days`` per move; None: untimed) and close its challenge,
        in one transaction, with ``opening``'s rows and ``other_places``. Raises
        ``ChallengeClosedError`` when another answer came first."""
        core, now, to_move_id = self._core, self._core.now(), plan.seats.to_move_id
        first_mover = await core.store.players.get(to_move_id)
        deadline = await core.deadline_for(
            to_move_id, now, days, first_mover, weekends_off=plan.challenge.weekends_off
        )
        record = await core.store.games.start_from_challenge(
            challenge_id=plan.challenge.id,
            acceptor_id=plan.acceptor_id,
            white_id=plan.seats.white_id,
            black_id=plan.seats.black_id,
            start_fen=plan.start_fen,
            to_move_id=to_move_id,
            now=now,
            deadline_at=deadline,
            next_look_at=core.first_look(
                first_mover, deadline, now, weekends_off=plan.challenge.weekends_off
            ),
            thread_look_at=now + THREAD_IDLE_LOOK,
            outbox=(*opening, *turn_dm(None, 0, await core.ref(to_move_id))),
            other_places=other_places,
        )
        if record is None:
            latest = await core.store.challenges.get(plan.challenge.id)
            status = latest.status.value if latest else "withdrawn"
            raise ChallengeClosedError(plan.challenge.id, status)
        return record

    async def _started(self, plan: StartPlan, record: GameRecord) -> GameStarted:
        """The game ``plan`` started, as its first board shows it."""
        core = self._core
        view = await core.view(record)
        assert view.to_move is not None
        game = rules.Game(plan.variant, plan.start_fen)
        board = await core.board_image(game, viewer_id=view.to_move.id, record=record)
        acceptor = view.white if view.white.id == plan.acceptor_id else view.black
        setups = setups_of(plan.variant.name, plan.start_fen)
        return GameStarted(view, board, plan.challenge, acceptor, view.to_move, setups)

    async def decline_challenge(self, user: User, challenge_id: int) -> ChallengeClosed:
        """Decline a challenge addressed to ``user``. Raises ``ChallengeRefusedError`` (an
        open challenge, or one made to someone else), ``UnknownChallengeError``,
        ``ChallengeClosedError``."""
        return await self._answer(user, challenge_id, ChallengeStatus.DECLINED)

    async def cancel_challenge(self, user: User, challenge_id: int) -> ChallengeClosed:
        """Withdraw one's own open challenge. Raises ``ChallengeRefusedError`` (another's
        challenge), ``UnknownChallengeError``, ``ChallengeClosedError``."""
        return await self._answer(user, challenge_id, ChallengeStatus.CANCELLED)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> bool:
        """Remember the adapter's message showing the challenge (to edit it later). Returns
        True when the challenge expired while its message was being posted: the edit that
        removes its buttons was written to the outbox just now (the adapter wakes it)."""
        return await self._core.store.challenges.set_message(
            challenge_id, message_id, self._core.now()
        )

    async def challenge_message(self, challenge_id: int) -> int | None:
        """The stored id of the adapter's message showing the challenge; None if none is
        stored (yet) or there is no such challenge."""
        challenge = await self._core.store.challenges.get(challenge_id)
        return challenge.message_id if challenge is not None else None

    async def _open_challenge(self, challenge_id: int) -> Challenge:
        challenge = await self._core.store.challenges.get(challenge_id)
        if challenge is None:
            raise UnknownChallengeError(challenge_id)
        if challenge.status is not ChallengeStatus.OPEN:
            raise ChallengeClosedError(challenge_id, challenge.status.value)
        if challenge.expires_at <= self._core.now():
            raise ChallengeClosedError(challenge_id, "expired")
        return challenge

    async def _answer(
        self, user: User, challenge_id: int, status: ChallengeStatus
    ) -> ChallengeClosed:
        """``user`` closes the challenge with ``status`` (declined or cancelled)."""
        challenge = await self._open_challenge(challenge_id)
        view = await self._core.challenge_view(challenge)
        refused = answer_refusal(view, user, status.value)
        if refused is not None:
            raise ChallengeRefusedError(refused)
        if not await self._core.store.challenges.close(challenge.id, status):
            latest = await self._core.store.challenges.get(challenge.id)
            raise ChallengeClosedError(challenge.id, latest.status.value if latest else "gone")
        self._core.schedule_changed()
        return ChallengeClosed(view, status.value, user.name)


def _challenge_buttons(view: ChallengeView) -> tuple[Button, ...]:
    answerers = (view.opponent.id,) if view.opponent else ()
    buttons = [
        Button(
            ButtonLabel.ACCEPT,
            ButtonAction.ACCEPT_CHALLENGE,
            view.id,
            allowed_user_ids=answerers,
            style=ButtonStyle.SUCCESS,
        )
    ]
    if view.opponent:
        buttons.append(
            Button(
                ButtonLabel.DECLINE,
                ButtonAction.DECLINE_CHALLENGE,
                view.id,
                allowed_user_ids=answerers,
                style=ButtonStyle.DANGER,
            )
        )
    buttons.append(
        Button(
            ButtonLabel.CANCEL,
            ButtonAction.CANCEL_CHALLENGE,
            view.id,
            allowed_user_ids=(view.challenger.id,),
            style=ButtonStyle.SECONDARY,
        )
    )
    return tuple(buttons)
