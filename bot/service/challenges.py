"""Challenges: create one (to a player or open), accept it (a game starts), decline, cancel."""

from __future__ import annotations

import random
from datetime import timedelta

import rules
from bot.i18n.names import NO, Choice, Option
from bot.i18n.text import Joined, Text, TextIn
from bot.service.core import THREAD_IDLE_LOOK, ServiceCore
from bot.service.errors import (
    BotChallengeError,
    ChallengeClosedError,
    ChallengePendingError,
    InvalidOptionError,
    InvalidPositionError,
    NotYourChallengeError,
    SelfChallengeError,
    StartProblem,
    UnknownChallengeError,
)
from bot.service.game_facts import variant_named
from bot.service.limits import CHALLENGE_LIMITS, refusal
from bot.service.outbox_items import turn_dm
from bot.service.phrases import color_text, pace_text, rated_text, variant_text
from bot.service.results import (
    Button,
    ButtonAction,
    ButtonStyle,
    ChallengeClosed,
    ChallengeCreated,
    ChallengeView,
    GameStarted,
    Place,
    User,
)
from bot.store import Challenge, ChallengeStatus, LimitHit, SameChallengeOpen
from rules import Color

DAYS_CHOICES = (1, 2, 3, 5, 7, 10, 14)
# The days choice of an untimed game (value 0), as Discord lists it (msgctxt "choice").
NO_TIME_LIMIT = "none (no time limit)"
DEFAULT_DAYS = 3
# The colour words a player may type in each variant, and the seat each means ("red" is
# the seat called white in the store and in rules).
VARIANT_COLORS: dict[str, dict[str, str]] = {
    "chess": {"white": "white", "black": "black", "random": "random"},
    "xiangqi": {"red": "white", "black": "black", "random": "random"},
}
COLOR_WORDS = ("white", "red", "black", "random")
# The colours as Discord lists them: its choices cannot depend on the game chosen, so each
# colour only one game has says which game it is for.
COLOR_LABELS = {
    "white": "white (chess)",
    "red": "red (xiangqi)",
    "black": "black",
    "random": "random",
}
COLOR_CHOICES = COLOR_WORDS
CHALLENGE_LIFETIME = timedelta(hours=48)
MAX_FEN_LENGTH = 120


class ChallengeUseCases:
    def __init__(self, core: ServiceCore) -> None:
        self._core = core

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
    ) -> ChallengeCreated:
        """Challenge ``opponent`` (or anyone, if None) to a game; expires after 48 hours.

        The same challenge again (the same opponent and settings, or the same open
        challenge in the same place) while the first waits raises ``ChallengePendingError``
        naming the first. ``color`` is the challenger's seat, white, black or random (red is
        white's seat in xiangqi); adapters pass what a player typed through ``color_word``
        first. ``days`` None makes an untimed game (no deadline, reminders or time-outs),
        which cannot be rated. ``rated`` defaults to True for a timed game from the standard
        start and must be False with a custom ``fen``. Raises ``InvalidOptionError``,
        ``InvalidPositionError``, ``SelfChallengeError``, ``BotChallengeError``, and
        ``LimitReachedError`` past a spam limit (see ``bot.service.limits``).
        """
        variant = variant_named(game)
        check_days(days)
        # The seats by their rules names are always understood (callers inside Postal use
        # them); what a player typed is checked against the variant's words by
        # ``color_word`` in the adapter first.
        seats = {"white": "white", **VARIANT_COLORS[variant.name]}
        stored_color = seats.get(color) or color_word(variant.name, color)
        if user.is_bot:
            raise BotChallengeError(user.name)
        if opponent is not None:
            if opponent.id == user.id:
                raise SelfChallengeError
            if opponent.is_bot:
                raise BotChallengeError(opponent.name)
        start_fen = checked_start(variant, fen)
        if rated is None:
            rated = start_fen is None and days is not None
        elif rated and start_fen is not None:
            raise InvalidOptionError(Text("Games from a custom position cannot be rated."))
        elif rated and days is None:
            raise InvalidOptionError(
                Text(
                    "Rated games keep a deadline: choose the days per move, or {option}.",
                    option=Option("rated", NO),
                )
            )
        await self._core.ensure_player(user)
        if opponent is not None:
            await self._core.ensure_known(opponent)
        now = self._core.now()
        challenge = await self._core.store.challenges.create(
            guild_id=place.guild_id,
            channel_id=place.channel_id,
            thread_id=place.thread_id,
            challenger_id=user.id,
            opponent_id=opponent.id if opponent else None,
            variant=variant.name,
            color=stored_color,
            days_per_move=days or DEFAULT_DAYS,  # unused when untimed
            untimed=days is None,
            rated=rated,
            start_fen=start_fen,
            now=now,
            expires_at=now + CHALLENGE_LIFETIME,
            limits=CHALLENGE_LIMITS,
        )
        if isinstance(challenge, SameChallengeOpen):
            first = challenge.challenge
            raise ChallengePendingError(
                first.id,
                (await self._core.ref(opponent.id)).name if opponent is not None else None,
                first.expires_at,
                message_id=first.message_id,
                place=(first.guild_id, first.thread_id or first.channel_id),
            )
        if isinstance(challenge, LimitHit):
            target = (await self._core.ref(opponent.id)).name if opponent is not None else None
            raise refusal(challenge, target, now)
        self._core.schedule_changed()
        return await self._posted(challenge)

    async def waiting_in(self, place: Place) -> list[ChallengeCreated]:
        """The challenges still open in ``place``'s channel, each as it was posted (text and
        buttons), for an adapter that must show them again (the console's buttons of a
        database from before they were stored)."""
        opened = await self._core.store.challenges.open_in(place.guild_id, place.channel_id)
        return [await self._posted(challenge) for challenge in opened]

    async def _posted(self, challenge: Challenge) -> ChallengeCreated:
        """The challenge as its message shows it: its words and its buttons."""
        view = await self._core.challenge_view(challenge)
        return ChallengeCreated(view, _challenge_text(view), _challenge_buttons(view))

    async def accept_challenge(self, user: User, challenge_id: int) -> GameStarted:
        """Accept a challenge addressed to ``user`` (or an open one): the game starts.

        Of two simultaneous accepts exactly one starts a game; the other gets
        ``ChallengeClosedError``. Raises ``UnknownChallengeError``,
        ``NotYourChallengeError``, ``BotChallengeError``.
        """
        core, challenge = self._core, await self._open_challenge(challenge_id)
        if user.is_bot:
            raise BotChallengeError(user.name)
        if challenge.challenger_id == user.id:
            raise NotYourChallengeError(
                Text("You cannot accept your own challenge; wait for your opponent or cancel it.")
            )
        if challenge.opponent_id is not None and challenge.opponent_id != user.id:
            opponent = await core.ref(challenge.opponent_id)
            raise NotYourChallengeError(
                Text("This challenge is for {player}.", player=opponent.name)
            )
        await core.ensure_player(user)
        variant = variant_named(challenge.variant)
        start_fen = challenge.start_fen or variant.start_fen
        challenger_color = (
            Color(challenge.color)
            if challenge.color != "random"
            else random.choice((Color.WHITE, Color.BLACK))
        )
        if challenger_color is Color.WHITE:
            white_id, black_id = challenge.challenger_id, user.id
        else:
            white_id, black_id = user.id, challenge.challenger_id
        first = variant.from_fen(start_fen).side_to_move
        to_move_id = white_id if first is Color.WHITE else black_id
        now = core.now()
        first_mover = await core.store.players.get(to_move_id)
        deadline = await core.deadline_for(to_move_id, now, challenge.clock_days, first_mover)
        first_player = await core.ref(to_move_id)
        record = await core.store.games.start_from_challenge(
            challenge_id=challenge.id,
            acceptor_id=user.id,
            white_id=white_id,
            black_id=black_id,
            start_fen=start_fen,
            to_move_id=to_move_id,
            now=now,
            deadline_at=deadline,
            next_look_at=core.first_look(first_mover, deadline, now),
            thread_look_at=now + THREAD_IDLE_LOOK,
            outbox=turn_dm(None, 0, first_player),
        )
        if record is None:
            latest = await core.store.challenges.get(challenge_id)
            status = latest.status.value if latest else "withdrawn"
            raise ChallengeClosedError(challenge_id, status)
        core.schedule_changed()
        game = rules.Game(variant, start_fen)
        view = await core.view(record)
        assert view.to_move is not None
        board = await core.board_image(game, viewer_id=to_move_id, record=record)
        accepted = await core.store.challenges.get(challenge_id)
        assert accepted is not None
        text = Text(
            "{player} accepted. {white} ({white_colour}) vs {black} ({black_colour}), {variant}, "
            "{pace}, {rated}. {to_move} to move.",
            player=user.name,
            white=view.white.name,
            white_colour=color_text(view.variant, Color.WHITE),
            black=view.black.name,
            black_colour=color_text(view.variant, Color.BLACK),
            variant=variant_text(view.variant),
            pace=pace_text(view.days_per_move, view.untimed),
            rated=rated_text(view.rated),
            to_move=view.to_move.name,
        )
        return GameStarted(view, board, await core.challenge_view(accepted), text, view.to_move)

    async def decline_challenge(self, user: User, challenge_id: int) -> ChallengeClosed:
        """Decline a challenge addressed to ``user``. Raises ``NotYourChallengeError``…"""
        challenge = await self._open_challenge(challenge_id)
        if challenge.opponent_id != user.id:
            raise NotYourChallengeError(
                Text("Only the challenged player can decline; the challenger may cancel.")
                if challenge.opponent_id is not None
                else Text(
                    "An open challenge cannot be declined; just leave it, or its author may "
                    "cancel it."
                )
            )
        return await self._close(
            challenge, ChallengeStatus.DECLINED, Text("{player} declined.", player=user.name)
        )

    async def cancel_challenge(self, user: User, challenge_id: int) -> ChallengeClosed:
        """Withdraw one's own open challenge. Raises ``NotYourChallengeError``…"""
        challenge = await self._open_challenge(challenge_id)
        if challenge.challenger_id != user.id:
            raise NotYourChallengeError(Text("Only the player who made a challenge can cancel it."))
        return await self._close(
            challenge,
            ChallengeStatus.CANCELLED,
            Text("{player} cancelled the challenge.", player=user.name),
        )

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

    async def _close(
        self, challenge: Challenge, status: ChallengeStatus, text: str
    ) -> ChallengeClosed:
        if not await self._core.store.challenges.close(challenge.id, status):
            latest = await self._core.store.challenges.get(challenge.id)
            raise ChallengeClosedError(challenge.id, latest.status.value if latest else "gone")
        self._core.schedule_changed()
        return ChallengeClosed(await self._core.challenge_view(challenge), status.value, text)


def checked_start(variant: rules.Variant, fen: str | None) -> str | None:
    """The normalised custom start FEN, or None for the standard start."""
    if fen is None or not fen.strip() or fen.strip() == "startpos":
        return None
    text = " ".join(fen.split())
    if len(text) > MAX_FEN_LENGTH:
        raise InvalidPositionError.start(StartProblem.TOO_LONG, limit=MAX_FEN_LENGTH)
    try:
        position = variant.from_fen(text)
    except rules.InvalidFenError as error:
        raise InvalidPositionError.of(error) from error
    if rules.Game(variant, position).outcome() is not None or not position.legal_moves():
        raise InvalidPositionError.start(StartProblem.ALREADY_OVER)
    normalised = position.fen()
    return None if normalised == variant.start_fen else normalised


def check_days(days: int | None) -> None:
    """Raises ``InvalidOptionError`` unless ``days`` (per move) is a choice, or None."""
    if days is not None and days not in DAYS_CHOICES:
        raise InvalidOptionError(
            Text(
                "{option} must be one of {days} (days per move), or {none} for no time limit.",
                option=Option("days"),
                days=", ".join(map(str, DAYS_CHOICES)),
                none=Choice(0, NO_TIME_LIMIT),
            )
        )


def pace(days: int, untimed: bool) -> Text:
    """``3 days per move``, or ``no time limit`` (a catalog message)."""
    return pace_text(days, untimed)


def color_word(game: str, word: str) -> str:
    """The seat (white, black, random) meant by the colour ``word`` a player typed for
    ``game``: white, black or random in chess, red, black or random in xiangqi. Raises
    ``InvalidOptionError``, naming the variant's colours when ``word`` is another's. An
    unknown ``game`` is left for ``challenge`` to refuse (``word`` comes back lowercased)."""
    typed = word.strip().lower()
    words = VARIANT_COLORS.get(game)
    if words is None:
        return typed
    if typed in words:
        return words[typed]
    # The colours as the reader's Discord lists them (the console reads those words too).
    allowed = [Choice(seat, COLOR_LABELS[seat]) for seat in words]
    listed, last = Joined(TextIn("list separator", ", "), allowed[:-1]), allowed[-1]
    first, second = (choice for choice in allowed if choice != "random")
    if any(typed in colors for colors in VARIANT_COLORS.values()):  # another game's colour
        raise InvalidOptionError(
            Text(
                "In {variant} the colours are {first} and {second}: {option} must be {listed} "
                'or {last}, not "{word}".',
                option=Option("color"),
                variant=variant_text(game),
                first=first,
                second=second,
                listed=listed,
                last=last,
                # Another game's colour, as the reader's Discord listed it.
                word=Choice(typed, COLOR_LABELS[typed]),
            )
        )
    raise InvalidOptionError(
        Text(
            '{option} must be {listed} or {last}, not "{word}".',
            option=Option("color"),
            listed=listed,
            last=last,
            word=word,
        )
    )


def _challenge_text(view: ChallengeView) -> Text:
    start = Text(", from a custom position") if view.start_fen else ""
    if view.opponent is not None:
        return Text(
            "{challenger} challenges {opponent} to {variant} ({challenger} plays {colour}, "
            "{pace}, {rated}{start}). {opponent} may accept or decline within 48 hours.",
            challenger=view.challenger.name,
            opponent=view.opponent.name,
            variant=variant_text(view.variant),
            colour=color_text(view.variant, view.color),
            pace=pace_text(view.days_per_move, view.untimed),
            rated=rated_text(view.rated),
            start=start,
        )
    return Text(
        "{challenger} challenges anyone to {variant} ({challenger} plays {colour}, {pace}, "
        "{rated}{start}). Anyone may accept within 48 hours.",
        challenger=view.challenger.name,
        variant=variant_text(view.variant),
        colour=color_text(view.variant, view.color),
        pace=pace_text(view.days_per_move, view.untimed),
        rated=rated_text(view.rated),
        start=start,
    )


def _challenge_buttons(view: ChallengeView) -> tuple[Button, ...]:
    answerers = (view.opponent.id,) if view.opponent else ()
    buttons = [
        Button(
            TextIn("button", "Accept"),
            ButtonAction.ACCEPT_CHALLENGE,
            view.id,
            allowed_user_ids=answerers,
            style=ButtonStyle.SUCCESS,
        )
    ]
    if view.opponent:
        buttons.append(
            Button(
                TextIn("button", "Decline"),
                ButtonAction.DECLINE_CHALLENGE,
                view.id,
                allowed_user_ids=answerers,
                style=ButtonStyle.DANGER,
            )
        )
    buttons.append(
        Button(
            TextIn("button", "Cancel"),
            ButtonAction.CANCEL_CHALLENGE,
            view.id,
            allowed_user_ids=(view.challenger.id,),
            style=ButtonStyle.SECONDARY,
        )
    )
    return tuple(buttons)
