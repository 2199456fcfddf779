"""Facts about games and players that the use cases and the core word or compute alike: how a
game ended, who may read it, labels, references, the language a player reads."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

import rules
from bot.i18n import Locale, current_locale
from bot.i18n.locale import resolve
from bot.service.errors import UnknownVariantError, VariantUnavailableError
from bot.service.notation import (
    stored_names,
)
from bot.service.replays import Replayed
from bot.service.results import (
    ChallengeView,
    GameChoice,
    Place,
    PlayerRef,
)
from bot.service.thematic_starts import opening_start
from bot.service.themes import DEFAULT_THEME
from bot.store import (
    Challenge,
    GamePlace,
    GameRecord,
    NotifyMode,
    Orientation,
    Player,
    RatingUpdate,
    RecentMove,
)
from rules import Color


def board_orientation(viewer: Player | None, seat: Color | None, to_move: Color) -> Color:
    """The side at the bottom of a board shown to ``viewer``: their own (``seat``) unless
    they chose the side to move; a spectator (no seat) sees the side to move."""
    if seat is not None and (viewer is None or viewer.orientation is Orientation.OWN):
        return seat
    return to_move


def may_read(record: GameRecord, user_id: int, place: Place) -> bool:
    """Whether ``user_id``, typing a command at ``place``, may see the game ``record``.

    Its players may, from anywhere. Anyone else only where the game lives, on its server:
    in its thread when it has one (a thread Postal opened for it is public, so its channel
    counts too), else in its channel. Discord tells a bot the member's permissions only for
    the channel the command comes from, so "where the game lives" is the one place where
    being able to type proves being able to see the game.
    """
    if record.has_player(user_id):
        return True
    if place.guild_id != record.guild_id:
        return False
    if record.thread_id is not None and place.thread_id == record.thread_id:
        return True
    in_channel = place.thread_id is None and place.channel_id == record.channel_id
    return in_channel and (record.thread_id is None or record.thread_owned)


def read_in_places(places: Iterable[GamePlace], place: Place) -> bool:
    """Whether a command typed at ``place`` is in one of a game's other places (a club
    match's game between servers: ``game_places``), where anyone there may read it as in
    its own place: in that server's thread of the game, or, that thread being the public
    one Postal opened, its channel."""
    return any(
        place.guild_id == there.guild_id
        and (
            (there.thread_id is not None and place.thread_id == there.thread_id)
            or (place.thread_id is None and place.channel_id == there.channel_id)
        )
        for there in places
    )


def reach(guild_id: int, viewer_id: int, target_id: int) -> int | None:
    """Which server's games a listing about ``target_id`` may show, asked on ``guild_id``
    by ``viewer_id``: that server's only (None: every server, for one's own games asked
    outside any server, where only the asker reads the answer; 0: games outside servers)."""
    if guild_id:
        return guild_id
    return None if viewer_id == target_id else 0


def rating_facts(ratings: RatingUpdate | None) -> tuple[float | None, ...] | None:
    """Rating changes as outbox facts: white before/after, black before/after."""
    if ratings is None:
        return None
    return (
        None if ratings.white_before is None else ratings.white_before.rating,
        ratings.white_after.rating,
        None if ratings.black_before is None else ratings.black_before.rating,
        ratings.black_after.rating,
    )


def told_by_mention(refs: dict[int, PlayerRef], closed: Iterable[int]) -> dict[int, PlayerRef]:
    """``refs`` with the players of ``closed`` (their DMs refused lately) told by mention."""
    shut = set(closed)
    return {
        player_id: dataclasses.replace(ref, notify=NotifyMode.CHANNEL) if player_id in shut else ref
        for player_id, ref in refs.items()
    }


def same_last_move(cached: Replayed, record: GameRecord) -> bool:
    """Whether ``record`` (read with its last move's version) has exactly the moves of the
    ``cached`` game: the same ply, and the row of the last move unchanged since (a move taken
    back and played again, or edited, has a new version)."""
    return (
        record.last_move_version is not None
        and cached.game.ply == record.ply
        and cached.move_version == record.last_move_version
    )


def refs_of(players: Mapping[int, Player], player_ids: Iterable[int]) -> dict[int, PlayerRef]:
    """``PlayerRef``s of ``player_ids`` from looked-up players (unknown ids get a name)."""
    return {player_id: _ref(players.get(player_id), player_id) for player_id in player_ids}


def _ref(player: Player | None, player_id: int) -> PlayerRef:
    if player is None:
        return PlayerRef(player_id, f"player {player_id}", NotifyMode.CHANNEL)
    return PlayerRef(
        player.id, player.display_name, player.notify, digest=player.digest_at is not None
    )


def game_choice(record: GameRecord, refs: dict[int, PlayerRef], viewer_id: int) -> GameChoice:
    """The game of ``record`` as ``viewer_id`` chooses it (a list of games, autocomplete)."""
    opponent = refs[record.opponent_of(viewer_id)].name if record.has_player(viewer_id) else None
    return GameChoice(
        record.id,
        record.variant,
        refs[record.white_id].name,
        refs[record.black_id].name,
        opponent,
        record.ply // 2 + 1,
        record.to_move_id == viewer_id,
    )


def only_placement_changed(before: GameRecord, after: GameRecord) -> bool:
    """Whether ``after`` is a later version of ``before`` that differs only in where the game
    is shown (its thread, its board message): a write refused for that may be tried again."""
    if after.version == before.version:
        return False
    shown = dataclasses.replace(
        after,
        version=before.version,
        thread_id=before.thread_id,
        thread_owned=before.thread_owned,
        message_id=before.message_id,
    )
    return shown == before


def game_place(record: GameRecord) -> Place:
    """Where the game of ``record`` lives (its thread or forum post, else its channel)."""
    return Place(record.guild_id, record.channel_id, record.thread_id)


def typed_away(place: Place | None, record: GameRecord) -> bool:
    """Whether a command typed at ``place`` is away from the game's place (another channel,
    a DM): what it changes is then posted in the game's place too."""
    return place is not None and place.target_id != game_place(record).target_id


def replace_record(record: GameRecord, **changes: object) -> GameRecord:
    """A copy of ``record`` with fields changed (after a successful write)."""
    return dataclasses.replace(record, **changes)  # type: ignore[arg-type]


def reader_locale(player: Player | None) -> Locale | None:
    """The language ``player`` reads Postal in as far as Postal knows it: their /settings
    choice, else their Discord app's; None when it knows neither (the console's players,
    who read the console's ``--locale``)."""
    if player is None or not (player.language or player.client_locale):
        return None
    try:
        chosen = Locale.parse(player.language) if player.language else None
    except ValueError:  # a language a later version removed: the app's counts
        chosen = None
    return resolve(chosen, user=player.client_locale)


def xiangqi_pieces_for(viewer: Player | None) -> str | None:
    """The xiangqi piece set ``viewer``'s boards are drawn with: their choice; else, for a
    reader of Simplified Chinese, ``simplified`` (a mainland reader's pieces and river in the
    characters they read: 帅车马, 汉界); else None, the renderer's default (traditional)."""
    if viewer is not None and viewer.xiangqi_pieces != DEFAULT_THEME:
        return viewer.xiangqi_pieces
    return "simplified" if _reads_simplified(viewer) else None


def _reads_simplified(viewer: Player | None) -> bool:
    """Whether ``viewer`` reads Simplified Chinese (``reader_locale``; for a viewer Postal
    knows no language of, the language of the command being answered)."""
    return (reader_locale(viewer) or current_locale()) is Locale.ZH_HANS


def named_moves(game: rules.Game, moves: Sequence[RecentMove]) -> list[RecentMove]:
    """``moves`` with the names of each stored without its Chinese made again from
    ``game``'s positions (a move ``game`` does not reach, newer than it, stays as stored)."""
    positions, played = game.positions, game.moves
    named = []
    for move in moves:
        if move.chinese is None and 0 < move.ply <= len(played):
            san, chinese = stored_names(positions[move.ply - 1], played[move.ply - 1])
            move = RecentMove(move.ply, move.uci, san, chinese)
        named.append(move)
    return named


def record_extension(variant: str) -> str:
    """The file extension of a game record of ``variant``: janggi's record is PGN as
    pychess-variants writes it, xiangqi's is its own dialect (``txt``)."""
    return "txt" if variant == "xiangqi" else "pgn"


def variant_named(name: str) -> rules.Variant:
    """The rules of ``name``; raises ``UnknownVariantError`` for an unknown game,
    ``VariantUnavailableError`` for one whose rules are missing."""
    if name not in rules.VARIANT_NAMES:
        raise UnknownVariantError(name, tuple(rules.VARIANT_NAMES))
    try:
        return rules.get_variant(name)
    except ImportError as error:
        raise VariantUnavailableError(name) from error


def challenge_view_of(challenge: Challenge, refs: Mapping[int, PlayerRef]) -> ChallengeView:
    """``challenge`` for the adapters, its players as ``refs`` has them."""
    return ChallengeView(
        id=challenge.id,
        challenger=refs[challenge.challenger_id],
        opponent=refs[challenge.opponent_id] if challenge.opponent_id is not None else None,
        variant=challenge.variant,
        color=challenge.color,
        days_per_move=challenge.days_per_move,
        untimed=challenge.untimed,
        increment_days=challenge.increment_days,
        cap_days=challenge.cap_days,
        weekends_off=challenge.weekends_off,
        rated=challenge.rated,
        start_fen=challenge.start_fen,
        expires_at=challenge.expires_at,
        guild_id=challenge.guild_id,
        channel_id=challenge.channel_id,
        thread_id=challenge.thread_id,
        message_id=challenge.message_id,
        opening=opening_start(challenge.variant, challenge.start_fen),
    )
