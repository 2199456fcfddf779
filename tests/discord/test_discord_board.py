"""The board message: a game played with its buttons, select menus and form only."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime
from types import SimpleNamespace

import pytest
from PIL import GifImagePlugin, Image

import rules
from bot.discord import boards as board_worker
from bot.discord.boards import BoardRetirer
from bot.discord.pacing import OldEdits
from bot.discord.views import layout_view
from bot.service import ManualClock, User
from bot.store import OldBoard, Store
from tests.discord.harness import OPENED, Harness, board_image, command, start_game
from tests.fakediscord import FakeChannel, FakeDiscord, FakeInteraction, FakeMessage, FakeUser

CONTROLS = ["Move…", "Draw", "Takeback", "Resign", "Legal moves"]
AFTER_GAME = ["Rematch", "GIF", "PGN"]


def labels(message: FakeMessage) -> list[str]:
    return [str(button.get("label")) for button in message.buttons()]


def boards(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    """The board messages in ``channel``, oldest first."""
    return [m for m in fake.channel_messages(channel.id) if m.layout and not m.ephemeral]


async def answer(fake: FakeDiscord, interaction: FakeInteraction) -> FakeMessage:
    """The bot's own new message for ``interaction`` (not the message it updated)."""

    def found() -> FakeMessage | None:
        new = [m for m in interaction.messages() if m.interaction_id == interaction.id]
        return new[0] if new else None

    message: FakeMessage = await fake.wait_until(found)
    return message


async def newest_board(fake: FakeDiscord, channel: FakeChannel, after: FakeMessage) -> FakeMessage:
    def found() -> FakeMessage | None:
        newer = [m for m in boards(fake, channel) if m.id > after.id]
        return newer[-1] if newer else None

    message: FakeMessage = await fake.wait_until(found)
    return message


async def play_with_menus(
    fake: FakeDiscord,
    channel: FakeChannel,
    user: FakeUser,
    board: FakeMessage,
    origin: str,
    uci: str,
    *,
    confirm: bool = True,
) -> FakeMessage:
    """``user`` plays ``uci`` from ``board``: Move…, the piece, its destination (and
    Confirm); returns the new board message."""
    menu = await answer(fake, await fake.click(user, board, "Move…"))
    assert menu.ephemeral and menu.visible_to == user.id
    targets = await answer(fake, await fake.choose(user, menu, [origin]))
    assert targets.ephemeral and board_image(targets) == "attachment://board.png", targets.text()
    menus = [s for s in targets.selects() if uci in [o["value"] for o in s["options"]]]
    chosen = await fake.choose(user, targets, [uci], menu=menus[0]["custom_id"])
    if confirm:
        preview = await answer(fake, chosen)
        assert preview.ephemeral and "Play" in preview.text() and preview.files
        assert labels(preview) == ["Confirm", "Cancel"]
        chosen = await fake.click(user, preview, "Confirm")
    return await newest_board(fake, channel, board)


async def test_whole_game_with_buttons_and_menus_only(running: Harness, confirming: None) -> None:
    """After the challenge, a whole game is played with the board's buttons, select menus
    and the move form (no slash command), with Confirm moves on (the default) and off; each
    new board removes the previous board's buttons; the mate shows Rematch, GIF and PGN."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob)
    assert first.layout and labels(first) == CONTROLS and first.embeds == [] and not first.content
    assert board_image(first) == "attachment://board.png" and first.files
    second = await play_with_menus(fake, thread, alice, first, "f2", "f2f3")
    assert "alice played 1. f3" in second.text() and labels(second) == CONTROLS
    old = fake.messages[first.id]
    await fake.wait_until(lambda: old.buttons() == [])
    assert old.media() == ["attachment://board.png"] and old.layout
    assert "New game" in old.text()  # the old board keeps its text and image
    # bob turns Confirm moves off and types his move in the form.
    settings = await command(fake, bob, "settings", {"confirm": "never"}, channel=thread)
    assert "every move played at once (confirm:never)" in settings.text()
    menu = await answer(fake, await fake.click(bob, second, "Move…"))
    opened = await fake.click(bob, menu, "Type a move…")
    await fake.acknowledged(opened)
    assert opened.ack is not None and opened.ack.type == 9  # the form
    # A Label around the text input (Discord deprecates it in an action row).
    [box] = opened.ack.data["components"]
    assert box["type"] == 18 and box["component"]["custom_id"] == "move" and box["label"]
    await fake.submit_modal(bob, opened, {"move": "e5"})
    third = await newest_board(fake, thread, second)
    assert "bob played 1... e5" in third.text() and "Moves: 1. f3 e5" in third.text()
    fourth = await play_with_menus(fake, thread, alice, third, "g2", "g2g4")
    last = await play_with_menus(fake, thread, bob, fourth, "d8", "d8h4", confirm=False)
    assert "Checkmate" in last.text() and labels(last) == AFTER_GAME
    game_id = int(last.text().split("game #")[1].split()[0])
    assert running.bot is not None
    record = await running.bot.service.reports.game_view(game_id)
    assert record.result == "0-1" and record.ply == 4
    # No slash command was used to move.
    moves = [c for c in fake.interactions.values() if c.payload["data"].get("name") == "move"]
    assert moves == []


async def test_gif_and_pgn_after_the_game(running: Harness) -> None:
    """GIF sends the whole game privately, one frame per ply plus the start; PGN the record."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob)
    for user, move in [(alice, "f3"), (bob, "e5"), (alice, "g4"), (bob, "Qh4#")]:
        await command(fake, user, "move", {"move": move}, channel=thread)
    final = boards(fake, thread)[-1]
    assert labels(final) == AFTER_GAME
    gif = await answer(fake, await fake.click(carol, final, "GIF"))
    assert gif.ephemeral and gif.visible_to == carol.id
    with Image.open(io.BytesIO(gif.files[0].content)) as image:
        assert isinstance(image, GifImagePlugin.GifImageFile) and image.n_frames == 5
    assert "4 plies, one frame each" in gif.text()
    pgn = await answer(fake, await fake.click(carol, final, "PGN"))
    tags, game = rules.get_variant("chess").read_record(pgn.files[0].content.decode())
    assert tags["Result"] == "0-1" and len(game.moves) == 4


async def test_gif_command_for_a_running_game(running: Harness) -> None:
    """/gif works for a running game and takes a frame time."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    await command(fake, alice, "move", {"move": "e4"}, channel=thread)
    gif = await command(fake, alice, "gif", {"frame_ms": 250}, channel=thread)
    with Image.open(io.BytesIO(gif.files[0].content)) as image:
        assert isinstance(image, GifImagePlugin.GifImageFile)
        assert image.n_frames == 2 and image.info["duration"] == 250


async def test_rematch_swaps_colours(running: Harness) -> None:
    """Rematch challenges the opponent with colours swapped and the same days and rating
    mode; the opponent accepts with the challenge's button and the game starts there."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, _ = await start_game(fake, alice, bob, days=7)
    for user, move in [(alice, "f3"), (bob, "e5"), (alice, "g4"), (bob, "Qh4#")]:
        await command(fake, user, "move", {"move": move}, channel=thread)
    final = boards(fake, thread)[-1]
    refused = await fake.reply(await fake.click(carol, final, "Rematch"))
    assert refused.ephemeral
    offer = await answer(fake, await fake.click(alice, final, "Rematch"))
    assert not offer.ephemeral and bob.id in offer.mentions
    assert labels(offer) == ["Accept", "Decline", "Cancel"]
    await fake.acknowledged(await fake.click(bob, offer, "Accept"))
    new_board = await newest_board(fake, thread, final)
    assert "bob vs alice" in new_board.text() and labels(new_board) == CONTROLS
    assert running.bot is not None
    games = await running.bot.service.reports.games(User(bob.id, bob.name), None)
    started = games.entries[0].game
    assert started.white.id == bob.id and started.days_per_move == 7 and started.rated


async def test_spectator_and_opponent_cannot_use_move_controls(running: Harness) -> None:
    """Move… is the player to move's: a spectator and the opponent get a private refusal and
    nothing changes; a spectator may look at the legal moves."""
    fake = running.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    thread, first = await start_game(fake, alice, bob)
    spectator = await fake.reply(await fake.click(carol, first, "Move…"))
    assert spectator.ephemeral and "not playing" in spectator.text().lower()
    opponent = await fake.reply(await fake.click(bob, first, "Move…"))
    assert opponent.ephemeral and "turn" in opponent.text().lower()
    resign = await fake.reply(await fake.click(carol, first, "Resign"))
    assert resign.ephemeral and "not playing" in resign.text().lower()
    look = await answer(fake, await fake.click(carol, first, "Legal moves"))
    shown = await answer(fake, await fake.choose(carol, look, ["g1"]))
    assert shown.ephemeral and "Nf3" in shown.text() and shown.files
    assert len(boards(fake, thread)) == 1


async def test_stale_menus_and_buttons_are_refused(running: Harness) -> None:
    """A menu opened before the game moved on, and a board's controls pressed after it, are
    refused privately (the game has moved on); nothing is played."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob)
    # Read now: the retirer may remove them from the message any time after the move.
    draw = first.buttons()[1]
    menu = await answer(fake, await fake.click(alice, first, "Move…"))
    await command(fake, alice, "move", {"move": "e4"}, channel=thread)
    stale = await fake.reply(await fake.choose(alice, menu, ["d2"]))
    assert stale.ephemeral and "moved on" in stale.text()
    # The first board's Draw button, pressed on a client that still showed it, after the
    # edit removing it reached Discord (the press raced that edit): answered, not dropped.
    await fake.wait_until(lambda: draw not in fake.messages[first.id].buttons(), 30)
    pressed = await fake.click_as_shown(alice, first, draw)
    refused = await fake.reply(pressed)
    assert refused.ephemeral and "moved on" in refused.text()
    assert running.bot is not None
    game = await running.bot.service.reports.game_view(1)
    assert game.ply == 1


async def test_a_queen_with_27_moves_gets_two_menus(running: Harness) -> None:
    """A select menu holds 25 options: a queen's 27 destinations come in two menus, and a
    move from the second one is played."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fen = "8/8/8/k7/3Q4/8/7K/8 w - - 0 1"
    thread, first = await start_game(fake, alice, bob, fen=fen)
    await command(fake, alice, "settings", {"confirm": "never"}, channel=thread)
    menu = await answer(fake, await fake.click(alice, first, "Move…"))
    targets = await answer(fake, await fake.choose(alice, menu, ["d4"]))
    menus = targets.selects()
    assert [len(m["options"]) for m in menus] == [25, 2]
    values = {o["value"] for m in menus for o in m["options"]}
    assert len(values) == 27
    last = menus[1]["options"][-1]["value"]
    await fake.choose(alice, targets, [last], menu=menus[1]["custom_id"])
    board = await newest_board(fake, thread, first)
    assert "alice played 1." in board.text()


async def test_user_context_menus_challenge(running: Harness) -> None:
    """Right-click a member, Apps, "Challenge to xiangqi": a challenge they may accept."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    challenge = await fake.reply(await fake.user_command(alice, "Challenge to xiangqi", bob))
    assert not challenge.ephemeral and "xiangqi" in challenge.text()
    assert bob.id in challenge.mentions and labels(challenge) == ["Accept", "Decline", "Cancel"]
    chess = await fake.reply(await fake.user_command(alice, "Challenge to chess", bob))
    assert "chess" in chess.text()


async def test_resign_and_draw_from_the_board(running: Harness) -> None:
    """Draw offers a draw with the opponent's buttons; Resign asks privately, and its
    confirmation ends the game with a final board carrying the after-game buttons."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob, moves=OPENED)
    offer = await answer(fake, await fake.click(alice, first, "Draw"))
    assert not offer.ephemeral and bob.id in offer.mentions
    assert labels(offer) == ["Accept", "Decline"] and "offers a draw" in offer.text()
    ask = await answer(fake, await fake.click(bob, first, "Resign"))
    assert ask.ephemeral and ask.visible_to == bob.id
    await fake.acknowledged(await fake.click(bob, ask, labels(ask)[0]))
    final = await newest_board(fake, thread, first)
    assert "resign" in final.text().lower() and labels(final) == AFTER_GAME
    await fake.wait_until(lambda: fake.messages[first.id].buttons() == [])


async def test_a_board_posted_by_the_outbox_replaces_the_last_one(running: Harness) -> None:
    """A move typed away from the game: the outbox posts the new board (with its controls
    and the last moves) in the game's place, and the previous board loses its buttons."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob)
    lobby = fake.add_channel("lobby")
    game_id = int(first.text().split("game #")[1].split()[0])
    note = await command(fake, alice, "move", {"move": "e4", "game": game_id}, channel=lobby)
    assert note.ephemeral
    posted = await newest_board(fake, thread, first)
    assert labels(posted) == CONTROLS and "Moves: 1. e4" in posted.text()
    await fake.wait_until(lambda: fake.messages[first.id].buttons() == [])
    menu = await answer(fake, await fake.click(bob, posted, "Move…"))
    assert menu.ephemeral and menu.selects()


async def test_old_boards_are_retired_after_a_restart(harness: Harness) -> None:
    """A board replaced just before the bot stopped loses its buttons once it is back: the
    edit is a row written with the newer board, not a task in memory."""
    await harness.start()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, first = await start_game(fake, alice, bob)
    await harness.stop()
    store = await Store.open(harness.database)
    try:
        old = await store.boards.replace(1, thread.id, fake.new_id(), datetime.now(UTC))
        assert old is not None and old.message_id == first.id
    finally:
        await store.close()
    assert labels(fake.messages[first.id]) == CONTROLS
    await harness.start()
    await fake.wait_until(lambda: fake.messages[first.id].buttons() == [])
    assert fake.messages[first.id].media() == ["attachment://board.png"]


@pytest.mark.discord_windows  # within Discord's edits per channel, on its own windows
async def test_a_burst_of_moves_retires_the_newest_old_board_first(
    running: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves faster than edits go out: each game's newest old board loses its buttons first,
    in one request (its components kept from when it was posted, not read back); the older
    ones are put aside (the stored work never grows past one edit per game) and lose theirs
    once the channel is quiet, within Discord's edits per channel."""
    monkeypatch.setattr(board_worker, "QUIET_SECONDS", 0.3)
    fake = running.fake
    bot = running.bot
    assert bot is not None
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _first = await start_game(fake, alice, bob)
    for user in (alice, bob):
        await command(fake, user, "settings", {"confirm": "never"}, channel=thread)
    await asyncio.wait_for(bot.boards.wait_idle(), 10)
    await bot.boards.stop()  # the moves come while no edit can go out
    for user, move in ((alice, "e4"), (bob, "e5"), (alice, "Nf3")):
        board = await command(fake, user, "move", {"move": move}, channel=thread)
        assert board.layout and not board.ephemeral
    # Each move records its board after answering: the last one must be recorded before the
    # retirer looks, or the board before it is still the newest old one.
    await bot.commands_finished()
    shown = boards(fake, thread)
    assert [labels(m) for m in shown] == [CONTROLS] * 4
    calls = len(fake.calls)
    bot.boards.start()
    bot.boards.wake()
    await fake.wait_until(lambda: shown[2].buttons() == [])
    await asyncio.wait_for(bot.boards.wait_idle(), 10)
    assert shown[2].media() == ["attachment://board.png"]
    assert "bob played 1... e5" in shown[2].text()
    await fake.wait_until(lambda: shown[0].buttons() == shown[1].buttons() == [])
    assert [labels(m) for m in boards(fake, thread)] == [[], [], [], CONTROLS]
    made = [(c.method, c.path) for c in fake.calls[calls:]]
    edit = f"/api/v10/channels/{thread.id}/messages/"
    assert made == [("PATCH", f"{edit}{m.id}") for m in (shown[2], shown[0], shown[1])], made
    assert (bot.boards.edited, bot.boards.read_back, bot.boards.superseded) == (3, 0, 2)
    assert fake.rate_limited() == []


async def test_a_board_superseded_while_its_round_runs_is_put_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The retirer lists two games' old boards; while it edits the first, the second game's
    is superseded (marking the first done drops it): the second is not edited in that
    round but put aside, and edited once nothing stored is left (its channel quiet), from
    the components kept, not read back from Discord."""
    first, second = OldBoard(100, 1, 10), OldBoard(200, 2, 20)
    edited: list[int] = []
    rounds = [[first, second]]

    class Service:
        async def boards_to_retire(self) -> list[OldBoard]:
            return rounds.pop(0) if rounds else []

        async def board_retired(self, *boards: OldBoard) -> list[OldBoard]:
            return [second] if first in boards else []

    class Http:
        async def get_message(self, channel_id: int, message_id: int) -> dict[str, object]:
            raise AssertionError(f"board {message_id} read back")

        async def edit_message(self, channel_id: int, message_id: int, **_: object) -> None:
            edited.append(message_id)

    monkeypatch.setattr(board_worker, "MARK_EVERY", 1)
    service = SimpleNamespace(reports=Service())
    bot = SimpleNamespace(service=service, http=Http(), old_edits=OldEdits(ManualClock()))
    retirer = BoardRetirer(bot)  # type: ignore[arg-type]
    view = layout_view(["a board"], image="attachment://board.png", buttons=(), colour=0)
    retirer._kept.update({first.message_id: view, second.message_id: view})
    retirer.start()
    retirer.wake()
    try:
        await asyncio.wait_for(retirer.wait_idle(), 5)
        for _ in range(500):
            if len(edited) == 2:
                break
            await asyncio.sleep(0.01)
    finally:
        await retirer.stop()
    assert edited == [first.message_id, second.message_id]
    assert (retirer.edited, retirer.read_back, retirer.superseded) == (2, 0, 1)


async def test_an_old_boards_edit_waits_for_a_quiet_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The edit waits while a turn of the loop is slow (interactions queued), in pauses,
    and goes ahead once a turn is quick, or after ``MAX_WAIT_SECONDS`` on a loop that never
    quiets (time is simulated: each turn and pause moves the clock)."""
    now = [0.0]
    turns: list[float] = []
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        if seconds == 0:  # a turn of the loop: as long as the script says
            now[0] += turns.pop(0) if turns else 0.0
        else:
            pauses.append(seconds)
            now[0] += seconds

    monkeypatch.setattr(asyncio, "sleep", sleep)  # the worker sleeps through asyncio
    assert await board_worker.quiet_loop(lambda: now[0]) == 0.0 and pauses == []
    turns.extend([0.02, 0.03, 0.001])  # two slow turns, then a quick one
    waited = await board_worker.quiet_loop(lambda: now[0])
    assert pauses == [board_worker.BUSY_PAUSE_SECONDS] * 2
    assert waited == pytest.approx(0.051 + 2 * board_worker.BUSY_PAUSE_SECONDS)
    pauses.clear()
    turns.extend([0.02] * 1000)  # never quiet
    waited = await board_worker.quiet_loop(lambda: now[0])
    assert board_worker.MAX_WAIT_SECONDS <= waited < board_worker.MAX_WAIT_SECONDS + 0.1
