"""The buttons a board message carries: what can be done from the board at that moment.

Pure functions of a ``GameView``: adapters attach them to every board they show in the
game's place. Each control carries the ply the board shows, so a press on an older board is
refused (``GameChangedError``) even if its buttons were not removed yet.
"""

from __future__ import annotations

from bot.service.results import Button, ButtonAction, ButtonLabel, ButtonStyle, GameView
from bot.store import team_of_player

# The controls that act on the position shown: refused once the game has moved on.
PLY_BOUND_ACTIONS = frozenset(
    {
        ButtonAction.MOVE_MENU,
        ButtonAction.LEGAL_MENU,
        ButtonAction.OFFER_DRAW,
        ButtonAction.ASK_TAKEBACK,
        ButtonAction.ASK_RESIGN,
        ButtonAction.TYPE_MOVE,
        ButtonAction.PICK_PIECE,
        ButtonAction.PICK_TARGET,
        ButtonAction.PICK_LEGAL,
        ButtonAction.TYPED_MOVE,
        ButtonAction.CONFIRM_MOVE,
        ButtonAction.VOTE_MENU,
        ButtonAction.CAST_VOTE,
        ButtonAction.NOMINATE_PIECE,
        ButtonAction.NOMINATE_TARGET,
    }
)


def board_controls(game: GameView) -> tuple[Button, ...]:
    """While the game runs: Move… (the player to move), Draw, Takeback and Resign (the
    players), Legal moves (anyone who sees the board). After it: Rematch (the players; none
    in a vote game, its team formed for that game alone, nor in a club match's game), GIF
    and PGN (anyone)."""
    players = (game.white.id, game.black.id)
    if game.active:
        ply = str(game.ply)
        return (
            _move_button(game, ply),
            Button(ButtonLabel.DRAW, ButtonAction.OFFER_DRAW, game.id, ply, players),
            Button(ButtonLabel.TAKEBACK, ButtonAction.ASK_TAKEBACK, game.id, ply, players),
            Button(
                ButtonLabel.RESIGN,
                ButtonAction.ASK_RESIGN,
                game.id,
                ply,
                players,
                ButtonStyle.DANGER,
            ),
            Button(ButtonLabel.LEGAL_MOVES, ButtonAction.LEGAL_MENU, game.id, ply),
        )
    records = (
        Button(ButtonLabel.GIF, ButtonAction.GIF, game.id),
        Button(ButtonLabel.PGN, ButtonAction.PGN, game.id),
    )
    if has_team(game) or game.in_match:
        return records
    rematch = Button(
        ButtonLabel.REMATCH, ButtonAction.REMATCH, game.id, "", players, ButtonStyle.PRIMARY
    )
    return (rematch, *records)


def has_team(game: GameView) -> bool:
    """Whether a team sits in ``game`` (vote chess): a team is formed for one game, so
    there is no rematch of it."""
    return any(team_of_player(seat.id) is not None for seat in (game.white, game.black))


def _move_button(game: GameView, ply: str) -> Button:
    """Move… for the player to move; for a team to move (vote chess), Vote…: its members
    are known only when they press (a role's holders then), so the service checks them."""
    to_move = game.to_move
    pressers: tuple[int, ...]
    if to_move is not None and team_of_player(to_move.id) is not None:
        label, action, pressers = ButtonLabel.VOTE, ButtonAction.VOTE_MENU, ()
    else:
        label, action = ButtonLabel.MOVE, ButtonAction.MOVE_MENU
        pressers = (to_move.id,) if to_move is not None else (game.white.id, game.black.id)
    return Button(label, action, game.id, ply, pressers, ButtonStyle.PRIMARY)


def ply_of(argument: str) -> int | None:
    """The ply an argument ``ply[:more]`` names, None when it names none."""
    head = argument.split(":", 1)[0]
    return int(head) if head.isdigit() else None
