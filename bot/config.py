"""Settings from the environment (and a ``.env`` file): one frozen value read at start-up."""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

DEFAULT_DATABASE_URL = "sqlite:///postal.db"
DEFAULT_DISCORD_API_BASE = "https://discord.com/api/v10"
DEFAULT_DISCORD_GATEWAY_URL = "wss://gateway.discord.gg"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# Requests per second the bot allows itself. Discord's global limit is 50 for most bots
# (keep headroom); Discord grants large bots more on request, hence the higher ceiling.
DEFAULT_DISCORD_RATE_LIMIT = 25.0
MAX_DISCORD_RATE_LIMIT = 1000.0


DEFAULT_BACKUP_KEEP = 7
# Postal's backups copy an SQLite file; said wherever one is asked of PostgreSQL.
POSTGRESQL_BACKUP_ADVICE = (
    "copies an SQLite file; back up PostgreSQL with pg_dump instead (docs/running.md: 'PostgreSQL')"
)
# Discord's largest bots run tens of thousands of shards; more is a typo.
MAX_SHARD_COUNT = 100_000
# Each engine process searches on one core; far more processes than cores only queue.
MAX_ENGINE_PROCESSES = 256


class ConfigError(ValueError):
    """A setting with a value Postal cannot use; the message names the variable."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything Postal reads from its environment.

    ``discord_token`` is optional here: only the Discord adapter requires it.
    ``database`` is what ``DATABASE_URL`` chose: an SQLite file's path, or a PostgreSQL URL.
    """

    discord_token: str | None = None
    database: Path | str = Path("postal.db")
    dev_guild_id: int | None = None
    log_level: str = "WARNING"
    discord_api_base: str = DEFAULT_DISCORD_API_BASE
    discord_gateway_url: str = DEFAULT_DISCORD_GATEWAY_URL
    discord_rate_limit: float = DEFAULT_DISCORD_RATE_LIMIT
    backup_dir: Path | None = None
    backup_keep: int = DEFAULT_BACKUP_KEEP
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    engine_chess: str | None = None  # a path or command; None: stockfish on PATH or /usr/games
    engine_xiangqi: str | None = None  # the same for fairy-stockfish
    engine_processes: int | None = None  # None: one per core
    health_file: Path | None = None  # marked at each heartbeat (``python -m bot health``)

    @classmethod
    def from_env(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")
    ) -> Settings:
        """Read the settings; the environment wins over ``env_file`` (skipped if absent).

        Raises ``ConfigError`` for a malformed value or ``.env`` line.
        """
        values: dict[str, str] = {}
        if env_file is not None and env_file.is_file():
            values.update(read_env_file(env_file))
        values.update(os.environ if environ is None else environ)

        def get(name: str) -> str | None:
            value = values.get(name, "").strip()
            return value or None

        shard_count, shard_ids = _parse_shards(get("SHARD_COUNT"), get("SHARD_IDS"))
        database = parse_database_url(get("DATABASE_URL") or DEFAULT_DATABASE_URL)
        if get("BACKUP_DIR") and not isinstance(database, Path):
            raise ConfigError(f"BACKUP_DIR {POSTGRESQL_BACKUP_ADVICE}")
        return cls(
            discord_token=get("DISCORD_TOKEN"),
            database=database,
            dev_guild_id=_parse_guild_id(get("DEV_GUILD_ID")),
            log_level=_parse_log_level(get("LOG_LEVEL")),
            discord_api_base=(get("DISCORD_API_BASE") or DEFAULT_DISCORD_API_BASE).rstrip("/"),
            discord_gateway_url=get("DISCORD_GATEWAY_URL") or DEFAULT_DISCORD_GATEWAY_URL,
            discord_rate_limit=_parse_rate_limit(get("DISCORD_RATE_LIMIT")),
            backup_dir=Path(backup_dir) if (backup_dir := get("BACKUP_DIR")) else None,
            backup_keep=_parse_count("BACKUP_KEEP", get("BACKUP_KEEP"), DEFAULT_BACKUP_KEEP),
            shard_count=shard_count,
            shard_ids=shard_ids,
            engine_chess=_parse_command("ENGINE_CHESS", get("ENGINE_CHESS")),
            engine_xiangqi=_parse_command("ENGINE_XIANGQI", get("ENGINE_XIANGQI")),
            engine_processes=_parse_engine_processes(get("ENGINE_PROCESSES")),
            health_file=Path(health_file) if (health_file := get("HEALTH_FILE")) else None,
        )


def parse_database_url(url: str) -> Path | str:
    """The SQLite file of ``sqlite:///relative/path`` or ``sqlite:////absolute/path``, or
    the URL itself for ``postgresql://[user[:password]@][host][:port]/database[?...]``.

    Raises ``ConfigError`` for any other scheme or a URL naming no database.
    """
    if url.startswith(("postgresql://", "postgres://")):
        name = urlsplit(url).path.lstrip("/")
        if not name:
            raise ConfigError(
                "DATABASE_URL names no PostgreSQL database: "
                "use postgresql://user:password@host:5432/postal"
            )
        return url
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        scheme = url.split("://", 1)[0] if "://" in url else url
        raise ConfigError(
            f"DATABASE_URL is not supported (scheme {scheme!r}): use "
            "sqlite:///relative/path.db, sqlite:////absolute/path.db or "
            "postgresql://user:password@host:5432/postal"
        )
    path = url[len(prefix) :]
    if not path or path.endswith("/"):
        raise ConfigError(f"DATABASE_URL {url!r} names no database file")
    return Path(path)


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines of a ``.env`` file; blank lines and ``#`` comments are skipped.

    Values may be wrapped in single or double quotes. Raises ``ConfigError`` for a line that
    is not an assignment.
    """
    values: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.replace("_", "").isalnum():
            raise ConfigError(f"{path}:{number}: expected KEY=VALUE, got {raw.strip()!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key] = value
    return values


def _parse_guild_id(text: str | None) -> int | None:
    if text is None:
        return None
    if not text.isdigit() or int(text) == 0:
        raise ConfigError(f"DEV_GUILD_ID must be a server id (digits), got {text!r}")
    return int(text)


def _parse_log_level(text: str | None) -> str:
    if text is None:
        return "WARNING"
    level = text.upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {text!r}")
    return level


def _parse_rate_limit(text: str | None) -> float:
    if text is None:
        return DEFAULT_DISCORD_RATE_LIMIT
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= MAX_DISCORD_RATE_LIMIT:
        raise ConfigError(
            f"DISCORD_RATE_LIMIT must be requests per second above 0 and at most "
            f"{MAX_DISCORD_RATE_LIMIT:g}, got {text!r} (Discord's global limit is 50 unless "
            "Discord raised it for your bot)"
        )
    return value


def _parse_count(name: str, text: str | None, default: int) -> int:
    if text is None:
        return default
    if not text.isdigit() or int(text) < 1:
        raise ConfigError(f"{name} must be a whole number of at least 1, got {text!r}")
    return int(text)


def _parse_command(name: str, text: str | None) -> str | None:
    """A program, with arguments if any, split as a shell would split it."""
    if text is None:
        return None
    try:
        shlex.split(text)
    except ValueError as error:
        raise ConfigError(f"{name} must be a path or a command, got {text!r} ({error})") from None
    return text


def _parse_engine_processes(text: str | None) -> int | None:
    if text is None:
        return None
    count = _parse_count("ENGINE_PROCESSES", text, 1)
    if count > MAX_ENGINE_PROCESSES:
        raise ConfigError(
            f"ENGINE_PROCESSES must be at most {MAX_ENGINE_PROCESSES}, got {text!r} (each "
            "engine searches on one core)"
        )
    return count


def _parse_shards(
    count_text: str | None, ids_text: str | None
) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` (unset: Discord's recommendation) and ``SHARD_IDS`` (this process's
    shards: ``0,1,2`` or ``0-2``; unset: all of them). Raises ``ConfigError``."""
    count = None
    if count_text is not None:
        count = _parse_count("SHARD_COUNT", count_text, 1)
        if count > MAX_SHARD_COUNT:
            raise ConfigError(
                f"SHARD_COUNT must be at most {MAX_SHARD_COUNT:,}, got {count_text!r}"
            )
    if ids_text is None:
        return count, None
    if count is None:
        raise ConfigError(
            "SHARD_IDS needs SHARD_COUNT: the shards of one process are numbered out of a "
            "total that every process must agree on"
        )
    ids: list[int] = []
    for part in ids_text.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ConfigError(
                f"SHARD_IDS must be shard numbers like 0,1,2 or a range like 0-3, got {ids_text!r}"
            )
        ids.extend(range(int(low), int(high) + 1) if dash else [int(low)])
    if not ids or len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS must name each shard once, got {ids_text!r}")
    beyond = [shard for shard in ids if shard >= count]
    if beyond:
        raise ConfigError(
            f"SHARD_IDS {beyond[0]} is not below SHARD_COUNT {count} (shards are numbered "
            f"0 to {count - 1})"
        )
    return count, tuple(ids)
