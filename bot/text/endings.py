"""How a game ended, and what a move did, in the reader's words, from the facts of an
``Ending``, a ``GameEnded`` and a ``MovePlayed``: ``Checkmate — white wins``, ``alice played
12. Nf3. Check! bob to move.``"""

from __future__ import annotations

from bot.i18n.names import Command
from bot.i18n.text import Joined, Sentences, Text, TextIn
from bot.service.results import Ending, GameEnded, GameView, MovePlayed
from bot.store import OfferKind
from bot.text.boards import opening_text
from bot.text.phrases import XIANGQI_WORDED, check_text, janggi_side_text
from rules import Termination


def _wins(ending: Ending) -> Text:
    if ending.result not in ("1-0", "0-1"):
        return Text("draw")
    white = ending.result == "1-0"
    if ending.variant == "janggi":
        return Text("{side} wins", side=janggi_side_text("white" if white else "black"))
    if ending.variant == "xiangqi":
        return Text("red wins") if white else TextIn("xiangqi", "black wins")
    return Text("white wins") if white else Text("black wins")


def points_text(points: float) -> str:
    """A count as players write it: ``38½``, ``32``."""
    whole = int(points)
    return f"{whole}½" if points - whole else str(whole)


# Janggi's endings decided by counting (계가), as the first half of their sentence.
_COUNTED = {
    Termination.BIKJANG: Text("Bikjang"),
    Termination.DOUBLE_PASS: Text("Both sides passed"),
    Termination.MOVE_LIMIT: Text("50 moves by each side without a capture"),
    Termination.REPETITION: Text("Repetition"),
}


def _counted(termination: Termination, ending: Ending, wins: Text) -> Text | None:
    """A janggi ending decided by counting: ``Bikjang — Han wins on points, 38½ to 32``
    (None: ``termination`` is not one of them)."""
    how = _COUNTED.get(termination)
    if how is None or ending.variant != "janggi":
        return None
    if ending.points is None or ending.result not in ("1-0", "0-1"):
        return Text("{how} — {wins}", how=how, wins=wins)
    cho, han = ending.points
    winner, loser = (cho, han) if ending.result == "1-0" else (han, cho)
    side = janggi_side_text("white" if ending.result == "1-0" else "black")
    counted = Text(
        "{side} wins on points, {winner} to {loser}",
        side=side,
        winner=points_text(winner),
        loser=points_text(loser),
    )
    return Text("{how} — {counted}", how=how, counted=counted)


def _drawn(termination: Termination, who: str) -> Text | None:
    """The sentence of a drawn ending (None: the ending is not one of these draws)."""
    match termination:
        case Termination.INSUFFICIENT_MATERIAL:
            return Text("Draw — neither side can mate any more")
        case Termination.FIVEFOLD_REPETITION:
            return Text("Draw — the position occurred five times")
        case Termination.SEVENTYFIVE_MOVES:
            return Text("Draw — 75 moves without a capture or pawn move")
        case Termination.THREEFOLD_REPETITION:
            return Text("Draw — {player} claimed threefold repetition", player=who)
        case Termination.FIFTY_MOVES:
            return Text("Draw — {player} claimed the 50-move rule", player=who)
        case Termination.REPETITION:
            return Text("Draw — repetition")
        case Termination.SIXTY_MOVES:
            return Text("Draw — 60 moves by each side without a capture")
        case Termination.AGREEMENT:
            return Text("Draw by agreement")
        case Termination.TIMEOUT_DRAW:
            return Text("{player} ran out of time, but the opponent cannot mate — draw", player=who)
    return None


def ending_text(ending: Ending) -> Text:
    """``Checkmate — white wins``, ``Draw by agreement``, ``bob resigned — white wins`` …"""
    wins = _wins(ending)
    who = ending.actor.name if ending.actor is not None else Text("A player")
    try:
        termination = Termination(ending.termination)
    except ValueError:
        return Text("Game over — {wins}", wins=wins)
    counted = _counted(termination, ending, wins)
    if counted is not None:
        return counted
    # Janggi says checkmate as xiangqi does (외통수).
    xiangqi = ending.variant in XIANGQI_WORDED
    match termination:
        # Xiangqi's own words (绝杀, 困毙: a stalemated side loses) differ from chess's.
        case Termination.CHECKMATE if xiangqi:
            return TextIn("xiangqi", "Checkmate — {wins}", wins=wins)
        case Termination.CHECKMATE:
            return Text("Checkmate — {wins}", wins=wins)
        case Termination.STALEMATE if xiangqi:
            return TextIn("xiangqi", "Stalemate — {wins}", wins=wins)
        case Termination.STALEMATE:
            return Text("Stalemate — {wins}", wins=wins)
        case Termination.PERPETUAL_CHECK:
            return Text("Perpetual check is not allowed — {wins}", wins=wins)
        case Termination.PERPETUAL_CHASE:
            return Text("Perpetual chase is not allowed — {wins}", wins=wins)
        case Termination.RESIGNATION:
            return Text("{player} resigned — {wins}", player=who, wins=wins)
        case Termination.TIMEOUT:
            return Text("{player} ran out of time — {wins}", player=who, wins=wins)
        case Termination.ABORTED:
            return Text("Game aborted by {player}", player=who)
    return _drawn(termination, who) or Text("Game over — {wins}", wins=wins)


def ended_text(ending: Ending) -> Sentences:
    """``Checkmate — white wins. Ratings: alice 1500 → 1512 (+12), ….``"""
    changes = Joined(
        TextIn("list separator", ", "), [change.text for change in ending.rating_changes]
    )
    rated = Text("Ratings: {changes}.", changes=changes) if changes else ""
    return Sentences(Text("{ending}.", ending=ending_text(ending)), rated)


def game_ended_text(result: GameEnded) -> Sentences:
    """A game ended by a player or the clock: its ending and the rating changes."""
    return ended_text(result.ending)


def _claim_names(claimable: tuple[Termination, ...]) -> Text:
    names = {
        Termination.THREEFOLD_REPETITION: Text("threefold repetition"),
        Termination.FIFTY_MOVES: Text("50-move rule"),
    }
    named = [names.get(t, t.value) for t in claimable]
    rules = (
        named[0] if len(named) == 1 else Text("{first}, {second}", first=named[0], second=named[1])
    )
    return Text("{rules} — use {command}", rules=rules, command=Command("draw"))


def _lapsed_text(kinds: tuple[OfferKind, ...]) -> Sentences:
    names = {
        OfferKind.DRAW: Text("The draw offer lapsed."),
        OfferKind.TAKEBACK: Text("The takeback request lapsed."),
        OfferKind.PAUSE: Text("The pause asked for lapsed."),
    }
    return Sentences(*(names[kind] for kind in kinds))


def _answers_text(result: MovePlayed) -> Sentences:
    """``bob answered 12... Nc6 (a conditional move).`` for each prepared answer played."""
    view = result.game
    return Sentences(
        *(
            Text(
                "{player} answered {number} {move} (a conditional move).",
                player=(view.white if answer.player_id == view.white.id else view.black).name,
                number=answer.number,
                move=answer.notation,
            )
            for answer in result.answers
        )
    )


def _after_move(result: MovePlayed, view: GameView) -> list[str]:
    """What players must know after a move that did not end the game."""
    parts: list[str] = []
    if result.lapsed_offers:
        parts.append(_lapsed_text(result.lapsed_offers))
    if result.check:
        parts.append(check_text(view.variant))
    assert view.to_move is not None
    if result.claimable:
        parts.append(
            Text(
                "{player} may claim a draw ({rules}).",
                player=view.to_move.name,
                rules=_claim_names(result.claimable),
            )
        )
    parts.append(to_move_text(view.to_move.name))
    return parts


def played_text(player: str, number: str, move: str, *, conditional: bool = False) -> Text:
    """``alice played 12. Nf3.`` (``conditional``: ``… (a conditional move).``): the one
    wording of a move played, in a move's answer and in a turn notice alike."""
    if conditional:
        return Text(
            "{player} played {number} {move} (a conditional move).",
            player=player,
            number=number,
            move=move,
        )
    return Text("{player} played {number} {move}.", player=player, number=number, move=move)


def to_move_text(player: str) -> Text:
    """``bob to move.``"""
    return Text("{player} to move.", player=player)


def move_played_text(result: MovePlayed) -> Sentences:
    """``alice played 12. Nf3. Check! bob to move.`` and what else players must know: the
    answers prepared that followed, the ending, lapsed offers, a draw to claim, a vacation
    ended by the move; last, the opening reached."""
    played = played_text(result.mover.name, result.number, result.san)
    said = Sentences(played, _answers_text(result))
    if result.ending is not None:
        moved = Sentences(said, ended_text(result.ending))
    else:
        moved = Sentences(said, *_after_move(result, result.game))
    back = (
        Text("{player} is back from vacation: clocks run again.", player=result.mover.name)
        if result.vacation_ended
        else ""
    )
    return Sentences(moved, back, opening_text(result.game))
