"""Where a game's record can be analysed in a browser: lichess for chess and Chess960,
pychess-variants for janggi (none for xiangqi).

- lichess reads a game from the address ``/analysis/pgn/<PGN>`` (lila's conf/routes,
  ``GET /analysis/pgn/*pgn``): ``UserAnalysis.pgn`` (app/controllers/UserAnalysis.scala)
  keeps the path's first 5,000 characters, percent-decodes it as a path and reads ``_``
  and ``+`` as spaces (so a check's ``+`` is dropped, harmlessly; SAN needs none), and the
  browser imports the text with chessops (ui/analyse/src/pgnImport.ts): tags one a line,
  ``[Variant "Chess960"]`` (chessops' ``parseVariant`` knows it) and ``[FEN]`` (X-FEN or
  Shredder-FEN castling) give a 960 game its start and the moves after it. A position
  alone opens from ``/analysis/<variant>/<FEN>`` with the FEN's spaces as ``_``.
- pychess-variants opens ``/analysis/janggi?fen=<FEN>`` (its ``views/analysis.py`` reads the
  ``fen`` query with ``_`` for spaces and ``.`` for ``+``); it takes no moves in an address
  (a game is imported by a form), so the link shows the game's latest position.
"""

from __future__ import annotations

from urllib.parse import quote

from rules import Game

LICHESS_ANALYSIS = "https://lichess.org/analysis"
PYCHESS_ANALYSIS = "https://www.pychess.org/analysis"
MAX_URL_LENGTH = 1900  # Discord and browsers cope; longer games link to the final position


def analysis_url(game: Game) -> str | None:
    """Where ``game`` can be analysed: its moves where the site reads them from a link, else
    its latest position; None where no site analyses the variant (xiangqi)."""
    name = game.variant.name
    if name == "janggi":
        fen = game.position.fen().replace("+", ".").replace(" ", "_")
        return f"{PYCHESS_ANALYSIS}/janggi?fen={quote(fen, safe='/_.')}"
    if name not in ("chess", "chess960"):
        return None
    moves = _numbered(game.san_moves())
    if name == "chess960" and moves:
        # The start as PGN tags, one a line as PGN writes them: lichess's import sets up the
        # 960 position from them.
        tags = f'[Variant "Chess960"]\n[FEN "{game.start.fen()}"]\n\n'
        url = f"{LICHESS_ANALYSIS}/pgn/{quote(tags + moves, safe='/')}"
        if len(url) <= MAX_URL_LENGTH:
            return url
    elif game.is_standard_start() and moves:
        url = f"{LICHESS_ANALYSIS}/pgn/{quote(moves, safe='')}"
        if len(url) <= MAX_URL_LENGTH:
            return url
    board = "chess960" if name == "chess960" else "standard"
    return f"{LICHESS_ANALYSIS}/{board}/{_url_fen(game)}"


def _numbered(sans: list[str]) -> str:
    """SAN moves with their move numbers: ``1. e4 e5 2. Nf3``."""
    words = []
    for index, san in enumerate(sans):
        if index % 2 == 0:
            words.append(f"{index // 2 + 1}.")
        words.append(san)
    return " ".join(words)


def _url_fen(game: Game) -> str:
    """The FEN of ``game``'s position as lichess reads it in a link (spaces as ``_``)."""
    return quote(game.position.fen().replace(" ", "_"), safe="/_")
