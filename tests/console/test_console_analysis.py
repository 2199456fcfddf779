"""/analyse in the console: progress lines, the summary, the graph, critical board and
annotated record written to the images folder; refusals are one line; asking again is
instant."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

import rules
from bot.console import run_console
from bot.i18n import Locale
from tests.console.session import play
from tests.console.test_console import SCHOLARS_MATE_SCRIPT
from tests.fake_engines import FakeEngines

# The console's scholar's mate, asked for an analysis during the game and twice after it.
SCHOLARS_MATE = SCHOLARS_MATE_SCRIPT.replace(
    "bob /press Accept\n", "bob /press Accept\nalice /analyse\n"
).replace("alice /pgn\n", "carol /analyse game:1\nbob /analyse 1\n")


async def test_a_finished_game_is_analysed_and_its_pictures_written(tmp_path: Path) -> None:
    """During the game: refused. After it: progress, each player's figures, the blunder
    with the engine's move, the files; the second ask answers from the store."""
    engines = FakeEngines()
    out = io.StringIO()
    images = tmp_path / "boards"
    await run_console(
        tmp_path / "c.db",
        images,
        io.StringIO(SCHOLARS_MATE),
        out,
        interactive=False,
        engines=engines,
    )
    text = out.getvalue()
    assert "! Game #1 is still being played; it can be analysed once it is over." in text
    assert "Analysing alice vs bob · chess (game #1): 0/8 positions…" in text
    assert "Analysing alice vs bob · chess (game #1): 8/8 positions…" in text
    assert text.count("Analysis of alice vs bob · chess (game #1).") == 2
    assert "black bob: accuracy" in text and "1 blunder" in text
    assert "Critical moment: 3... Nf6?? (blunder; " in text
    assert len(engines.requests) == 7  # the second /analyse searched nothing
    graph = images / "game1-analysis-graph.png"
    critical = images / "game1-analysis-critical.png"
    record = images / "postal-chess-1-analysis.pgn"
    assert f"graph saved: {graph}" in text and f"critical board saved: {critical}" in text
    with Image.open(graph) as picture:
        assert (picture.format, picture.size) == ("PNG", (800, 240))
    with Image.open(critical) as picture:
        assert picture.format == "PNG"
    tags, game = rules.get_variant("chess").read_record(record.read_text(encoding="utf-8"))
    assert game.ply == 7 and tags["Annotator"] == "Postal"
    assert "[%eval #1]" in record.read_text(encoding="utf-8")


async def test_without_an_engine_the_console_says_how_to_get_one(tmp_path: Path) -> None:
    script = SCHOLARS_MATE.replace("alice /analyse\n", "").replace("bob /analyse 1\n", "")
    out = io.StringIO()
    await run_console(tmp_path / "c.db", None, io.StringIO(script), out, interactive=False)
    assert (
        "! Postal can't analyse chess games right now: its engine, Stockfish, is not installed "
        "where the bot runs. Whoever hosts Postal can install it with `apt-get install "
        "stockfish` (or set ENGINE_CHESS to the engine's path)." in out.getvalue()
    )


async def test_the_summary_is_punctuated_and_named_in_the_readers_language(
    tmp_path: Path,
) -> None:
    """In Chinese the heading ends with 。 and no space before the next sentence, the
    variant is 国际象棋, and the counts are listed with 、 — not English's '. ', 'chess'
    and ', ' joined in code."""
    script = SCHOLARS_MATE.replace("carol /analyse game:1\nbob /analyse 1\n", "")
    await play(tmp_path, script, Locale.EN)  # the game played in English,
    text = await play(tmp_path, "bob /analyse 1\n", Locale.ZH_HANS)  # analysed in Chinese
    heading = next(line for line in text.splitlines() if "的分析" in line)
    assert "国际象棋" in heading and "chess" not in heading
    assert "的分析。引擎分析" in heading and ". " not in heading
    players = [line for line in text.splitlines() if "准确率" in line]
    assert len(players) == 2 and all("、" in line and ", " not in line for line in players)


async def test_numbers_in_the_analysis_are_written_the_reader_s_way(tmp_path: Path) -> None:
    """French groups thousands with a narrow no-break space (100 000 nœuds), English with a
    comma: the node budget and every figure go through the language's number format."""
    script = SCHOLARS_MATE.replace("carol /analyse game:1\nbob /analyse 1\n", "")
    texts = {
        Locale.EN: await play(tmp_path, script + "bob /analyse 1\n", Locale.EN),
        Locale.FR: await play(tmp_path, "bob /analyse 1\n", Locale.FR),
    }
    assert "100,000 nodes a position" in texts[Locale.EN]
    assert "100\u202f000 nœuds" in texts[Locale.FR]
    assert "100,000" not in texts[Locale.FR]
