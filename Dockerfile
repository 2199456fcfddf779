# Postal: the Discord bot in a small image. The database lives on the /data volume.
#   docker build -t postal .
#   docker run -d --name postal -e DISCORD_TOKEN=... -v postal-data:/data postal
# docs/running.md ("Docker") has bind mounts (the image runs as uid 10001), backups and restore.
#
# Debian 12 (bookworm), pinned: its stockfish 15.1 and fairy-stockfish 11.1 packages are the
# engines Postal's levels, analysis settings (Contempt 0) and tests were made with; the
# floating python:3.11-slim follows Debian's current release and with it other engines.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# The engines Postal plays and analyses with (Debian's packages, in /usr/games, where Postal
# looks by default): Stockfish for chess, Fairy-Stockfish for xiangqi.
RUN apt-get update \
    && apt-get install -y --no-install-recommends stockfish fairy-stockfish \
    && rm -rf /var/lib/apt/lists/*

# Install the package (with its migrations and fonts as package data), then drop the sources.
COPY pyproject.toml README.md /src/
COPY rules /src/rules
COPY bot /src/bot
RUN pip install /src && rm -rf /src

# An unprivileged user owns the data directory; a new named volume inherits that ownership.
RUN useradd --system --uid 10001 --user-group --no-create-home --home-dir /data postal \
    && mkdir -p /data \
    && chown postal:postal /data

USER postal
WORKDIR /data
ENV DATABASE_URL=sqlite:////data/postal.db \
    HEALTH_FILE=/tmp/postal-alive
VOLUME ["/data"]

# The bot marks HEALTH_FILE at start-up and after each minute's heartbeat is written to the
# database; three minutes without one (a stuck event loop, a database that takes no writes)
# make the container unhealthy. One-off commands (console, migrate, backup) mark nothing.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]

# Exec form: the bot is PID 1 and gets SIGTERM from `docker stop`, which closes it cleanly.
ENTRYPOINT ["python", "-m", "bot"]
