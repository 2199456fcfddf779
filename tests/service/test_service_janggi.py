"""Janggi through the service: a challenge by side (cho/han), moves in Korean notation,
coordinates and Fairy-Stockfish's SAN, passing, an ending by counting with its points, the
board image, the PGN record, ratings apart."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

import rules
from bot.service import GameService, MovePlayed, User, errors
from bot.service.janggi_setups import SetupError, SetupProblem
from bot.text.endings import ending_text
from bot.text.reports import record_text
from rules.janggi import Setup, start_fen
from tests.service.service_helpers import ALICE, BOB, PLACE, snapshot

# Cho's soldier in Korean notation, Han's in coordinates, Cho's horse in FSF SAN, then both
# pass: the game ends by counting (Han 73½ with its 1.5 against Cho's 72).
MOVES = ("79졸78", "c7c6", "Hc3", "한수쉼", "pass")


async def _started(service: GameService, color: str = "cho") -> int:
    created = await service.challenges.challenge(ALICE, PLACE, BOB, game="janggi", color=color)
    assert created.challenge.variant == "janggi"
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    return started.game.id


async def _play(
    service: GameService, moves: tuple[str, ...], cho: User = ALICE, han: User = BOB
) -> list[MovePlayed]:
    played = []
    for ply, text in enumerate(moves):
        result = await service.play.move(cho if ply % 2 == 0 else han, PLACE, text)
        assert isinstance(result, MovePlayed)
        played.append(result)
    return played


async def test_a_game_passes_and_ends_by_counting(service: GameService) -> None:
    """Moves in any janggi notation are answered in Korean notation; a pass answered by a
    pass ends the game by counting, worded with both counts; Cho is white (moves first)."""
    await _started(service)
    played = await _play(service, MOVES)
    assert [result.san for result in played] == ["79졸78", "43병53", "02마83", "한수쉼", "한수쉼"]
    assert [result.uci for result in played][3:] == ["e9e9", "e2e2"]
    assert [result.ending is None for result in played] == [True] * 4 + [False]
    with pytest.raises(errors.UserError):
        await service.play.move(BOB, PLACE, "e9e9")  # the game is over


async def test_counting_ends_the_game_with_its_points(service: GameService) -> None:
    """The ending carries both counts and is worded with them; the game is over."""
    game_id = await _started(service)
    played = await _play(service, ("79졸78", "c7c6", "e2e2", "e9e9"))
    ending = played[-1].ending
    assert ending is not None and ending.termination == "double_pass"
    assert ending.result == "0-1" and ending.points == (72.0, 73.5)
    assert ending_text(ending) == "Both sides passed — Han wins on points, 73½ to 72"
    view = await service.reports.game_view(game_id)
    assert (view.result, view.termination, view.active) == ("0-1", "double_pass", False)


async def test_the_board_is_a_janggi_board(service: GameService) -> None:
    """The board the service gives draws a 9 × 10 janggi board (PNG, decoded)."""
    await _started(service)
    await _play(service, ("79졸78",))
    shown = await service.play.board(BOB, PLACE)
    assert isinstance(shown.board.position, rules.get_variant("janggi").start().__class__)
    image = Image.open(io.BytesIO(shown.board.render_png()))
    assert image.format == "PNG" and image.height > image.width  # ten ranks, nine files


async def test_the_record_is_pychess_pgn(service: GameService) -> None:
    """/pgn gives PGN (and says so) with Variant janggi, the start FEN and SetUp, moves in
    Fairy-Stockfish's SAN, the ending's result; it reads back to the same moves."""
    game_id = await _started(service)
    await _play(service, ("79졸78", "c7c6", "e2e2", "e9e9"))
    export = await service.reports.record(ALICE, PLACE, game_id=game_id)
    assert export.filename == f"postal-janggi-{game_id}.pgn"
    assert record_text(export).startswith(f"PGN of alice vs bob · janggi (game #{game_id}).")
    assert '[Variant "janggi"]' in export.record and '[SetUp "1"]' in export.record
    assert "1. Pih4 Pc6 2. Ke2 Ke9 0-1" in export.record
    tags, game = rules.get_variant("janggi").read_record(export.record)
    assert tags["White"] == "alice" and tags["Result"] == "0-1"
    assert game.uci_moves() == ["i4h4", "c7c6", "e2e2", "e9e9"]


async def test_ratings_are_kept_apart(service: GameService) -> None:
    """A rated janggi result rates janggi only."""
    await _started(service, color="han")
    await _play(service, ("79졸78", "c7c6", "e2e2", "e9e9"), cho=BOB, han=ALICE)  # Han wins
    janggi = await service.reports.leaderboard(PLACE.guild_id, "janggi")
    assert [row.player.id for row in janggi.rows] == [ALICE.id, BOB.id]
    assert (await service.reports.leaderboard(PLACE.guild_id, "chess")).rows == ()


async def test_a_chess_colour_for_janggi_is_refused(
    service: GameService, db_path: Path | str
) -> None:
    """Janggi's sides are cho and han: 'white' is refused and nothing is written."""
    await service.challenges.challenge(ALICE, PLACE, BOB)  # the players exist
    before = snapshot(db_path)
    with pytest.raises(errors.UserError):
        await service.challenges.challenge(ALICE, PLACE, BOB, game="janggi", color="red")
    assert snapshot(db_path) == before


async def test_a_gif_of_a_janggi_game(service: GameService) -> None:
    """The GIF of a janggi game is drawn on the janggi board (taller than wide), a frame a
    position, the pass included."""
    game_id = await _started(service)
    await _play(service, MOVES)
    made = await service.after_game.animation(ALICE, PLACE, game_id=game_id)
    drawn = made.render(8 * 1024 * 1024)
    assert drawn.frames == len(MOVES) + 1
    with Image.open(io.BytesIO(drawn.data)) as image:
        assert image.format == "GIF" and getattr(image, "n_frames", 1) == len(MOVES) + 1
        assert image.height > image.width


async def test_the_challenger_chooses_their_setup(service: GameService) -> None:
    """setup:상마상마 as Han arranges Han's home row so (read from Han's own left, the
    i-file); Cho keeps the usual 마상상마; a start of two setups is rated, not custom."""
    created = await service.challenges.challenge(
        ALICE, PLACE, BOB, game="janggi", color="han", setup="상마상마"
    )
    assert created.challenge.start_fen == start_fen(Setup.MA_SANG_SANG_MA, Setup.SANG_MA_SANG_MA)
    assert created.challenge.rated
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    board = await service.play.board(BOB, PLACE, game_id=started.game.id)
    # Han's row read from Han's own left (the i-file): h 상, g 마, c 상, b 마.
    assert board.board.position.fen().split("/")[0] == "rnba1anbr"
    assert board.board.position.fen().endswith("/RNBA1ABNR w - - 0 1")


@pytest.mark.parametrize(
    ("game", "color", "setup", "fen", "problem"),
    [
        ("chess", "white", "마상마상", None, SetupProblem.NOT_JANGGI),
        ("janggi", "random", "마상마상", None, SetupProblem.NO_SIDE),
        ("janggi", "cho", "마마상상", None, SetupProblem.UNKNOWN),
        ("janggi", "cho", "마상마상", start_fen(), SetupProblem.WITH_OTHER_START),
    ],
)
async def test_bad_setups_are_refused_and_change_nothing(
    service: GameService,
    db_path: Path | str,
    game: str,
    color: str,
    setup: str,
    fen: str | None,
    problem: SetupProblem,
) -> None:
    await service.challenges.challenge(ALICE, PLACE, BOB)  # the players exist
    before = snapshot(db_path)
    with pytest.raises(SetupError) as raised:
        await service.challenges.challenge(
            ALICE, PLACE, BOB, game=game, color=color, setup=setup, fen=fen
        )
    assert raised.value.problem is problem
    assert snapshot(db_path) == before
