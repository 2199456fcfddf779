# Postal: the Discord bot in a small image. The database lives on the /data volume.
#   docker build -t postal .
#   docker run -d --name postal -e DISCORD_TOKEN=... -v postal-data:/data postal
FROM python:3.11-slim

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
ENV DATABASE_URL=sqlite:////data/postal.db
VOLUME ["/data"]

# Exec form: the bot is PID 1 and gets SIGTERM from `docker stop`, which closes it cleanly.
ENTRYPOINT ["python", "-m", "bot"]
