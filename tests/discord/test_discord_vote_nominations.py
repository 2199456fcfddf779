"""Nominating a move in a vote game as a normal move is made, through the real discord.py
and the fake: Vote…'s private menu carries the piece menus of Move…, then the chosen
piece's destinations, the move chosen nominated; and /vote nominate's autocomplete offers
the legal moves in the member's notation, nothing to someone not on the team."""

from __future__ import annotations

from tests.discord.harness import Harness
from tests.discord.test_discord_votes import _open_game, _private


async def test_a_member_nominates_from_the_board_menus(running: Harness) -> None:
    """bob (on the team) opens Vote…: with nothing nominated yet it holds only the pieces
    that can move; he picks the g1 knight, gets its two moves (the board marking them,
    Another piece back), chooses Nf3 and is told it is nominated; Vote… then offers Nf3
    to vote for, beside the pieces. Only bob sees the menus; the game's thread sees none."""
    fake = running.fake
    alice, bob, dave = (fake.add_user(n) for n in ("alice", "bob", "dave"))
    thread, board = await _open_game(fake, alice, dave, members=bob.mention)
    menu = await fake.reply(await fake.click(bob, board, "Vote…"))
    assert menu.ephemeral and "nominate a move below" in menu.text(), menu.text()
    (pieces,) = menu.selects()
    assert pieces["placeholder"] == "Nominate a move: choose a piece"
    squares = [o["value"] for o in pieces["options"]]
    assert "g1" in squares and "e2" in squares and len(squares) == 10  # 8 pawns, 2 knights
    picked = await fake.choose(bob, menu, ["g1"])
    targets = await fake.reply(picked)
    assert targets.ephemeral and targets.files, targets.text()
    (moves,) = targets.selects()
    options = [(o["label"], o["value"]) for o in moves["options"]]
    assert options == [("Nf3", "g1f3"), ("Nh3", "g1h3")], options
    assert "Another piece" in [b["label"] for b in targets.buttons()]
    chosen = await fake.choose(bob, targets, ["g1f3"])
    await fake.acknowledged(chosen)
    await fake.wait_until(lambda: "nominated Nf3 for Lions" in fake.messages[targets.id].text())
    tally = await _private(fake, alice, "vote tally", {}, thread)
    assert "Nominated: Nf3." in tally.text(), tally.text()
    again = await fake.reply(await fake.click(bob, board, "Vote…"))
    vote, pieces = again.selects()
    assert [o["value"] for o in vote["options"]] == ["g1f3"]
    assert [o["value"] for o in pieces["options"]] == squares
    assert "Nf3" not in "\n".join(m.text() for m in fake.channel_messages(thread.id))


async def test_nominating_from_the_menus_is_refused_to_others(running: Harness) -> None:
    """dave (the opponent) and eve (on no team) are refused Vote…; once the team's window
    closed (its move played), bob's open piece menu refuses his choice and nominates
    nothing."""
    fake = running.fake
    alice, bob, dave, eve = (fake.add_user(n) for n in ("alice", "bob", "dave", "eve"))
    thread, board = await _open_game(fake, alice, dave, members=bob.mention)
    for outsider in (dave, eve):
        refused = await fake.reply(await fake.click(outsider, board, "Vote…"))
        assert refused.ephemeral and not refused.selects(), refused.text()
        assert "not on this team" in refused.text(), refused.text()
    menu = await fake.reply(await fake.click(bob, board, "Vote…"))
    targets = await fake.reply(await fake.choose(bob, menu, ["e2"]))
    for member in (alice, bob):
        await _private(fake, member, "vote cast", {"move": "d4"}, thread)
    await running.delivered()
    late = await fake.reply(await fake.choose(bob, targets, ["e2e4"]))
    assert late.ephemeral and "out of date" in late.text(), late.text()
    tally = await _private(fake, bob, "vote tally", {}, thread)
    assert "no vote open" in tally.text(), tally.text()


async def test_nominate_autocomplete_offers_the_teams_legal_moves(running: Harness) -> None:
    """/vote nominate's autocomplete: a member typing N gets the knights' moves (SAN), the
    opponent and someone on no team get nothing; in a xiangqi vote game a member typing C2
    gets the cannon's moves in WXF."""
    fake = running.fake
    alice, bob, dave, eve = (fake.add_user(n) for n in ("alice", "bob", "dave", "eve"))
    thread, _ = await _open_game(fake, alice, dave, members=bob.mention)
    knights = await fake.autocomplete(bob, "vote nominate", "move", {"move": "N"}, channel=thread)
    assert sorted(c["value"] for c in knights.choices) == ["Na3", "Nc3", "Nf3", "Nh3"]
    for outsider in (dave, eve):
        none = await fake.autocomplete(
            outsider, "vote nominate", "move", {"move": ""}, channel=thread
        )
        assert none.choices == []
    red, black = fake.add_user("red"), fake.add_user("black")
    xiangqi, _ = await _open_game(
        fake, red, black, title="Dragons", members=eve.mention, game="xiangqi", color="red"
    )
    cannons = await fake.autocomplete(eve, "vote nominate", "move", {"move": "C2"}, channel=xiangqi)
    values = [c["value"] for c in cannons.choices]
    assert "C2.5" in values and all(v.startswith("C2") for v in values), values
