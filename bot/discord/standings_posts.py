"""A tournament's standings on Discord: ``/tournament standings``' answer and the message
kept up to date after every result.

The answer shows a page of ``STANDINGS_PAGE`` (64) players, ``page:`` picking another: as
many of its lines as a message's 2,000 characters hold, and its images, four of 16 rows at
most (``bot.render.cross_table``). When the words leave out any player, the whole table
comes as ``standings.txt`` (an attachment, the 11th file a message could not take), so every
player finds their line in one answer, and their image row on their page.

The message kept up to date is a component layout: the table's title as its heading (said
once), then as many lines as its 4,000 characters hold. Words only: with images, each of a
big tournament's results would upload up to four PNGs again in the edit (a 200-player
Swiss, 700 results: 2,800), where ``/tournament standings`` draws them when asked."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.discord.messages import CONTENT_LIMIT, TITLE_LIMIT, Card, Reply, Tone, clip, safe
from bot.discord.tournament_posts import LAYOUT_TEXT_LIMIT
from bot.i18n.names import Command, Option
from bot.i18n.text import Sentences, Text, say
from bot.render.cross_table import pages, render_cross_table
from bot.service.tournament.facts import STANDINGS_PAGE, TournamentStandings
from bot.text.standings_words import (
    cross_table,
    page_head,
    standings_text,
    table_lines,
    theme_of,
    won_text,
)

# The whole table's file, attached when the words leave a player out.
WHOLE_TABLE = "standings.txt"
# Room kept in a layout for the separators between its parts.
_SPARE = 40


def fitted(head: str, lines: Sequence[str], tail: str, limit: int) -> tuple[str, int]:
    """``head``, then as many of ``lines`` as fit, then ``tail``, one a line, in at most
    ``limit`` characters; and how many of ``lines`` it holds."""
    used = len(head) + (len(tail) + 1 if tail else 0)
    shown = 0
    for line in lines:
        if used + 1 + len(line) > limit:
            break
        used += 1 + len(line)
        shown += 1
    return "\n".join(part for part in (head, *lines[:shown], tail) if part), shown


def standings_answer(table: TournamentStandings, page: int = 1) -> Reply:
    """``/tournament standings``: page ``page`` of the table (checked by the service) in
    words and images, the whole table attached when the words leave anyone out (a
    knockout's bracket: its words alone, one page)."""
    first = (page - 1) * STANDINGS_PAGE if table.lines else 0
    rows = table_lines(table)
    lines = [safe(say(line)) for line in rows[first : first + STANDINGS_PAGE]]
    theme, head = safe(say(theme_of(table))), safe(say(page_head(table, page)))
    head = f"{theme}\n{head}" if theme else head
    won = safe(say(won_text(table))) if table.winners else ""
    note = safe(say(_note(table, page)))
    everything, shown = fitted(head, lines, won, CONTENT_LIMIT)
    if shown < len(rows):  # some left out: say where they are, and attach them all
        text, _ = fitted(head, lines, won, CONTENT_LIMIT - len(note) - 1)
        whole = (WHOLE_TABLE, say(standings_text(table)).encode())
        reply = Reply(f"{text}\n{note}", attachment=whole)
    else:
        reply = Reply(everything)
    if not table.lines:
        return reply
    drawn = pages(cross_table(table), first)
    drawings = tuple(
        (f"standings-{n}.png" if n > 1 else "standings.png", partial(render_cross_table, part))
        for n, part in enumerate(drawn, start=1)
    )
    return Reply(reply.content, attachment=reply.attachment, drawings=drawings)


def ended_post(table: TournamentStandings) -> Reply:
    """The end's announcement: the winner, then the final table as far as a message holds
    it, the whole table attached when it holds not every line."""
    head = f"{safe(say(won_text(table)))}\n{safe(say(page_head(table)))}"
    lines = [safe(say(line)) for line in table_lines(table)]
    text, shown = fitted(head, lines, "", CONTENT_LIMIT)
    if shown == len(lines):
        return Reply(text)
    note = safe(say(Text("Every player's line: {file}.", file=WHOLE_TABLE)))
    text, _ = fitted(head, lines, note, CONTENT_LIMIT)
    return Reply(text, attachment=(WHOLE_TABLE, say(standings_text(table)).encode()))


def _note(table: TournamentStandings, page: int) -> Text:
    """Where the rest of the table is: the file, and the next page's images if any."""
    said = Text("Every player's line: {file}.", file=WHOLE_TABLE)
    if page >= table.pages:
        return said
    first = page * STANDINGS_PAGE + 1
    more = Text(
        "Players {first}–{last} in images: {command} {option}.",
        first=first,
        last=min(len(table.lines), first + STANDINGS_PAGE - 1),
        command=Command("tournament", "standings"),
        option=Option("page", page + 1),
    )
    return Sentences(said, more)


def standings_layout(table: TournamentStandings) -> Reply:
    """The standings message kept up to date: the table's title as its heading, then as
    many of its lines as the layout holds and, when some are left out, where every player
    is (``/tournament standings``)."""
    heading = clip(safe(say(page_head(table))).rstrip(":："), TITLE_LIMIT)
    lines = [safe(say(line)) for line in table_lines(table)]
    theme = safe(say(theme_of(table)))
    more = safe(say(Text("Every player: {command}.", command=Command("tournament", "standings"))))
    room = LAYOUT_TEXT_LIMIT - len(heading) - len(more) - _SPARE
    text, shown = fitted(theme, lines, "", room)
    if shown < len(lines):
        text = f"{text}\n{more}"
    return Reply(card=Card(heading, text, (), Tone.INFO), layout=True)
