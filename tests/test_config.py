"""Settings from the environment and a .env file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, parse_database_url


def test_defaults(tmp_path: Path) -> None:
    """With nothing set: no token, postal.db, Discord's endpoints, WARNING logs."""
    settings = Settings.from_env({}, env_file=tmp_path / "missing.env")
    assert settings.discord_token is None
    assert settings.database == Path("postal.db")
    assert settings.dev_guild_id is None and settings.log_level == "WARNING"
    assert settings.discord_api_base == "https://discord.com/api/v10"
    assert settings.discord_gateway_url.startswith("wss://")


def test_environment_wins_over_env_file(tmp_path: Path) -> None:
    """A .env file is read; the real environment overrides it."""
    env = tmp_path / ".env"
    env.write_text(
        "# comment\nDISCORD_TOKEN='from-file'\nexport DEV_GUILD_ID=123\n\n"
        'LOG_LEVEL="debug"\nDISCORD_API_BASE=http://127.0.0.1:9/api/v10/\n',
        encoding="utf-8",
    )
    settings = Settings.from_env({"DISCORD_TOKEN": "from-env"}, env_file=env)
    assert settings.discord_token == "from-env"
    assert settings.dev_guild_id == 123 and settings.log_level == "DEBUG"
    assert settings.discord_api_base == "http://127.0.0.1:9/api/v10"


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///postal.db", Path("postal.db")),
        ("sqlite:///data/postal.db", Path("data/postal.db")),
        ("sqlite:////data/postal.db", Path("/data/postal.db")),
    ],
)
def test_sqlite_urls(url: str, path: Path) -> None:
    """sqlite:///relative and sqlite:////absolute name the file."""
    assert parse_database_url(url) == path


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"DATABASE_URL": "mysql://db/postal"}, "not supported"),
        ({"DATABASE_URL": "postgresql://postal:secret@db:5432"}, "names no PostgreSQL database"),
        (
            {"DATABASE_URL": "postgresql://postal:secret@db/postal", "BACKUP_DIR": "/backups"},
            "pg_dump",
        ),
        ({"DATABASE_URL": "sqlite:///"}, "names no database file"),
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID"),
        ({"LOG_LEVEL": "loud"}, "LOG_LEVEL"),
    ],
)
def test_bad_values_are_named(tmp_path: Path, environ: dict[str, str], message: str) -> None:
    """Each unusable setting raises ConfigError naming the variable (never a password)."""
    with pytest.raises(ConfigError, match=message) as raised:
        Settings.from_env(environ, env_file=None)
    assert "secret" not in str(raised.value)


@pytest.mark.parametrize(
    "url",
    ["postgresql://postal:secret@db:5432/postal", "postgres:///postal?host=/run/postgresql"],
)
def test_postgresql_urls_are_kept(url: str) -> None:
    """A PostgreSQL URL is handed to the store as it is."""
    assert Settings.from_env({"DATABASE_URL": url}, env_file=None).database == url


def test_malformed_env_line(tmp_path: Path) -> None:
    """A .env line that is not KEY=VALUE is reported with its line number."""
    env = tmp_path / ".env"
    env.write_text("GOOD=1\nthis is not an assignment\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"\.env:2"):
        Settings.from_env({}, env_file=env)


def test_discord_rate_limit(tmp_path: Path) -> None:
    """DISCORD_RATE_LIMIT paces the bot's requests: 25 a second unless set; nonsense refused."""
    missing = tmp_path / "missing.env"
    assert Settings.from_env({}, env_file=missing).discord_rate_limit == 25.0
    chosen = Settings.from_env({"DISCORD_RATE_LIMIT": "40"}, env_file=missing)
    assert chosen.discord_rate_limit == 40
    for bad in ("0", "-3", "fast", "5000"):
        with pytest.raises(ConfigError, match="DISCORD_RATE_LIMIT"):
            Settings.from_env({"DISCORD_RATE_LIMIT": bad}, env_file=missing)


def test_backup_and_shard_settings(tmp_path: Path) -> None:
    """BACKUP_DIR/BACKUP_KEEP and SHARD_COUNT/SHARD_IDS (lists and ranges) are read."""
    settings = Settings.from_env(
        {"BACKUP_DIR": "/srv/backups", "BACKUP_KEEP": "14", "SHARD_COUNT": "8",
         "SHARD_IDS": "0-2, 5"},
        env_file=None,
    )  # fmt: skip
    assert settings.backup_dir == Path("/srv/backups") and settings.backup_keep == 14
    assert settings.shard_count == 8 and settings.shard_ids == (0, 1, 2, 5)
    defaults = Settings.from_env({}, env_file=None)
    assert defaults.backup_dir is None and defaults.backup_keep == 7
    assert defaults.shard_count is None and defaults.shard_ids is None  # Discord recommends


def test_engine_settings(tmp_path: Path) -> None:
    """ENGINE_CHESS/ENGINE_XIANGQI take a path or a command; ENGINE_PROCESSES a count."""
    settings = Settings.from_env(
        {"ENGINE_CHESS": "/opt/sf/stockfish", "ENGINE_XIANGQI": "nice -n 5 fairy-stockfish",
         "ENGINE_PROCESSES": "3"},
        env_file=None,
    )  # fmt: skip
    assert settings.engine_chess == "/opt/sf/stockfish"
    assert settings.engine_xiangqi == "nice -n 5 fairy-stockfish"
    assert settings.engine_processes == 3
    defaults = Settings.from_env({}, env_file=None)
    assert (defaults.engine_chess, defaults.engine_xiangqi, defaults.engine_processes) == (
        None,
        None,
        None,  # the programs found on PATH or in /usr/games, one process per core
    )


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"ENGINE_PROCESSES": "0"}, "ENGINE_PROCESSES must be a whole number of at least 1"),
        ({"ENGINE_PROCESSES": "1000"}, "ENGINE_PROCESSES must be at most 256"),
        ({"ENGINE_CHESS": "'/opt/stock fish"}, "ENGINE_CHESS must be a path or a command"),
        ({"BACKUP_KEEP": "0"}, "BACKUP_KEEP must be a whole number of at least 1"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,2"}, "SHARD_IDS 2 is not below SHARD_COUNT 2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "each shard once"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a-b"}, "shard numbers like 0,1,2"),
    ],
)
def test_bad_backup_and_shard_settings(environ: dict[str, str], message: str) -> None:
    """Each bad value names its setting and what is expected."""
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(environ, env_file=None)
