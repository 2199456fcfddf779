"""Words at the edge (issue 24.3): the service returns facts and message keys, and
``bot/text`` words them. No module of ``bot/service`` builds a message (``Text``,
``Plural``, ``TextIn``, ``_``, ``ngettext``, ``pgettext``, ``N_``, ``NP_``) but for the
catalog data listed below, and no result type carries a finished ``text``."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.i18n import Locale, using
from bot.i18n.names import Choice
from bot.service import delivery_results, errors, report_results, results
from bot.service import option_errors as options
from bot.service.after_game import FrameTimeError
from bot.service.analysis import (
    AnalysisFailedError,
    AnalysisInterruptedError,
    NotFinishedError,
    NothingToAnalyseError,
)
from bot.service.animations import (
    AnimationBusyError,
    AnimationQueueFullError,
    AnimationStoppedError,
)
from bot.service.challenge_plan import ChallengeRefusal, ChallengeRefusedError
from bot.service.chess960_starts import StartNumberError, StartNumberProblem
from bot.service.computer import NoComputerError
from bot.service.conditional import (
    BadLineMoveError,
    ConflictingAnswerError,
    EmptyLineError,
    LineTooLongError,
    NoSuchLineError,
    TooManyPreparedError,
)
from bot.service.errors import UserError
from bot.service.janggi_setups import SetupError, SetupProblem
from bot.service.local_time import TimeFormatError, TimeProblem
from bot.service.match_facts import MatchError, MatchRefusal
from bot.service.move_hints import MoveSlip
from bot.service.notes import (
    EmptyNoteError,
    NoteTooLongError,
    TooManyNotesError,
    UnknownMoveNumberError,
)
from bot.service.pause_facts import PauseError, PauseProblem
from bot.service.preferences import AUTO_LANGUAGE, NOTIFY_CHOICES
from bot.service.results import ButtonLabel, GameChoice
from bot.service.server_languages import ServerLanguageRefusedError
from bot.service.thematic_starts import StartLineError, StartLineProblem
from bot.service.tournament.deadline import DeadlineError, DeadlineProblem
from bot.service.tournament.facts import TournamentError, TournamentRefusal
from bot.service.vote_facts import VoteError, VoteRefusal
from bot.store import OfferKind, SpamLimit
from bot.text.buttons import BUTTON_LABELS
from bot.text.errors import WORDED, error_text
from rules import IllegalReason

ROOT = Path(__file__).resolve().parents[1]
WORDING_CALLS = {"Text", "Plural", "TextIn", "_", "ngettext", "pgettext", "N_", "NP_"}

# Catalog data, not sentences: the command catalog (bot/service/catalog.py: the console-only
# commands' names, option names and descriptions, marked for the catalogs as the Discord
# commands' are by their definitions) and the board themes' and piece sets' names
# (bot/service/themes.py) are names the edge says (``bot.i18n.names``), marked with ``NP_``
# in these contexts. Nothing else in bot/service is marked for translation.
CATALOG_DATA = {"bot/service/catalog.py", "bot/service/themes.py"}
CATALOG_CONTEXTS = {"command name", "option name", "choice", "description"}

# Result types (bot/service/results.py, report_results.py, delivery_results.py) that still
# carry a finished ``text``.
RESULTS_WITH_TEXT: set[str] = set()


def sentences_built() -> dict[str, int]:
    """``bot/service/x.py`` -> how many messages it builds (calls whose first argument is a
    string literal, the message's English or context), catalog data left out."""
    counts: dict[str, int] = {}
    for path in sorted((ROOT / "bot" / "service").rglob("*.py")):
        module = str(path.relative_to(ROOT))
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = 0
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            literal = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if not (node.func.id in WORDING_CALLS and literal and isinstance(literal[0], str)):
                continue
            name_only = node.func.id == "NP_" and literal[0] in CATALOG_CONTEXTS
            if not (name_only and module in CATALOG_DATA):
                found += 1
        if found:
            counts[module] = found
    return counts


def test_the_service_words_nothing() -> None:
    """bot/service builds no message: it returns facts, and bot/text words them."""
    assert sentences_built() == {}, "English in the service: word it in bot/text instead"


def test_a_service_message_is_counted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The count sees a message built in the service, and an ``NP_`` name outside the
    catalog data or in another context."""
    service = tmp_path / "bot" / "service"
    service.mkdir(parents=True)
    (service / "x.py").write_text('Text("Hello {name}.", name=n)\nNP_("choice", "wood")\n')
    (service / "catalog.py").write_text('NP_("choice", "wood")\nNP_("button", "Go")\n')
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert sentences_built() == {"bot/service/x.py": 2, "bot/service/catalog.py": 1}


def test_no_more_result_types_carry_text() -> None:
    """Only the listed result types still carry a finished ``text``."""
    with_text = {
        name
        for module in (results, report_results, delivery_results)
        for name, kind in inspect.getmembers(module, inspect.isclass)
        if dataclasses.is_dataclass(kind)
        and kind.__module__ == module.__name__
        and any(f.name == "text" for f in dataclasses.fields(kind))
    }
    assert with_text == RESULTS_WITH_TEXT


XIANGQI_COLOURS = (("red", "red (xiangqi)"), ("black", "black"), ("random", "random"))

# One of each error converted to facts.
CONVERTED: tuple[UserError, ...] = (
    AnimationStoppedError(),
    errors.UnknownGameError(7),
    errors.NotAPlayerError(7),
    errors.NotYourTurnError("alice"),
    errors.GameOverError(7, "1-0"),
    errors.GameOverError(7, None),
    errors.GameChangedError(),
    errors.StaleBoardError(7),
    errors.PreviewReplacedError("Nf3"),
    errors.DamagedGameError(7),
    errors.TakebacksRefusedError("bob", rated_only=True),
    errors.SelfChallengeError(),
    errors.BotChallengeError("Postal"),
    errors.UnknownChallengeError(3),
    errors.ChallengeClosedError(3, "declined"),
    errors.CannotAbortError(),
    *(errors.MoreTimeRefusedError(reason) for reason in errors.MoreTimeRefusal),
    errors.VacationError(errors.VacationProblem.NO_DAYS),
    errors.VacationError(errors.VacationProblem.LENGTH, days=40, allowance=30),
    errors.VacationError(
        errors.VacationProblem.ALLOWANCE, days=5, allowance=30, window=365, left=2
    ),
    errors.VacationError(errors.VacationProblem.NOT_ON_VACATION),
    errors.InvalidButtonError(),
    errors.ChooseGameError(
        [GameChoice(game_id, "chess", "alice", "bob", "bob", 3, True) for game_id in range(12)]
    ),
    errors.ChooseGameError(
        [
            GameChoice(1, "chess", "alice", "bob", "bob", 1, False),
            GameChoice(2, "xiangqi", "carol", "dave", None, 9, False),
        ]
    ),
    errors.UnreadableMoveError("Nf9", ["Nf3", "Nh3"]),
    errors.WrongNotationError("C2.5", "chess", ["c4"]),
    errors.WrongNotationError("e4", "xiangqi"),
    errors.MistypedMoveError("1.Nf3", MoveSlip.MOVE_NUMBER, "Nf3", ["Nf3"]),
    errors.MistypedMoveError("Pe5", MoveSlip.PAWN_LETTER, "e5", [], IllegalReason.CANNOT_REACH),
    errors.IllegalMoveError("Ke2", IllegalReason.INTO_CHECK, ["Kd1"], variant_name="chess"),
    errors.IllegalMoveError("K5.4", IllegalReason.PINNED, variant_name="xiangqi"),
    errors.AmbiguousMoveError("Nd2", ["Nbd2", "Nfd2"]),
    errors.AmbiguousMoveError("Nd2", ["Nbd2"]),
    errors.UnknownSquareError("z9", "e4"),
    errors.InvalidPositionError.start(errors.StartProblem.TOO_LONG, limit=200),
    errors.LimitReachedError(SpamLimit.OPEN_BY_CHALLENGER.value, 5),
    errors.LimitReachedError(SpamLimit.OPEN_TO_TARGET.value, 10, "bob"),
    errors.LimitReachedError(SpamLimit.PINGS_PER_PAIR.value, 3, "bob", minutes=12),
    errors.ChallengePendingError(3, "bob", datetime(2026, 11, 28, 9, 30, tzinfo=UTC)),
    errors.ChallengePendingError(3, None, datetime(2026, 11, 28, 9, 30, tzinfo=UTC)),
    errors.ComputerPlaysOnError("Postal"),
    errors.UnknownVariantError("shogi"),
    *(
        TournamentError(reason, tournament_id=3, count=2, choices=((3, "Cup"),))
        for reason in TournamentRefusal
    ),
    TournamentError(TournamentRefusal.NOT_ORGANISER),
    *(VoteError(reason, count=3, games=(4, 5)) for reason in VoteRefusal),
    *(MatchError(reason, match_id=4, count=3, side="Lions") for reason in MatchRefusal),
    TournamentError(TournamentRefusal.NO_TOURNAMENT),
    *(
        DeadlineError(problem, "3x", datetime(2026, 11, 28, 9, 30, tzinfo=UTC))
        for problem in DeadlineProblem
    ),
    *(ChallengeRefusedError(reason, "bob") for reason in ChallengeRefusal),
    NoComputerError(),
    options.NotAChoiceError("notify", "loud", NOTIFY_CHOICES),
    options.AnotherGamesColourError(
        "xiangqi",
        Choice("white", "white (chess)"),
        [Choice(seat, label) for seat, label in XIANGQI_COLOURS],
    ),
    options.DaysError(4),
    options.MoreTimeDaysError(4),
    *(options.UnratableError(reason) for reason in options.Unratable),
    *(StartNumberError(problem, 1000, "chess960") for problem in StartNumberProblem),
    *(SetupError(problem, "마상마상", "chess") for problem in SetupProblem),
    *(StartLineError(problem, "1. e4 e4", "chess") for problem in StartLineProblem),
    StartLineError(StartLineProblem.UNKNOWN_NAME, "najdorf", "chess", suggestions=("Najdorf",)),
    options.UnknownNameError("theme", "pink", ["wood", "blue"]),
    options.UnknownNameError("pieces", "staunton", ["default"]),
    options.ReminderHoursError("25"),
    *(
        options.TimeOptionError(option, TimeFormatError(problem, "25:99"))
        for option in ("timezone", "quiet", "digest")
        for problem in TimeProblem
    ),
    options.LanguageChoiceError("language", AUTO_LANGUAGE, "xx"),
    options.LevelRangeError(9),
    options.TimeBankError(options.TimeBankProblem.CAP_WITHOUT_INCREMENT, 7),
    options.TimeBankError(options.TimeBankProblem.INCREMENT_RANGE, 0, 14),
    options.TimeBankError(options.TimeBankProblem.CAP_RANGE, 99, 60),
    options.TimeBankError(options.TimeBankProblem.CAP_BELOW_START, 2, 3),
    options.TimeBankError(options.TimeBankProblem.CAP_BELOW_INCREMENT, 3, 5),
    options.TimeBankError(options.TimeBankProblem.UNTIMED),
    options.UntimedWeekendsError(),
    PauseError(PauseProblem.LENGTH, days=9),
    PauseError(PauseProblem.UNTIMED),
    PauseError(PauseProblem.RUNNING, until=datetime(2026, 1, 5, tzinfo=UTC)),
    PauseError(PauseProblem.ALLOWANCE, days=5, left=1),
    errors.NoOfferError(OfferKind.PAUSE),
    errors.OfferPendingError(OfferKind.PAUSE),
    options.LevelForPersonError(3, "bob", "Postal"),
    EmptyLineError(),
    BadLineMoveError(3, "Ke2", errors.IllegalMoveError("Ke2", IllegalReason.INTO_CHECK)),
    BadLineMoveError(2, "Nd2", choices=["Nbd2", "Nfd2"]),
    LineTooLongError(41),
    TooManyPreparedError(),
    ConflictingAnswerError("Nf3", "Nc6", "Nf6"),
    UnknownMoveNumberError("5.", "2..."),
    UnknownMoveNumberError("1.", ""),
    errors.UnknownVariantError("shogi", ("chess", "xiangqi")),
    errors.VariantUnavailableError("janggi"),
    *(errors.NoOfferError(kind) for kind in OfferKind),
    *(errors.OfferPendingError(kind) for kind in OfferKind),
    errors.NothingToTakeBackError(),
    errors.NothingToTakeBackError(any_more=True),
    errors.NoGameError(),
    errors.NoGameError(placeless=True),
    NoSuchLineError(3, 0),
    NoSuchLineError(3, 2),
    ServerLanguageRefusedError(outside_server=True),
    ServerLanguageRefusedError(outside_server=False),
    EmptyNoteError(),
    NoteTooLongError(1200),
    TooManyNotesError(),
    FrameTimeError(100, 10_000),
    AnimationBusyError(),
    AnimationQueueFullError(),
    NotFinishedError(7),
    NothingToAnalyseError(7),
    AnalysisFailedError(7, 3, 40),
    AnalysisInterruptedError(7),
)


@pytest.mark.parametrize("error", CONVERTED, ids=lambda error: type(error).__name__)
def test_converted_errors_carry_no_text(error: UserError) -> None:
    """An error worded at the edge carries its facts only; bot/text words it, in every
    language (no placeholder left unfilled)."""
    assert error.message == ""
    assert type(error) in WORDED
    for locale in Locale:
        with using(locale):
            said = error_text(error)
            assert said and "{" not in said, (locale, said)


def test_every_worded_error_is_checked() -> None:
    assert {type(error) for error in CONVERTED} == set(WORDED)


def test_a_refusal_while_a_preview_waits_says_what_waits() -> None:
    """The waiting move is a fact the edge words after the refusal."""
    error = errors.NotYourTurnError("bob")
    error.waiting_move = "e4"
    assert error_text(error) == (
        "It is not your turn: bob is to move. Your move e4 is waiting for Confirm."
    )


def test_a_line_s_refused_move_says_why_in_its_move_error_s_words() -> None:
    """A conditional line's move refused carries its move error; the edge words the line's
    sentence around that error's own (or asks which piece)."""
    illegal = errors.IllegalMoveError("Ke2", IllegalReason.INTO_CHECK, variant_name="chess")
    assert error_text(BadLineMoveError(3, "Ke2", illegal)) == (
        f'Move 3 of the line, "Ke2": {error_text(illegal)} Nothing was stored.'
    )
    assert error_text(BadLineMoveError(2, "Nd2", choices=["Nbd2", "Nfd2", "Nb1d2"])) == (
        'Move 2 of the line, "Nd2": say which piece: Nbd2, Nfd2 or Nb1d2. Nothing was stored.'
    )


def test_every_button_label_is_worded_in_every_language() -> None:
    """The service names a button by a key; bot/text has words for each, said in every
    language."""
    assert set(BUTTON_LABELS) == set(ButtonLabel)
    for locale in Locale:
        with using(locale):
            assert all(label.said() for label in BUTTON_LABELS.values()), locale
