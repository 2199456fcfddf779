"""What a newcomer gets wrong on Discord is answered specifically, privately, changing nothing."""

from __future__ import annotations

from tests.discord.harness import Harness, command, start_game


async def test_xiangqi_colours_are_red_and_black(running: Harness) -> None:
    """`/challenge game:xiangqi color:red` challenges as red; the other game's colour word is
    refused with the colours of the game chosen; the choices say which game each is for."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    names = {
        choice["value"]: choice["name"]
        for option in fake.commands(fake.guild_id)["challenge"]["options"]
        if option["name"] == "color"
        for choice in option["choices"]
    }
    assert names == {
        "white": "white (chess)",
        "red": "red (xiangqi)",
        "black": "black",
        "cho": "cho (janggi, moves first)",
        "han": "han (janggi)",
        "random": "random",
    }
    red = await command(
        fake, alice, "challenge", {"opponent": bob, "game": "xiangqi", "color": "red"}
    )
    assert not red.ephemeral and "alice plays red" in red.text()
    before = len(fake.public_messages())
    wrong = await command(
        fake, alice, "challenge", {"opponent": bob, "game": "xiangqi", "color": "white"}
    )
    assert wrong.ephemeral
    assert wrong.text() == (
        'In xiangqi the colours are red and black: color must be red, black or random, not "white".'
    )
    wrong = await command(fake, alice, "challenge", {"opponent": bob, "color": "red"})
    assert wrong.ephemeral and wrong.text().startswith("In chess the colours are white and black")
    assert len(fake.public_messages()) == before


async def test_the_same_challenge_twice_links_to_the_first(running: Harness) -> None:
    """The same /challenge again is refused privately with a link to the first challenge's
    message; bob is mentioned once."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    first = await command(fake, alice, "challenge", {"opponent": bob, "game": "chess"})
    assert not first.ephemeral
    again = await command(fake, alice, "challenge", {"opponent": bob})
    assert again.ephemeral and again.visible_to == alice.id
    link = f"https://discord.com/channels/{fake.guild_id}/{first.channel_id}/{first.id}"
    assert again.text().startswith("You already challenged bob to this game: challenge #1 waits")
    assert again.text().endswith(link)
    assert [m for m in fake.messages.values() if bob.id in m.mentions] == [first]


async def test_the_same_challenge_while_the_first_is_being_posted_links_to_it(
    running: Harness,
) -> None:
    """The same /challenge sent when the first one's message is up but Discord's answer
    (its message id) has not reached Postal yet still links to the first, once it has."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    fake.answering.clear()  # a slow Discord: answers to interaction callbacks are held
    first = await fake.reply(await fake.slash(alice, "challenge", {"opponent": bob}))
    second = await fake.slash(alice, "challenge", {"opponent": bob})
    # the second has been answered or acknowledged too: it can only learn the link later
    await fake.wait_until(lambda: fake.held_answers == 2)
    fake.answering.set()
    again = await fake.reply(second)
    link = f"https://discord.com/channels/{fake.guild_id}/{first.channel_id}/{first.id}"
    assert again.ephemeral and again.text().endswith(link), again.text()
    assert [m for m in fake.public_messages() if bob.id in m.mentions] == [first]


async def test_move_written_another_way_gets_specific_help(running: Harness) -> None:
    """`/move Pe4`, `♘f3` and `1. e4` say what to change, privately; `Nf6` suggests Nf3."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    before = len(fake.public_messages())
    answers = {
        typed: await command(fake, alice, "move", {"move": typed}, channel=thread)
        for typed in ("Pe4", "♘f3", "1. e4", "Nf6")
    }
    assert all(answer.ephemeral for answer in answers.values())
    assert answers["Pe4"].text().startswith('"Pe4": write e4 without the P')
    assert answers["♘f3"].text().endswith("Did you mean Nf3?")
    assert "move numbers are not needed" in answers["1. e4"].text()
    assert "Did you mean Nf3," in answers["Nf6"].text()
    assert len(fake.public_messages()) == before
