"""The buttons a board message carries: what can be done from the board at that moment.

Pure functions of a ``GameView``: adapters attach them to every board they show in the
game's place. Each control carries the ply the board shows, so a press on an older board is
refused (``GameChangedError``) even if its buttons were not removed yet.
"""

from __future__ import annotations

from bot.service.results import Button, ButtonAction, ButtonLabel, ButtonStyle, GameView

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
    }
)


def board_controls(game: GameView) -> tuple[Button, ...]:
    """While the game runs: Move… (the player to move), Draw, Takeback and Resign (the
    players), Legal moves (anyone who sees the board). After it: Rematch (the players),
    GIF and PGN (anyone)."""
    players = (game.white.id, game.black.id)
    if game.active:
        ply = str(game.ply)
        mover = (game.to_move.id,) if game.to_move is not None else players
        return (
            Button(
                ButtonLabel.MOVE,
                ButtonAction.MOVE_MENU,
                game.id,
                ply,
                mover,
                ButtonStyle.PRIMARY,
            ),
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
    return (
        Button(
            ButtonLabel.REMATCH,
            ButtonAction.REMATCH,
            game.id,
            "",
            players,
            ButtonStyle.PRIMARY,
        ),
        Button(ButtonLabel.GIF, ButtonAction.GIF, game.id),
        Button(ButtonLabel.PGN, ButtonAction.PGN, game.id),
    )


def ply_of(argument: str) -> int | None:
    """The ply an argument ``ply[:more]`` names, None when it names none."""
    head = argument.split(":", 1)[0]
    return int(head) if head.isdigit() else None
