"""/analyse on Discord: the answer shows the analysis's progress and is then replaced by the
analysis (graph, critical board, annotated record); asking again answers at once; a game in
progress is refused privately; an analysis outliving the interaction's token says so in
time and carries on."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

import rules
from bot.discord import analyse as analyse_command
from tests.discord.harness import Harness, command, start_game
from tests.fake_engines import FakeEngines
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser

FOOLS_MATE = [("f3", 0), ("e5", 1), ("g4", 0), ("Qh4#", 1)]


async def finished(fake: FakeDiscord) -> tuple[FakeUser, FakeUser, FakeChannel]:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    for move, who in FOOLS_MATE:
        await command(fake, (alice, bob)[who], "move", {"move": move}, channel=thread)
    return alice, bob, thread


def analysed(message: FakeMessage) -> bool:
    return bool(message.embeds) and len(message.files) == 3


async def test_progress_then_the_analysis(running: Harness) -> None:
    """The first answer counts positions; the same message becomes the analysis: a card
    naming 2. g4 as the blunder, the graph as its image, the critical board and the record
    with [%eval] comments."""
    fake = running.fake
    alice, bob, thread = await finished(fake)
    gate = asyncio.Event()
    assert running.bot is not None
    running.bot.service.core.engines = FakeEngines(gate=gate, hold_after=2)
    interaction = await fake.slash(bob, "analyse", {}, channel=thread)
    first = await fake.reply(interaction)
    assert not first.ephemeral
    assert first.content.startswith("Analysing alice vs bob · chess (game #1): ")
    assert first.content.endswith("/5 positions…")
    gate.set()
    await fake.wait_until(lambda: analysed(first))
    assert interaction.messages() == [first]  # edited in place, nothing else posted
    embed = first.embeds[0]
    assert embed["title"] == "Analysis of alice vs bob · chess (game #1)"
    assert embed["image"]["url"] == "attachment://analysis-graph.png"
    fields = {field["name"]: field["value"] for field in embed["fields"]}
    assert "2. g4??" in fields["Critical moment"]
    assert "white alice: accuracy" in fields["Players"]
    with Image.open(io.BytesIO(first.file("analysis-graph.png").content)) as graph:
        assert graph.size == (800, 240)
    with Image.open(io.BytesIO(first.file("analysis-critical.png").content)) as board:
        assert board.format == "PNG"
    record = first.file("postal-chess-1-analysis.pgn").content.decode()
    _, game = rules.get_variant("chess").read_record(record)
    assert game.ply == 4 and "[%eval" in record

    again = await command(fake, alice, "analyse", {"game": 1}, channel=fake.channel)
    assert analysed(again) and again.embeds[0]["title"] == embed["title"]


async def test_a_game_in_progress_is_refused_privately(running: Harness) -> None:
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    assert running.bot is not None
    running.bot.service.core.engines = FakeEngines()
    refused = await command(fake, alice, "analyse", {}, channel=thread)
    assert refused.ephemeral
    assert "still being played" in refused.text()


async def test_without_an_engine_it_says_how_to_install_one(running: Harness) -> None:
    fake = running.fake
    _, bob, thread = await finished(fake)
    assert running.bot is not None
    running.bot.service.core.engines = FakeEngines(variants=())  # none installed
    refused = await command(fake, bob, "analyse", {}, channel=thread)
    assert refused.ephemeral and "apt-get install stockfish" in refused.text()


async def test_an_analysis_outliving_the_token_says_to_ask_again(
    running: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a 3-second token (the fake refuses a webhook call after it), the answer says in
    time that the analysis goes on; it does, and asking again shows it at once."""
    fake = running.fake
    fake.interaction_token_seconds = 3.0
    monkeypatch.setattr(analyse_command, "TOKEN_SECONDS", 3.0)
    monkeypatch.setattr(analyse_command, "TOKEN_MARGIN_SECONDS", 2.0)
    _, bob, thread = await finished(fake)
    gate = asyncio.Event()
    assert running.bot is not None
    running.bot.service.core.engines = FakeEngines(gate=gate, hold_after=1)
    first = await command(fake, bob, "analyse", {}, channel=thread)
    await fake.wait_until(lambda: first.content.startswith("Still analysing"))
    assert "ask /analyse game:1 again" in first.content
    gate.set()
    for _ in range(100):
        if running.bot.service.analysis.running(1) is None:
            break
        await asyncio.sleep(0.05)
    again = await command(fake, bob, "analyse", {"game": 1}, channel=thread)
    assert analysed(again)


async def test_a_restart_resumes_the_analysis_in_the_same_message(running: Harness) -> None:
    """Postal stopping mid-analysis edits the answer to say it carries on after the
    restart; the next Postal resumes it from the positions stored and turns that same
    message into the analysis (no interaction token needed); asking again shows it too."""
    fake = running.fake
    _, bob, thread = await finished(fake)
    gate = asyncio.Event()
    assert running.bot is not None
    held = FakeEngines(gate=gate, hold_after=2)
    running.bot.service.core.engines = held
    first = await command(fake, bob, "analyse", {}, channel=thread)
    await held.wait_until(lambda: len(held.requests) >= 3)  # two stored, the rest held
    await running.stop()
    assert first.content.startswith("Postal is restarting; the analysis of game #1 carries on")
    assert "this message will show it" in first.content
    messages_before = len(fake.channel_messages(thread.id))
    engines = FakeEngines()
    running.engines = engines
    await running.start()  # resumes the analysis, and follows it in bob's message
    await fake.wait_until(lambda: analysed(first) or None)
    assert sorted(len(r.moves) for r in engines.requests) == [2, 3]  # what was not stored
    assert len(fake.channel_messages(thread.id)) == messages_before  # no new message
    again = await command(fake, bob, "analyse", {"game": 1}, channel=thread)
    assert analysed(again)


async def test_a_restart_resumes_every_askers_message_under_the_first_askers_key(
    running: Harness,
) -> None:
    """alice starts the analysis, bob asks too; after a restart both messages become the
    analysis (each its asker's), and the resumed searches are still alice's in the engine
    pool's fair queue, not the latest asker's."""
    fake = running.fake
    alice, bob, thread = await finished(fake)
    assert running.bot is not None
    held = FakeEngines(gate=asyncio.Event(), hold_after=2)
    running.bot.service.core.engines = held
    first = await command(fake, alice, "analyse", {}, channel=thread)
    await held.wait_until(lambda: len(held.requests) >= 3)
    later = await command(fake, bob, "analyse", {"game": 1}, channel=thread)
    assert not analysed(later)
    await running.stop()
    assert "this message will show it" in first.content and "this message will show it" in (
        later.content
    )
    engines = FakeEngines()
    running.engines = engines
    await running.start()
    await fake.wait_until(lambda: (analysed(first) and analysed(later)) or None)
    assert engines.requests and {r.requester for r in engines.requests} == {str(alice.id)}
