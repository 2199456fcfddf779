"""A tournament's terms checked at ``/tournament create``: its game and thematic start,
whether it is rated, its size, rounds and cycles. Each check raises before anything is
written, naming the option (or the pair of options) that cannot be."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict, Unpack

from bot.service.challenges import check_days
from bot.service.game_facts import variant_named
from bot.service.option_errors import Unratable, UnratableError
from bot.service.results import Place
from bot.service.thematic_starts import StartLineError, StartLineProblem, thematic_start
from bot.service.tournament.facts import (
    DEFAULT_PLAYERS,
    DEFAULT_ROUNDS,
    DEFAULT_TIEBREAK_PAIRS,
    DEFAULT_TIMEOUTS,
    MAX_FIELD,
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MAX_TIEBREAK_PAIRS,
    MAX_TIMEOUTS,
    MIN_PLAYERS,
    TournamentError,
    TournamentRefusal,
)
from bot.service.tournament.knockout import Decider
from bot.store import NewTournament, TournamentFormat
from rules import Variant


def game_and_start(game: str, start: str | None) -> tuple[Variant, str | None]:
    """The tournament's variant and its thematic start's FEN (None: none given). A
    Chess960 tournament draws its own start each round, so it takes no ``start``. Raises
    ``UnknownVariantError`` or ``StartLineError`` (EACH_ROUND for Chess960)."""
    variant = variant_named(game)  # every variant: chess, xiangqi, chess960, janggi
    if start is None:
        return variant, None
    if variant.name == "chess960":
        raise StartLineError(StartLineProblem.EACH_ROUND, start, variant.name)
    return variant, thematic_start(variant, start)


def rated_terms(rated: bool | None, start_fen: str | None) -> bool:
    """Whether the tournament is rated: as asked, by default unless thematic. A thematic
    tournament's games begin from a custom position, and such a game is never rated (as a
    challenge from one is not). Raises ``UnratableError`` (CUSTOM_START)."""
    if rated and start_fen is not None:
        raise UnratableError(Unratable.CUSTOM_START)
    return start_fen is None if rated is None else rated


def bye_terms(format: TournamentFormat, bye_halves: int | None) -> int:
    """What a Swiss bye scores, in half points (a win by default). Raises
    ``TournamentError`` (BYE_NOT_SWISS) for a bye's score given to another format, and
    ``ValueError`` for a score no adapter offers."""
    if bye_halves is None:
        return 2
    if format is not TournamentFormat.SWISS:
        raise TournamentError(TournamentRefusal.BYE_NOT_SWISS)
    if bye_halves not in (0, 1, 2):
        raise ValueError(f"a bye scores 0, 1 or 2 half points, not {bye_halves}")
    return bye_halves


def tiebreak_terms(format: TournamentFormat, pairs: int | None) -> int:
    """How many more pairs of games a level knockout match plays before the higher seed
    goes through (one by default). Raises ``TournamentError`` (TIEBREAKS_NOT_KNOCKOUT for
    another format, BAD_TIEBREAKS outside 0..MAX_TIEBREAK_PAIRS)."""
    if pairs is None:
        return DEFAULT_TIEBREAK_PAIRS
    if format is not TournamentFormat.KNOCKOUT:
        raise TournamentError(TournamentRefusal.TIEBREAKS_NOT_KNOCKOUT, count=pairs)
    if not 0 <= pairs <= MAX_TIEBREAK_PAIRS:
        raise TournamentError(TournamentRefusal.BAD_TIEBREAKS, count=pairs)
    return pairs


def decider_terms(format: TournamentFormat, decider: str | None) -> Decider:
    """What settles a knockout match still level after its pairs (the higher seed by
    default). Raises ``TournamentError`` (DECIDER_NOT_KNOCKOUT) for another format, and
    ``ValueError`` for a decider no adapter offers."""
    if decider is None:
        return Decider.SEED
    if format is not TournamentFormat.KNOCKOUT:
        raise TournamentError(TournamentRefusal.DECIDER_NOT_KNOCKOUT)
    return Decider(decider)


@dataclass(frozen=True, slots=True)
class FormatTerms:
    """A tournament's format terms, checked: a round robin's cycles, a Swiss' rounds
    (None otherwise) and what its bye scores, a knockout's tie-break pairs and decider."""

    cycles: int
    rounds: int | None
    bye_halves: int
    tiebreak_pairs: int
    decider: Decider = Decider.SEED


def format_terms(
    format: TournamentFormat,
    players: int,
    *,
    rounds: int | None = None,
    double: bool = False,
    bye_halves: int | None = None,
    tiebreaks: int | None = None,
    decider: str | None = None,
) -> FormatTerms:
    """The terms of ``format`` for ``players``, each option checked against the format.
    Raises ``TournamentError`` (see ``checked_terms``, ``bye_terms``, ``tiebreak_terms``,
    ``decider_terms``) and ``ValueError`` for a bye's score or decider no adapter offers."""
    checked = checked_terms(format, players, rounds, double=double)
    bye = bye_terms(format, bye_halves)
    pairs = tiebreak_terms(format, tiebreaks)
    return FormatTerms(2 if double else 1, checked, bye, pairs, decider_terms(format, decider))


def checked_terms(
    format: TournamentFormat, players: int, rounds: int | None, *, double: bool = False
) -> int | None:
    """A tournament's size, rounds and cycles, checked: the rounds it will have (a
    Swiss'; None otherwise). ``rounds`` is a Swiss' own and ``double`` a round robin's.
    Raises ``TournamentError`` (BAD_SIZE, BAD_FIELD, BAD_ROUNDS, ROUNDS_NOT_SWISS,
    DOUBLE_NOT_ROUND_ROBIN)."""
    if double and format is not TournamentFormat.ROUND_ROBIN:
        raise TournamentError(TournamentRefusal.DOUBLE_NOT_ROUND_ROBIN)
    if rounds is not None and format is not TournamentFormat.SWISS:
        raise TournamentError(TournamentRefusal.ROUNDS_NOT_SWISS, count=rounds)
    if format is TournamentFormat.ROUND_ROBIN and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise TournamentError(TournamentRefusal.BAD_SIZE, count=players)
    if not MIN_PLAYERS <= players <= MAX_FIELD:
        raise TournamentError(TournamentRefusal.BAD_FIELD, count=players)
    if format is not TournamentFormat.SWISS:
        return None
    rounds = DEFAULT_ROUNDS if rounds is None else rounds
    # A Swiss of more rounds than a round robin of its field would run out of opponents.
    if not 1 <= rounds <= min(MAX_ROUNDS, players - 1 + players % 2):
        raise TournamentError(TournamentRefusal.BAD_ROUNDS, count=rounds)
    return rounds


class OpeningOptions(TypedDict, total=False):
    """``/tournament create``'s terms, each optional (its default in ``opening_terms``)."""

    name: str
    game: str
    days: int
    rated: bool | None
    players: int
    double: bool
    start_when_full: bool
    format: TournamentFormat
    rounds: int | None
    bye_halves: int | None
    vacation: bool
    start: str | None
    tiebreaks: int | None
    timeouts: int | None
    decider: str | None


def opening_terms(
    place: Place, organiser_id: int, **options: Unpack[OpeningOptions]
) -> NewTournament:
    """The tournament ``/tournament create`` asks for, every option checked (its sign-up
    deadline is the use case's: it needs the organiser's time zone). By default a rated
    round robin of chess for up to 8 players, 3 days a move, vacation allowed. Raises
    ``TournamentError``, ``InvalidOptionError`` (an unknown game, a bad start, days, a
    rated thematic tournament)."""
    variant, start_fen = game_and_start(options.get("game", "chess"), options.get("start"))
    rated = rated_terms(options.get("rated"), start_fen)
    days = options.get("days", 3)
    check_days(days)
    format = options.get("format", TournamentFormat.ROUND_ROBIN)
    players = options.get("players", DEFAULT_PLAYERS)
    shape = format_terms(
        format,
        players,
        rounds=options.get("rounds"),
        double=options.get("double", False),
        bye_halves=options.get("bye_halves"),
        tiebreaks=options.get("tiebreaks"),
        decider=options.get("decider"),
    )
    return NewTournament(
        place.guild_id,
        place.channel_id,
        place.thread_id,
        organiser_id,
        tournament_title(options.get("name", "")),
        format,
        shape.cycles,
        variant.name,
        days,
        rated,
        players,
        options.get("start_when_full", False),
        shape.rounds,
        shape.bye_halves,
        None,  # the deadline, read in the organiser's time zone
        options.get("vacation", True),
        start_fen,
        shape.tiebreak_pairs,
        timeout_terms(options.get("timeouts")),
        shape.decider.value,
    )


def timeout_terms(timeouts: int | None) -> int:
    """How many time-outs withdraw a player (``DEFAULT_TIMEOUTS`` unless given; 0: none
    do). Raises ``TournamentError`` (BAD_TIMEOUTS) outside 0..MAX_TIMEOUTS."""
    if timeouts is None:
        return DEFAULT_TIMEOUTS
    if not 0 <= timeouts <= MAX_TIMEOUTS:
        raise TournamentError(TournamentRefusal.BAD_TIMEOUTS, count=timeouts)
    return timeouts


def tournament_title(name: str) -> str:
    """A tournament's name, its spaces tidied. Raises ``TournamentError`` (BAD_NAME)."""
    title = " ".join(name.split())
    if len(title) > MAX_NAME_LENGTH:
        raise TournamentError(TournamentRefusal.BAD_NAME, count=MAX_NAME_LENGTH)
    return title
