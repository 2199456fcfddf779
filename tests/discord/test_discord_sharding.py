"""Sharding: AutoShardedClient with SHARD_COUNT/SHARD_IDS, and gateway closes that cannot be
recovered (4004, 4011, ...) ending `python -m bot` with one line and exit status 1."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from tests.discord.harness import Harness, command
from tests.discord.live import bot_env, existing_database
from tests.fakediscord import FakeDiscord
from tests.processes import ROOT, process_env


async def run_bot(fake: FakeDiscord, tmp_path: Path, **extra: str) -> tuple[int, str]:
    """Run ``python -m bot`` on ``fake`` to its end; returns (exit status, stderr)."""
    database = await existing_database(tmp_path / "postal.db")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT,
        env=process_env(bot_env(fake, database, **extra)),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        _, stderr = await asyncio.wait_for(process.communicate(), 60)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise AssertionError("the bot did not stop on a fatal gateway close") from None
    assert process.returncode is not None
    return process.returncode, stderr.decode()


def assert_one_line(status: int, stderr: str, *expected: str) -> None:
    assert status == 1, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("postal: "), stderr
    assert "Traceback" not in stderr
    for text in expected:
        assert text in lines[0], lines[0]


async def test_gateway_4004_ends_with_one_line(fake: FakeDiscord, tmp_path: Path) -> None:
    """A token the REST API takes but the gateway refuses (4004): one line, status 1."""
    fake.close_on_identify = 4004
    status, stderr = await run_bot(fake, tmp_path)
    assert_one_line(status, stderr, "code 4004", "DISCORD_TOKEN")
    assert len(fake.identify_payloads) == 1, "a fatal close must not be retried"


async def test_gateway_4011_sharding_required(harness: Harness) -> None:
    """Too many servers for SHARD_COUNT=1 (Discord closes with 4011): one line naming
    SHARD_COUNT, status 1, and no loop of IDENTIFYs spending the daily budget. (The
    launcher's runner in this process: 4004 above crosses the process boundary.)"""
    harness.fake.required_shards = 2
    harness.environ["SHARD_COUNT"] = "1"
    assert_one_line(1, await harness.refused_start(), "code 4011", "SHARD_COUNT")
    assert len(harness.fake.identify_payloads) == 1


@pytest.mark.parametrize(("code", "words"), [(4013, "invalid intents"), (4010, "invalid shard")])
async def test_other_fatal_closes(harness: Harness, code: int, words: str) -> None:
    """Invalid intents and an invalid shard are fatal too."""
    harness.fake.close_on_identify = code
    assert_one_line(1, await harness.refused_start(), f"code {code}", words)
    assert len(harness.fake.identify_payloads) == 1


async def test_shards_as_discord_recommends(harness: Harness) -> None:
    """Without SHARD_COUNT the bot runs the shards GET /gateway/bot recommends, each with its
    own IDENTIFY; the guild's events come on its shard only, so a command is answered once."""
    harness.fake.recommended_shards = 2
    await harness.start()
    assert sorted(p["shard"] for p in harness.fake.identify_payloads) == [[0, 2], [1, 2]]
    reply = await command(harness.fake, harness.fake.add_user("ann"), "games")
    assert reply.ephemeral or reply.content


async def test_shard_ids_choose_this_process_shards(harness: Harness) -> None:
    """SHARD_IDS=1 with SHARD_COUNT=2 identifies only shard 1 of 2."""
    harness.environ.update(SHARD_COUNT="2", SHARD_IDS="1")
    # The test guild may live on the other shard: register the commands globally.
    del harness.environ["DEV_GUILD_ID"]
    await harness.start()
    assert [p["shard"] for p in harness.fake.identify_payloads] == [[1, 2]]
