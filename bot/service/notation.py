"""Which notation a player reads moves in: the xiangqi notation they chose, or the one they
typed the move in (a move typed in Chinese is answered in Chinese unless they chose another).
Chess moves are SAN, said with the reader's piece letters (``ChessMove``: French ``Cf3``);
records, PGN and stored moves keep standard English SAN. A stored xiangqi move keeps its
WXF (``san``) and its Chinese (``chinese``, simplified) whatever its mover reads, so each
reader reads the moves under a board in their own notation (``recent_line``). A janggi move
is kept in Korean notation (``san``) and coordinates (``uci``): a message for one player
names it as they chose (``janggi_reading``), a shared one in Korean, the game's own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from bot.i18n.text import Joined, Text
from bot.service.reading import piece_letters, reads_chinese, reads_traditional
from bot.store import JanggiNotation, Player, RecentMove, XiangqiNotation
from rules import Move, Position
from rules.xiangqi.notation import traditional
from rules.xiangqi.position import XiangqiPosition

MoveNamer = Callable[[Move], str]


class ChessMove(Text):
    """A chess move in a sentence. Its str value is standard (English) SAN, what records,
    PGN, logs and stored moves keep; said (``bot.i18n.text.say``), it is written with the
    reader's piece letters, the ones they type: ``Cf3``, ``Dxd7``, ``e8=D`` in French.
    Korean, Japanese and Chinese players type and read the English letters."""

    def __new__(cls, san: str) -> ChessMove:
        made = str.__new__(cls, san)
        made.template = ""
        made.fields = {}
        return made

    def said(self) -> str:
        return piece_letters().from_english(str(self))


class XiangqiMove(Text):
    """A xiangqi move in a sentence made before its reader is known (an analysis, worded
    for each of its askers when shown): its str value is WXF; said, it is in Chinese (in
    the reader's characters) to a reader of Chinese, WXF to the rest, the default of the
    reader's language (what they chose in /settings is not known where it is said)."""

    chinese: str

    def __new__(cls, wxf: str, chinese: str) -> XiangqiMove:
        made = str.__new__(cls, wxf)
        made.template = ""
        made.fields = {}
        made.chinese = chinese
        return made

    def said(self) -> str:
        if not reads_chinese():
            return str(self)
        return traditional(self.chinese) if reads_traditional() else self.chinese


def chess_namer(position: Position) -> MoveNamer:
    """Names moves from chess ``position`` as ``ChessMove``s (SAN, said in the reader's
    letters)."""
    return lambda move: ChessMove(position.san(move))


def move_name(position: Position, move: Move) -> str:
    """``move`` from ``position`` in standard notation, for a sentence: a ``ChessMove`` in
    chess (said in the reader's piece letters), WXF in xiangqi."""
    if isinstance(position, XiangqiPosition):
        return position.san(move)
    return ChessMove(position.san(move))


def said_move(position: Position, move: Move) -> str:
    """``move`` from ``position`` for a sentence whose reader is not known yet: a
    ``ChessMove`` in chess, a ``XiangqiMove`` in xiangqi (Chinese to a reader of Chinese)."""
    if isinstance(position, XiangqiPosition):
        return XiangqiMove(position.san(move), position.chinese(move))
    return ChessMove(position.san(move))


def stored_names(position: Position, move: Move) -> tuple[str, str | None]:
    """What a move's row keeps of its names: standard SAN (chess) or WXF (xiangqi), and the
    xiangqi move in Chinese notation, simplified (None in chess). Raises
    ``rules.IllegalMoveError`` for a move that is not legal in ``position``."""
    if isinstance(position, XiangqiPosition):
        return position.san(move), position.chinese(move)
    return position.san(move), None


def xiangqi_name(move: RecentMove, notation: XiangqiNotation) -> str:
    """Stored xiangqi ``move`` in ``notation``: WXF, ICCS, or Chinese in the reader's
    characters. A move stored before its Chinese was kept (``chinese`` None) reads as its
    mover named it."""
    if notation is XiangqiNotation.ICCS:
        return move.uci
    if notation is XiangqiNotation.WXF or move.chinese is None:
        return move.san
    return traditional(move.chinese) if reads_traditional() else move.chinese


def recent_line(
    moves: Sequence[RecentMove],
    start_fen: str,
    *,
    chess: bool,
    notation: XiangqiNotation,
    janggi: JanggiNotation = JanggiNotation.KOREAN,
) -> str:
    """A game's last ``moves`` as the line under its board (``numbered_line``): chess moves
    as ``ChessMove``s, xiangqi moves in ``notation`` (see ``xiangqi_name``), janggi moves
    (``chess`` too: kept as their names) in coordinates when ``janggi`` says so."""
    if chess and janggi is JanggiNotation.COORDINATES:
        return numbered_line([(m.ply, m.uci) for m in moves], start_fen)
    if chess:
        return numbered_line([(m.ply, m.san) for m in moves], start_fen, chess=True)
    return numbered_line([(m.ply, xiangqi_name(m, notation)) for m in moves], start_fen)


def is_chinese(text: str) -> bool:
    """Whether ``text`` is written with Chinese characters (炮二平五, 車九進一)."""
    return any("\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff" for char in text)


def reading_notation(player: Player | None, typed: str = "") -> XiangqiNotation:
    """The xiangqi notation to show ``player`` moves in: their choice; else Chinese when
    what they ``typed`` was Chinese or they read Postal in Chinese; else WXF."""
    if player is not None and player.xiangqi_notation is not None:
        return player.xiangqi_notation
    return XiangqiNotation.CHINESE if is_chinese(typed) or reads_chinese() else XiangqiNotation.WXF


def is_hangul(text: str) -> bool:
    """Whether ``text`` is written with Hangul syllables (79졸78, 한수쉼)."""
    return any("\uac00" <= char <= "\ud7a3" for char in text)


def janggi_reading(player: Player | None, typed: str = "") -> JanggiNotation:
    """The janggi notation to show ``player`` moves in, in a message for them alone: Korean
    when what they ``typed`` was Korean; else their choice; else Korean."""
    if is_hangul(typed) or player is None or player.janggi_notation is None:
        return JanggiNotation.KOREAN
    return player.janggi_notation


def janggi_namer(position: Position, notation: JanggiNotation) -> MoveNamer:
    """How to name janggi moves from ``position``: coordinates (``i4h4``) or Korean."""
    return position.uci if notation is JanggiNotation.COORDINATES else chess_namer(position)


def report_namer(variant: str, reader: Player | None) -> Callable[[Position, Move], str]:
    """How a report made for ``reader`` names moves (it may be worded later, by another
    task): janggi in their notation (``janggi_reading``); xiangqi in the one they chose,
    else said in their language's default; chess as SAN said in their letters
    (``said_move``)."""
    if variant == "janggi":
        chosen = janggi_reading(reader)
        return lambda position, move: janggi_namer(position, chosen)(move)
    if variant == "xiangqi" and reader is not None and reader.xiangqi_notation is not None:
        notation = reader.xiangqi_notation
        return lambda position, move: namer(position, notation)(move)
    return said_move


def namer(position: Position, notation: XiangqiNotation) -> MoveNamer:
    """How to name moves from ``position`` in ``notation`` (SAN for chess, whatever asked)."""
    if not isinstance(position, XiangqiPosition):
        return chess_namer(position)
    if notation is XiangqiNotation.WXF:
        return position.san
    if notation is XiangqiNotation.ICCS:
        return position.uci
    if reads_traditional():
        return partial(position.chinese, traditional=True)
    return position.chinese


def numbered_line(moves: Sequence[tuple[int, str]], start_fen: str, *, chess: bool = False) -> str:
    """Stored moves as (ply, SAN/WXF), oldest first, with their move numbers counted from
    the game's ``start_fen`` (``9. Nf3 Nc6 10. Bb5``; a line starting with Black's move
    reads ``9... Nc6``); empty for no moves. With ``chess``, each move is a ``ChessMove``
    (said with the reader's piece letters); its str value is the same line."""
    fields = start_fen.split() if start_fen else []
    black_first = len(fields) > 1 and fields[1] == "b"
    first_number = int(fields[-1]) if fields and fields[-1].isdigit() else 1
    words: list[str] = []
    for index, (ply, san) in enumerate(moves):
        half = ply - 1 + (1 if black_first else 0)
        number = first_number + half // 2
        if half % 2 == 0:
            words.append(f"{number}.")
        elif index == 0:
            words.append(f"{number}...")
        words.append(ChessMove(san) if chess else san)
    return Joined(" ", words)
