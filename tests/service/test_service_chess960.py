"""Chess960 through the service: numbered and random starts, castling both ways (O-O and
king takes rook), records with their variant and start, ratings apart from chess, refusals."""

from __future__ import annotations

import io
import random
from pathlib import Path
from urllib.parse import unquote

import pytest
from PIL import Image

import rules
from bot.service import GameService, MovePlayed, MovePreview, errors
from bot.service.chess960_starts import StartNumberError, StartNumberProblem, random_start_number
from bot.service.option_errors import UnratableError
from bot.service.tournament.going_on import round_starts
from rules.chess960 import start_fen
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot

# Start 195: king e1 between rooks d1 and g1. White's O-O is the king taking its g1 rook
# (e1g1: king to g1, rook to f1); black's O-O-O leaves the d8 rook where it stands.
START = 195
CASTLING = ("Ne3", "Nd6", "O-O", "e8d8")
AFTER = "bqkr1nrb/pppppppp/3n4/8/8/4N3/PPPPPPPP/BQNR1RKB w - - 4 3"


async def _started(service: GameService, position: int | None = START) -> int:
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess960", color="white", position=position
    )
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    return started.game.id


async def test_a_numbered_start_is_played_with_castling_both_ways(service: GameService) -> None:
    """``position:195`` starts from that arrangement; O-O and king-takes-rook castle as the
    Chess960 rules place king and rook; the game is rated by default (a 960 start is no
    custom position)."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess960", color="white", position=START
    )
    assert created.challenge.start_fen == start_fen(START) and created.challenge.rated
    await service.challenges.accept_challenge(BOB, created.challenge.id)
    played = []
    for ply, text in enumerate(CASTLING):
        result = await service.play.move(ALICE if ply % 2 == 0 else BOB, PLACE, text)
        assert isinstance(result, MovePlayed)
        played.append((result.san, result.uci))
    assert played[2:] == [("O-O", "e1g1"), ("O-O-O", "e8d8")]
    board = await service.play.board(ALICE, PLACE)
    assert board.board.position.fen() == AFTER


async def test_castling_is_offered_by_autocomplete(service: GameService) -> None:
    """Once the squares are free, the suggestions for ``O`` are the castling moves."""
    await _started(service)
    await service.play.move(ALICE, PLACE, "Ne3")
    await service.play.move(BOB, PLACE, "Nd6")
    assert await service.play.legal_move_suggestions(ALICE, PLACE, "O") == ["O-O"]


async def test_an_omitted_start_is_drawn_from_the_generator(service: GameService) -> None:
    """Without ``position`` the start is drawn: the same seed, the same start."""
    service.challenges.start_draw = random.Random(7)
    expected = random_start_number(random.Random(7))
    created = await service.challenges.challenge(ALICE, PLACE, BOB, game="chess960")
    assert created.challenge.start_fen == start_fen(expected)
    assert {random_start_number(random.Random(seed)) for seed in range(50)} <= set(range(960))


async def test_the_record_names_the_variant_and_start(service: GameService) -> None:
    """The PGN carries ``[Variant "Chess960"]`` and the start's FEN, reads back to the same
    moves, and the analysis link gives lichess the game: its variant, start and moves."""
    game_id = await _started(service)
    for ply, text in enumerate(CASTLING):
        await service.play.move(ALICE if ply % 2 == 0 else BOB, PLACE, text)
    export = await service.reports.record(ALICE, PLACE, game_id=game_id)
    assert export.filename == f"postal-chess960-{game_id}.pgn"
    tags, game = rules.get_variant("chess960").read_record(export.record)
    assert tags["Variant"] == "Chess960" and tags["FEN"] == start_fen(START)
    assert game.uci_moves() == ["f1e3", "c8d6", "e1g1", "e8d8"]
    # The link carries the whole game (start and moves), not only its final position.
    assert export.analysis_url is not None
    assert unquote(export.analysis_url) == (
        f'https://lichess.org/analysis/pgn/[Variant "Chess960"]\n[FEN "{start_fen(START)}"]\n\n'
        "1. Ne3 Nd6 2. O-O O-O-O"
    )


async def test_ratings_are_kept_apart_from_chess(service: GameService) -> None:
    """A rated Chess960 result rates Chess960 only: the chess table stays empty."""
    game_id = await _started(service)
    for ply, text in enumerate(CASTLING):
        await service.play.move(ALICE if ply % 2 == 0 else BOB, PLACE, text)
    await service.endings.confirm_resign(BOB, game_id)
    chess960 = await service.reports.leaderboard(PLACE.guild_id, "chess960")
    assert [row.player.id for row in chess960.rows] == [ALICE.id, BOB.id]
    assert (await service.reports.leaderboard(PLACE.guild_id, "chess")).rows == ()
    stats = await service.reports.stats(ALICE, place=PLACE)
    assert [(row.variant, row.wins) for row in stats.variants] == [("chess960", 1)]


@pytest.mark.parametrize(
    ("game", "position", "fen", "problem"),
    [
        ("chess960", 960, None, StartNumberProblem.RANGE),
        ("chess960", -1, None, StartNumberProblem.RANGE),
        ("chess", 5, None, StartNumberProblem.NOT_CHESS960),
        ("chess960", 5, start_fen(6), StartNumberProblem.WITH_FEN),
    ],
)
async def test_bad_start_numbers_are_refused_and_change_nothing(
    service: GameService,
    db_path: Path | str,
    game: str,
    position: int,
    fen: str | None,
    problem: StartNumberProblem,
) -> None:
    """A number out of 0–959, a number for standard chess, or a number with a FEN is
    refused with its reason; nothing is written."""
    await service.challenges.challenge(ALICE, PLACE, BOB)  # the players exist
    before = snapshot(db_path)
    with pytest.raises(StartNumberError) as raised:
        await service.challenges.challenge(
            ALICE, PLACE, BOB, game=game, position=position, fen=fen, color="black"
        )
    assert raised.value.problem is problem
    assert snapshot(db_path) == before


async def test_a_custom_chess960_position_cannot_be_rated(service: GameService) -> None:
    """A FEN that is none of the 960 starts is a custom position (unrated); a FEN of a
    start is that start, and rated."""
    custom = "bqkr1nrb/pppppppp/3n4/8/8/4N3/PPPPPPPP/BQNR1RKB w - - 4 3"
    with pytest.raises(UnratableError):
        await service.challenges.challenge(
            ALICE, PLACE, BOB, game="chess960", fen=custom, rated=True
        )
    created = await service.challenges.challenge(ALICE, PLACE, BOB, game="chess960", fen=custom)
    assert not created.challenge.rated
    numbered = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="chess960", fen=start_fen(12), color="black"
    )
    assert numbered.challenge.rated and numbered.challenge.start_fen == start_fen(12)


async def test_an_illegal_castle_is_explained(service: GameService) -> None:
    """Castling through occupied squares is refused as illegal, naming the move."""
    await _started(service)
    with pytest.raises(errors.IllegalMoveError) as raised:
        await service.play.move(ALICE, PLACE, "O-O")
    assert raised.value.text == "O-O"


async def test_the_kings_menu_offers_castling_and_plays_it(service: GameService) -> None:
    """Move… → the king: its destinations include O-O (sent as the king taking its rook,
    e1g1), and choosing it castles (previewed first where the player confirms moves)."""
    game_id = await _started(service)
    await service.play.move(ALICE, PLACE, "Ne3")
    await service.play.move(BOB, PLACE, "Nd6")
    menu = await service.board_menus.move_menu(ALICE, game_id, "2")
    kings = [o for page in menu.menus for o in page.choices if o.piece == "k"]
    assert [o.square for o in kings] == ["e1"]
    targets = await service.board_menus.pick_piece(ALICE, game_id, "2", ("e1",))
    castle = [o for page in targets.menus for o in page.choices if o.move == "O-O"]
    assert [(o.value, o.square) for o in castle] == [("e1g1", "g1")]
    page = targets.menus[0]
    chosen = await service.board_menus.pick_target(ALICE, game_id, page.argument, ("e1g1",))
    if isinstance(chosen, MovePreview):
        assert (chosen.san, chosen.uci) == ("O-O", "e1g1")
        chosen = await service.board_menus.confirm_move(ALICE, game_id, "2:e1g1")
    assert isinstance(chosen, MovePlayed) and chosen.san == "O-O"


async def test_a_conditional_line_may_castle(service: GameService) -> None:
    """A conditional line reads 960 castling (O-O-O) and plays it when its move comes."""
    game_id = await _started(service)
    added = await service.conditional.add(BOB, None, "Ne3 Nd6 O-O O-O-O", game_id=game_id)
    assert [m.notation for m in added.line.moves] == ["Ne3", "Nd6", "O-O", "O-O-O"]
    await service.play.move(ALICE, PLACE, "Ne3")  # bob's Nd6 answers by itself
    await service.play.move(ALICE, PLACE, "O-O")  # and then his O-O-O
    board = await service.play.board(ALICE, PLACE)
    assert board.board.position.fen() == AFTER


async def test_a_gif_of_a_chess960_game(service: GameService) -> None:
    """The GIF of a 960 game is drawn on the chess board, a frame a position."""
    game_id = await _started(service)
    for ply, text in enumerate(CASTLING):
        await service.play.move(ALICE if ply % 2 == 0 else BOB, PLACE, text)
    made = await service.after_game.animation(ALICE, PLACE, game_id=game_id)
    drawn = made.render(8 * 1024 * 1024)
    assert drawn.frames == len(CASTLING) + 1
    with Image.open(io.BytesIO(drawn.data)) as image:
        assert image.format == "GIF" and getattr(image, "n_frames", 1) == len(CASTLING) + 1


def test_a_chess960_tournament_draws_one_start_per_round() -> None:
    """Every board of a round plays that round's start; standard games keep their own."""
    chess960 = rules.get_variant("chess960")
    starts = round_starts(chess960, {1, 2, 3}, random.Random(3))
    drawn = random.Random(3)
    assert starts == {n: start_fen(random_start_number(drawn)) for n in (1, 2, 3)}
    assert round_starts(rules.get_variant("chess"), {1, 2}) == dict.fromkeys(
        (1, 2), rules.get_variant("chess").start_fen
    )
