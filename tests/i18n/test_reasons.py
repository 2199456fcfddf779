"""The rules' reason codes read in each player's language, from the shipped catalogs: why a
move is illegal, why a start position is refused."""

from __future__ import annotations

import pytest

from bot.i18n import Locale, using
from bot.service.errors import IllegalMoveError, InvalidPositionError, StartProblem
from bot.text.errors import error_text
from bot.text.reasons import illegal_reason, position_problem, refusal
from rules import FenProblem, IllegalReason, InvalidFenError
from rules.xiangqi import XIANGQI

LANGUAGES = [locale for locale in Locale if locale is not Locale.EN]


def test_an_illegal_move_is_worded_once() -> None:
    """For every reason the illegal move is worded once, from its facts (bot/text's
    ``error_message``), not again by the reasons' module."""
    for reason in IllegalReason:
        error = IllegalMoveError("Nf4", reason, ["Nd3", "Ng2"])
        assert refusal(error) is None
        assert error_text(error) == (
            f"Nf4 is illegal: {illegal_reason(reason)}. Did you mean Nd3 or Ng2?"
        )


@pytest.mark.parametrize("locale", LANGUAGES, ids=lambda locale: locale.value)
def test_every_reason_is_translated(locale: Locale) -> None:
    """No reason is left in English in another language (chess and xiangqi wordings)."""
    for variant in ("chess", "xiangqi"):
        for reason in IllegalReason:
            english = illegal_reason(reason, variant)
            with using(locale):
                assert illegal_reason(reason, variant) != english, (reason, variant)


def test_a_pinned_piece_in_each_language() -> None:
    """The whole sentence, its suggestions included, is in the reader's language."""
    error = IllegalMoveError("Nf4", IllegalReason.PINNED, ["Kd1"])
    expected = {
        Locale.FR: "Le coup Nf4 est illégal : cette pièce est clouée sur votre roi. "
        "Vouliez-vous dire Kd1 ?",
        Locale.KO: "Nf4: 둘 수 없는 수예요. 그 기물은 킹에 핀이 걸려 있어요. "
        "Kd1을(를) 두려고 하셨나요?",
        Locale.JA: "Nf4 は指せません：その駒はキングにピンされています。Kd1 のことですか？",
        Locale.ZH_HANS: "Nf4 不能走：这个子被牵制，挡着你的王。你是想走 Kd1 吗？",
        Locale.ZH_HANT: "Nf4 不能走：這個棋子被牽制，擋著你的國王。你是想走 Kd1 嗎？",
    }
    for locale, sentence in expected.items():
        with using(locale):
            assert error_text(error) == sentence


def test_xiangqi_speaks_of_the_general() -> None:
    """In xiangqi the king is the general: 将军, not the chess king."""
    with using(Locale.ZH_HANS):
        assert illegal_reason(IllegalReason.IN_CHECK, "xiangqi") == "你正被将军"
        assert "王" in illegal_reason(IllegalReason.IN_CHECK, "chess")


@pytest.mark.parametrize("locale", [Locale.EN, *LANGUAGES], ids=lambda locale: locale.value)
def test_every_fen_problem_is_worded_with_its_facts(locale: Locale) -> None:
    """Each FenProblem and StartProblem makes a sentence from its facts (no placeholder left
    over, none missing), in every language."""
    facts: dict[str, str | int] = {
        "minimum": 1, "maximum": 6, "found": 7, "expected": 10, "field": "castling",
        "character": "Q", "rank": 3, "square": "e2", "white": 0, "black": 2, "side": "red",
        "to_move": "black", "right": "K", "king_square": "e1", "rook_square": "h1",
        "piece": "cannon", "limit": 2,
    }  # fmt: skip
    with using(locale):
        for problem in [*FenProblem, *StartProblem]:
            said = position_problem(problem, facts)
            assert said and "{" not in said, problem


def test_a_refused_xiangqi_position_in_french_and_chinese() -> None:
    """A red advisor off its points, said as a French and a Chinese player reads it."""
    with pytest.raises(InvalidFenError) as raised:
        XIANGQI.from_fen("3k5/9/9/9/9/9/9/4A4/9/4K4 w")
    error = InvalidPositionError.of(raised.value)
    assert error.problem is FenProblem.ADVISOR_OFF_POINT
    with using(Locale.FR):
        assert refusal(error) == (
            "Cette position de départ n'est pas valide : un conseiller rouge ne peut pas se "
            "trouver en e2."
        )
    with using(Locale.ZH_HANS):
        assert refusal(error) == "这个起始局面无效：红方的仕（士）不能在 e2。"
