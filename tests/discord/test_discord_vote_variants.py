"""Vote games of xiangqi and janggi on Discord, through the real discord.py and the fake: a
team's members nominate and vote in any notation the game takes (WXF, Chinese and ICCS in
xiangqi; Korean notation, coordinates and the pass in janggi). What a member reads alone (the
answer to their ballot, the Vote… menu) names the moves as they read moves; the team's poll
is in the server's language; the elected move is played, and the board PNG shows it."""

from __future__ import annotations

import io

from PIL import Image

import rules
from bot.render.xiangqi_board import Layout
from rules import Color
from tests.discord.harness import Harness, command
from tests.discord.test_discord_votes import _open_game, _private, _tally_shows, _team_polls
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.model import CREATE_PRIVATE_THREADS, SEND_POLLS


def _image(message: FakeMessage) -> Image.Image:
    """The message's board PNG, decoded."""
    with Image.open(io.BytesIO(message.file("board.png").content)) as image:
        assert image.format == "PNG"
        return image.convert("RGB")


def _occupied(message: FakeMessage, variant: str, bottom: Color) -> set[str]:
    """The points a piece stands on in the message's board PNG (decoded; ``bottom``: the
    side seen at the bottom): those whose surroundings hide the board's own colour (an
    empty point shows it around its lines, a piece's disc covers it)."""
    image = _image(message)
    layout = Layout.of(image.width)
    cell, reach = layout.cell, int(layout.cell * 0.3)
    board = image.getpixel((layout.left + cell // 2, layout.top + cell // 2))  # a cell's middle
    names = rules.get_variant(variant).square_name
    found = set()
    for square in range(90):
        x, y = layout.point(square, bottom)
        patch = image.crop((x - reach, y - reach, x + reach, y + reach))
        shown = sum(1 for pixel in patch.get_flattened_data() if pixel == board)
        if shown < patch.width * patch.height * 0.3:
            found.add(names(square))
    return found


def _moved(before: FakeMessage, after: FakeMessage, variant: str, move: str) -> None:
    """``after``'s board (seen from the second mover's side, whose turn it is) shows the
    pieces of ``before``'s (seen from the first mover's) with ``move``'s piece moved from
    its point to the other (no capture), and nothing else changed."""
    start, end = move[:2], move[2:]
    pieces = _occupied(before, variant, Color.WHITE)
    assert start in pieces and end not in pieces and len(pieces) == 32, sorted(pieces)
    assert _occupied(after, variant, Color.BLACK) == pieces - {start} | {end}


async def _menu(fake: FakeDiscord, member: FakeUser, board: FakeMessage) -> list[tuple[str, str]]:
    """The (label, value) choices of ``member``'s private Vote… menu."""
    menu = await fake.reply(await fake.click(member, board, "Vote…"))
    assert menu.ephemeral, menu.text()
    select, _ = menu.selects()  # the vote, then the pieces to nominate from
    return [(option["label"], option["value"]) for option in select["options"]]


def _answers(poll: FakeMessage) -> list[str]:
    assert poll.poll is not None
    return [answer["poll_media"]["text"] for answer in poll.poll["answers"]]


async def test_a_xiangqi_team_votes_in_wxf_chinese_and_iccs(running: Harness) -> None:
    """The Lions (red: alice; bob, who reads Chinese; carol, who chose ICCS) against dave.
    alice nominates C2.5 in WXF, bob 马二进三 in Chinese, each answered in their notation;
    carol's Vote… menu names the moves h2e2 and h0g2, bob's 炮二平五 and 马二进三, alice's
    C2.5 and H2+3. The team's poll in the English server lists WXF, a second one once the
    server reads Chinese lists Chinese. bob votes 炮二平五, carol h2e2 from her menu, alice
    C2.5: one move, three votes; it is played, both polls end, and the board shows the
    cannon moved from h2 to e2, nothing else changed."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    bob.locale = "zh-CN"
    members = f"{bob.mention} {carol.mention}"
    thread, board = await _open_game(
        fake, alice, dave, members=members, game="xiangqi", color="red", secret=False
    )
    assert "Vote…" in [b["label"] for b in board.buttons()]
    await command(fake, carol, "settings", {"notation": "iccs"}, channel=thread)
    said = await _private(fake, alice, "vote nominate", {"move": "C2.5"}, thread)
    assert said.text() == "alice nominated C2.5 for Lions. Votes: C2.5 (0).", said.text()
    said = await _private(fake, bob, "vote nominate", {"move": "马二进三"}, thread)
    assert "马二进三" in said.text() and "炮二平五（0）、马二进三（0）" in said.text(), said.text()
    assert await _menu(fake, alice, board) == [("C2.5", "h2e2"), ("H2+3", "h0g2")]
    assert await _menu(fake, bob, board) == [("炮二平五", "h2e2"), ("马二进三", "h0g2")]
    assert await _menu(fake, carol, board) == [("h2e2", "h2e2"), ("h0g2", "h0g2")]
    tally = await _private(fake, carol, "vote tally", {}, thread)
    assert "h2e2 (0), h0g2 (0)" in tally.text(), tally.text()

    await _private(fake, bob, "vote poll", {}, thread)
    (english,) = _team_polls(fake, dave)
    assert _answers(english) == ["C2.5", "H2+3"]
    fake.set_guild_locale("zh-CN")
    await _private(fake, carol, "vote poll", {}, thread)  # carol's ICCS is hers alone
    (chinese,) = [p for p in _team_polls(fake, dave) if p.id != english.id]
    assert _answers(chinese) == ["炮二平五", "马二进三"]
    fake.set_guild_locale("en-US")

    said = await _private(fake, bob, "vote cast", {"move": "炮二平五"}, thread)
    assert "炮二平五（1）" in said.text(), said.text()
    menu = await fake.reply(await fake.click(carol, board, "Vote…"))
    await fake.acknowledged(await fake.choose(carol, menu, ["h2e2"]))
    await fake.wait_until(lambda: "voted for h2e2" in fake.messages[menu.id].text())
    last = await _private(fake, alice, "vote cast", {"move": "C2.5"}, thread)
    assert "Lions's vote closed: C2.5 is played. Votes: C2.5 (3), H2+3 (0)." in last.text()
    await running.delivered()
    await fake.wait_until(lambda: all(fake.messages[p.id].poll_ended for p in (english, chinese)))
    played = fake.channel_messages(thread.id)[-1]
    assert played.files and "Lions played 1. C2.5. dave to move." in played.text()
    _moved(board, played, "xiangqi", "h2e2")


async def test_a_janggi_team_votes_in_korean_and_coordinates_and_passes(
    running: Harness,
) -> None:
    """The Lions (Cho: alice, bob, carol, who reads janggi in coordinates) against dave.
    alice nominates 79졸78, bob the pass 한수쉼, carol i4h4 (the same soldier's move: no new
    nomination) and c4c5; alice's menu and the poll name the moves in Korean, carol's menu
    and her answers in coordinates. Three votes play 79졸78 (the board shows the soldier
    moved); dave answers; the team nominates and elects the pass, and dave's pass ends the
    game by counting."""
    fake = running.fake
    fake.bot_permissions |= SEND_POLLS | CREATE_PRIVATE_THREADS
    alice, bob, carol, dave = (fake.add_user(n) for n in ("alice", "bob", "carol", "dave"))
    members = f"{bob.mention} {carol.mention}"
    thread, board = await _open_game(
        fake, alice, dave, members=members, game="janggi", color="cho", secret=False
    )
    await command(fake, carol, "settings", {"janggi_notation": "coordinates"}, channel=thread)
    said = await _private(fake, alice, "vote nominate", {"move": "79졸78"}, thread)
    assert said.text() == "alice nominated 79졸78 for Lions. Votes: 79졸78 (0).", said.text()
    said = await _private(fake, bob, "vote nominate", {"move": "한수쉼"}, thread)
    assert said.text() == "bob nominated 한수쉼 for Lions. Votes: 79졸78 (0), 한수쉼 (0)."
    said = await _private(fake, carol, "vote nominate", {"move": "i4h4"}, thread)
    assert said.text() == "carol nominated i4h4 for Lions. Votes: i4h4 (0), e2e2 (0).", said.text()
    await _private(fake, carol, "vote nominate", {"move": "c4c5"}, thread)
    korean = [("79졸78", "i4h4"), ("한수쉼", "e2e2"), ("73졸63", "c4c5")]
    assert await _menu(fake, alice, board) == korean
    assert await _menu(fake, carol, board) == [(uci, uci) for _, uci in korean]
    await _private(fake, bob, "vote poll", {}, thread)
    (poll,) = _team_polls(fake, dave)
    assert _answers(poll) == ["79졸78", "한수쉼", "73졸63"]

    await fake.poll_vote(bob, poll, 1)
    await _tally_shows(fake, alice, thread, "79졸78 (1)")  # a gateway event: counted soon
    await _private(fake, carol, "vote cast", {"move": "i4h4"}, thread)
    last = await _private(fake, alice, "vote cast", {"move": "79졸78"}, thread)
    assert "79졸78 is played. Votes: 79졸78 (3), 한수쉼 (0), 73졸63 (0)." in last.text()
    await running.delivered()
    played = fake.channel_messages(thread.id)[-1]
    assert "Lions played 1. 79졸78. dave to move." in played.text(), played.text()
    _moved(board, played, "janggi", "i4h4")

    await command(fake, dave, "move", {"move": "c7c6"}, channel=thread)
    for member in (alice, bob, carol):
        await _private(fake, member, "vote cast", {"move": "한수쉼"}, thread)
    await running.delivered()
    passed = fake.channel_messages(thread.id)[-1]
    assert "Lions played 2. 한수쉼. dave to move." in passed.text(), passed.text()
    final = await command(fake, dave, "move", {"move": "pass"}, channel=thread)
    assert "Both sides passed — Han wins on points, 73½ to 72." in final.text(), final.text()
