"""``/tournament create decider:`` on Discord: a knockout's choice of what settles a match
still level after its tie-break games, stated on its sign-up message; refused elsewhere."""

from __future__ import annotations

from tests.discord.harness import Harness, command
from tests.fakediscord.model import MANAGE_GUILD


async def test_the_decider_is_chosen_and_stated(running: Harness) -> None:
    """``decider:armageddon`` on a knockout is stated with its draw odds, its sides named as
    the game names them (red and black in xiangqi); ``decider:lots`` on a round robin is
    refused by name, privately."""
    fake = running.fake
    alice = fake.add_user("alice")
    alice.permissions |= MANAGE_GUILD
    options = {"format": "knockout", "players": 4, "decider": "armageddon"}
    made = await command(fake, alice, "tournament create", options)
    assert not made.ephemeral
    said = "one Armageddon game decides: colours drawn by lot, white must win, a draw sends black"
    assert said in made.text(), made.text()
    xiangqi = await command(fake, alice, "tournament create", {**options, "game": "xiangqi"})
    said = "colours drawn by lot, red must win, a draw sends black through"
    assert said in xiangqi.text(), xiangqi.text()
    refused = await command(fake, alice, "tournament create", {"decider": "lots"})
    assert refused.ephemeral and "decider is for a knockout" in refused.text(), refused.text()
