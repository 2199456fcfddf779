"""Start-up: settings, token errors, intents, and slash-command registration."""

from __future__ import annotations

import asyncio
import math
import os
import sqlite3
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from discord.gateway import KeepAliveHandler

from tests.discord.harness import Harness
from tests.fakediscord import PRIVILEGED_INTENTS, STRING, USER, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]

SPEC_COMMANDS = {
    "challenge": {
        "opponent",
        "game",
        "color",
        "days",
        "increment",
        "cap",
        "weekends",
        "rated",
        "fen",
        "level",
        "position",
        "start",
        "setup",
    },
    "move": {"move", "game"},
    "board": {"game"},
    "moves": {"square", "game"},
    "resign": {"game"},
    "draw": {"game"},
    "takeback": {"game"},
    "abort": {"game"},
    "games": {"user"},
    "pgn": {"game", "notes"},
    "history": {"user"},
    "stats": {"user"},
    "leaderboard": {"game"},
    "settings": {
        "notify",
        "theme",
        "orientation",
        "reminders",
        "timezone",
        "quiet",
        "digest",
        "takebacks",
        "notation",
        "janggi_notation",
        "pieces",
        "strip",
        "confirm",
        "language",
        "server_language",
        "tournament_role",
    },
    "moretime": {"days", "game"},
    "vacation": {"days", "end"},
    "pause": {"days", "game"},
    "conditional": {"add", "list", "clear"},
    "tournament": {"create", "join", "leave", "start", "standings", "withdraw", "pgn"},
    "note": {"text", "clear", "game", "move"},
    "vote": {"team", "nominate", "cast", "tally", "remind", "poll", "thread"},
    "match": {"create", "accept", "decline", "join", "leave", "start", "show"},
    "gif": {"game", "frame_ms"},
    "analyse": {"game"},
    # User commands (right-click a member, Apps): no options.
    "Challenge to chess": set(),
    "Challenge to xiangqi": set(),
}


def process_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` plus what a child Python needs to import the project."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": path, **env}


async def run_bot_process(env: dict[str, str]) -> tuple[int, str]:
    """Run ``python -m bot`` with ``env``; returns (exit status, stderr)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env=process_env(env),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


async def test_commands_registered_with_spec_names_and_options(running: Harness) -> None:
    """With an empty database the bot registers every SPEC command to DEV_GUILD_ID."""
    fake = running.fake
    registered = fake.commands(fake.guild_id)
    assert {
        name: {o["name"] for o in c["options"]} for name, c in registered.items()
    } == SPEC_COMMANDS
    assert fake.global_commands == []
    challenge = {o["name"]: o for o in registered["challenge"]["options"]}
    assert challenge["opponent"]["type"] == USER and not challenge["opponent"].get("required")
    assert [c["value"] for c in challenge["game"]["choices"]] == [
        "chess",
        "xiangqi",
        "chess960",
        "janggi",
    ]
    assert [c["value"] for c in challenge["days"]["choices"]] == [1, 2, 3, 5, 7, 10, 14, 0]
    assert (challenge["level"]["min_value"], challenge["level"]["max_value"]) == (1, 8)
    assert [c["value"] for c in challenge["color"]["choices"]] == [
        "white",
        "red",
        "black",
        "cho",
        "han",
        "random",
    ]
    move = {o["name"]: o for o in registered["move"]["options"]}
    assert move["move"]["type"] == STRING and move["move"]["required"]
    assert move["move"]["autocomplete"] and move["game"]["autocomplete"]
    for command in registered.values():
        if command["type"] == 1:
            assert 1 <= len(command["description"]) <= 100
        else:
            assert command["type"] == 2 and command.get("description", "") == ""


async def test_commands_not_synced_again_when_unchanged(running: Harness) -> None:
    """A restart with the same command definitions does not upload them again."""
    assert running.fake.command_puts == [f"guild:{running.fake.guild_id}"]
    await running.restart()
    assert running.fake.command_puts == [f"guild:{running.fake.guild_id}"]


async def test_commands_synced_globally_without_dev_guild(harness: Harness) -> None:
    """Without DEV_GUILD_ID the commands are registered globally."""
    del harness.environ["DEV_GUILD_ID"]
    await harness.start()
    assert set(harness.fake.commands()) == set(SPEC_COMMANDS)
    assert harness.fake.command_puts == ["global"]


async def test_no_privileged_intents_requested(running: Harness) -> None:
    """IDENTIFY asks for no privileged intent (members, presences, message content)."""
    intents = int(running.fake.identify_payloads[-1]["intents"])
    assert not any(intents & bit for bit in PRIVILEGED_INTENTS)


async def test_missing_token_is_one_line_and_status_1(tmp_path: Path) -> None:
    """`python -m bot` without DISCORD_TOKEN prints one clear line and exits with 1."""
    status, stderr = await run_bot_process({"DATABASE_URL": f"sqlite:///{tmp_path}/p.db"})
    assert status == 1
    assert stderr.strip().count("\n") == 0, stderr
    assert "DISCORD_TOKEN is not set" in stderr and "Traceback" not in stderr


async def test_rejected_token_is_one_line_and_status_1(harness: Harness) -> None:
    """A token Discord rejects gives one line on stderr and exit status 1, no traceback.
    (The launcher's runner in this process: test_discord_sharding's 4004 crosses the process
    boundary with a start refused after connecting.)"""
    harness.environ["DISCORD_TOKEN"] = "not-the-token"
    line = await harness.refused_start()
    assert "\n" not in line and "rejected DISCORD_TOKEN" in line


async def test_bad_setting_is_one_line_and_status_1(tmp_path: Path) -> None:
    """A malformed setting (DATABASE_URL) is reported in one line with exit status 1."""
    status, stderr = await run_bot_process(
        {"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://nowhere/db"}
    )
    assert status == 1
    assert stderr.strip().count("\n") == 0 and "DATABASE_URL" in stderr, stderr


async def test_wrong_dev_guild_is_one_line_and_status_1(harness: Harness) -> None:
    """A DEV_GUILD_ID the bot is not in gives one line naming it, and exit status 1."""
    harness.environ["DEV_GUILD_ID"] = "12345"
    line = await harness.refused_start()
    assert "\n" not in line and "DEV_GUILD_ID 12345" in line and "403" in line


async def test_sigterm_stops_the_bot_cleanly(fake: FakeDiscord, tmp_path: Path) -> None:
    """`python -m bot` connects, and on SIGTERM (docker stop) exits 0 without noise."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env=process_env(
            {
                "DISCORD_TOKEN": fake.token,
                "DATABASE_URL": f"sqlite:///{tmp_path}/p.db",
                "DISCORD_API_BASE": fake.api_base,
                "DISCORD_GATEWAY_URL": fake.gateway_url,
            }
        ),
        stderr=asyncio.subprocess.PIPE,
    )
    await fake.wait_until(lambda: fake._sockets and fake.global_commands, 60)
    process.terminate()
    _, stderr = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0
    # The only line: the database it made (a mistyped DATABASE_URL shows at once).
    assert stderr.decode() == f"postal: created a new database at {tmp_path / 'p.db'}\n"
    assert (tmp_path / "p.db").is_file()


async def test_database_in_a_missing_folder_is_one_line_and_status_1(tmp_path: Path) -> None:
    """A DATABASE_URL whose folder does not exist (a typo) is refused before Discord is
    contacted, and no folder or file is made."""
    wrong = tmp_path / "nonexistent" / "p.db"
    status, stderr = await run_bot_process(
        {"DISCORD_TOKEN": "x", "DATABASE_URL": f"sqlite:///{wrong}"}
    )
    assert status == 1
    assert stderr.strip().count("\n") == 0 and f"the folder {wrong.parent}" in stderr, stderr
    assert list(tmp_path.iterdir()) == []


async def test_heartbeats_are_sent_and_acknowledged(harness: Harness) -> None:
    """The bot heartbeats at the interval HELLO asks for, and sees the acknowledgements."""
    harness.fake.heartbeat_interval_ms = 100
    bot = await harness.start()
    await harness.fake.wait_until(lambda: harness.fake.heartbeats >= 2, 5)
    # discord.py's latency is infinite until a HEARTBEAT_ACK came: finite means one did.
    assert 0 <= bot.latency < math.inf


async def test_a_failing_step_of_the_stop_still_closes_the_gateway_and_the_store(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stop raises what a step of it raised (here the scheduler's task, ended on a
    database error) only after closing the gateway and the store: discord.py's heartbeat
    thread must not outlive the bot (it would beat into a closed event loop)."""
    bot = await harness.start()

    stop_the_scheduler = bot.scheduler.stop

    async def ended_on_an_error() -> None:
        # The task is over (a round left running would meet the closed store and log an
        # error); awaiting it raised what it ended on.
        await stop_the_scheduler()
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(bot.scheduler, "stop", ended_on_an_error)
    stopped: list[str] = []
    for name in ("outbox", "boards"):
        worker = getattr(bot, name)

        async def stop(worker: Any = worker, name: str = name) -> None:
            await type(worker).stop(worker)
            stopped.append(name)

        monkeypatch.setattr(worker, "stop", stop)
    with pytest.raises(sqlite3.OperationalError):
        await harness.stop()
    # The steps after the failed one ran: an outbox left sending met the closed store.
    assert stopped == ["outbox", "boards"]
    assert bot.is_closed() and bot._store is None
    beating = [t for t in threading.enumerate() if isinstance(t, KeepAliveHandler)]
    assert [t.name for t in beating if t.ws._connection is bot._connection] == []
