"""Analysis links and marks for the newer games: a Chess960 game's lichess link carries its
variant, start and moves (read back by python-chess to the same final position), a long one
falls back to the final position; a janggi game's link opens pychess-variants' janggi
analysis board on the game's position (the address its own server reads); Chess960 castling
(stored king-takes-rook) is marked from the king's square to where the king lands, on the
board and in the GIF."""

from __future__ import annotations

import io
from urllib.parse import parse_qs, unquote, urlsplit

import chess
import chess.pgn
import pytest
from PIL import Image

import rules
from bot.render import marked_move
from bot.service import GameService, MovePlayed
from bot.service.analysis_links import MAX_URL_LENGTH, analysis_url
from rules import Move
from rules.chess960 import start_fen
from tests.service.service_helpers import ALICE, BOB, PLACE

# Start 195 (king e1 between rooks d1 and g1): black's O-O-O is the king taking its d8 rook
# (e8d8), the king landing on c8.
START = 195
CHESS960 = rules.get_variant("chess960")
CASTLING = ("Ne3", "Nd6", "O-O", "O-O-O")
E8, D8, C8 = (CHESS960.parse_square(name) for name in ("e8", "d8", "c8"))


async def _played(
    service: GameService, game: str, moves: tuple[str, ...], **options: object
) -> int:
    color = "cho" if game == "janggi" else "white"
    created = await service.challenges.challenge(
        ALICE,
        PLACE,
        BOB,
        game=game,
        color=color,
        **options,  # type: ignore[arg-type]
    )
    started = await service.challenges.accept_challenge(BOB, created.challenge.id)
    for ply, text in enumerate(moves):
        result = await service.play.move(ALICE if ply % 2 == 0 else BOB, PLACE, text)
        assert isinstance(result, MovePlayed)
    return started.game.id


LICHESS_PGN = "https://lichess.org/analysis/pgn/"


def as_lila_reads(url: str) -> str:
    """The PGN lichess's analysis board is given from ``url``, read as lila reads it: the
    route ``GET /analysis/pgn/*pgn`` (conf/routes) hands the rest of the path, still
    encoded, to ``UserAnalysis.pgn``, which keeps its first 5,000 characters, decodes it as
    a path (Play's ``UriEncoding.decodePath``: ``%XX`` only, a ``+`` stays a ``+``), then
    reads each ``_`` and ``+`` as a space (lichess-org/lila app/controllers/UserAnalysis.scala);
    the browser imports that text with its tags (ui/analyse/src/pgnImport.ts, chessops)."""
    assert url.startswith(LICHESS_PGN)
    path = url.removeprefix(LICHESS_PGN)[:5000]
    return unquote(path).replace("_", " ").replace("+", " ").strip()


@pytest.mark.parametrize(
    ("start", "moves"), [(START, CASTLING), (518, ("e4", "f6", "Qh5+", "g6", "Qxg6+"))]
)
async def test_a_chess960_link_carries_the_game(
    service: GameService, start: int, moves: tuple[str, ...]
) -> None:
    """The lichess link is a PGN with the variant and start, tags one a line: read as lila
    reads it (checks' ``+`` become spaces), python-chess reads it as a Chess960 game and
    reaches the game's own final position."""
    game_id = await _played(service, "chess960", moves, position=start)
    export = await service.reports.record(ALICE, PLACE, game_id=game_id)
    assert export.analysis_url is not None
    pgn = as_lila_reads(export.analysis_url)
    assert pgn.startswith('[Variant "Chess960"]\n[FEN "')
    read = chess.pgn.read_game(io.StringIO(pgn))
    assert read is not None and read.board().chess960 and not read.errors
    assert len(list(read.mainline_moves())) == len(moves)
    final = read.end().board()
    board = await service.play.board(ALICE, PLACE, game_id=game_id)
    assert final.board_fen() == board.board.position.fen().split()[0]


async def test_a_chess_link_carries_the_moves(service: GameService) -> None:
    """A standard game's link is its numbered moves alone, read back as lila reads them."""
    game_id = await _played(service, "chess", ("e4", "f6", "Qh5+", "g6", "Qxg6+"))
    export = await service.reports.record(ALICE, PLACE, game_id=game_id)
    assert export.analysis_url is not None
    pgn = as_lila_reads(export.analysis_url)
    assert pgn == "1. e4 f6 2. Qh5  g6 3. Qxg6"
    read = chess.pgn.read_game(io.StringIO(pgn))
    assert read is not None and not read.errors and read.end().board().is_check()


def test_a_long_chess960_game_links_its_final_position() -> None:
    """Past the length a link may have, the link opens the final position on lichess's
    Chess960 board, as before."""
    game = rules.Game(rules.get_variant("chess960"), start_fen(START))
    shuffle = ("f1e3", "f8e6", "e3f1", "e6f8") * 100
    game = game.extended(shuffle)
    url = analysis_url(game)
    assert url is not None and len(url) <= MAX_URL_LENGTH
    assert url == "https://lichess.org/analysis/chess960/" + game.position.fen().replace(" ", "_")


async def test_a_janggi_link_opens_pychess_variants(service: GameService) -> None:
    """The janggi link is pychess-variants' analysis board with the game's position in its
    ``fen`` query, spaces written as ``_`` (as its server reads them back)."""
    game_id = await _played(service, "janggi", ("79졸78", "c7c6"))
    export = await service.reports.record(ALICE, PLACE, game_id=game_id)
    assert export.analysis_url is not None
    parts = urlsplit(export.analysis_url)
    assert (parts.scheme, parts.netloc, parts.path) == (
        "https",
        "www.pychess.org",
        "/analysis/janggi",
    )
    (fen,) = parse_qs(parts.query)["fen"]
    board = await service.play.board(ALICE, PLACE, game_id=game_id)
    assert fen.replace(".", "+").replace("_", " ") == board.board.position.fen()
    assert " " not in fen


async def test_chess960_castling_marks_the_kings_path(service: GameService) -> None:
    """After black's O-O-O (stored e8d8, the king taking its rook), the board marks e8 and
    c8, where the king went, not the rook's square d8; the GIF's last frame marks the same."""
    game_id = await _played(service, "chess960", CASTLING, position=START)
    shown = await service.play.board(ALICE, PLACE, game_id=game_id)
    assert shown.board.last_move == Move(E8, C8)
    before = rules.Game(rules.get_variant("chess960"), start_fen(START)).extended(
        ["f1e3", "c8d6", "e1g1"]
    )
    assert marked_move(before.position, Move(E8, D8)) == Move(E8, C8)
    assert marked_move(before.position, Move(E8, CHESS960.parse_square("f8"))) == Move(
        E8, CHESS960.parse_square("f8")
    )
    made = (await service.after_game.animation(ALICE, PLACE, game_id=game_id)).render(1 << 23)
    with Image.open(io.BytesIO(made.data)) as gif:
        assert gif.format == "GIF" and getattr(gif, "n_frames", 1) == len(CASTLING) + 1
