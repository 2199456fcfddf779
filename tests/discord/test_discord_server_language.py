"""What the whole channel sees is in the server's language (Discord's guild_locale, or the
language its managers chose with /settings server_language:), whoever acted; what one
reader alone sees is in theirs. A shared board does not change language move by move."""

from __future__ import annotations

from tests.discord.harness import Harness, command, play, start_game
from tests.fakediscord import BOT_PERMISSIONS, MANAGE_GUILD, FakeMessage


def labels(message: FakeMessage) -> list[str]:
    return [str(button.get("label", "")) for button in message.buttons()]


async def test_a_french_players_move_in_an_english_server_is_shown_in_english(
    running: Harness,
) -> None:
    """A French player's move on an English server: the board, its text and its buttons
    are English for the channel; his refused move is answered to him alone, in French."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob)
    alice.locale = "fr"
    board = await play(fake, alice, "e4", thread)
    assert "alice played 1. e4" in board.text() and "a joué" not in board.text(), board.text()
    assert "Move…" in labels(board) and "Jouer…" not in labels(board), labels(board)
    refused = await command(fake, bob, "move", {"move": "Ke3"}, channel=thread)
    assert refused.ephemeral and "is illegal" in refused.text(), refused.text()
    bob.locale = "fr"
    refused = await command(fake, bob, "move", {"move": "Ke3"}, channel=thread)
    assert refused.ephemeral and "est illégal" in refused.text(), refused.text()
    # The channel's board stays English whoever moves.
    answer = await play(fake, bob, "e5", thread)
    assert "bob played 1... e5" in answer.text() and "Move…" in labels(answer), answer.text()


async def test_a_challenge_accepted_by_a_french_player_is_announced_in_the_servers_language(
    running: Harness,
) -> None:
    """The challenge message, rewritten when a French player accepts it, and the game's
    first board are read by the channel: in the server's language (English here)."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bob.locale = "fr"
    challenge = await command(fake, alice, "challenge", {"opponent": bob, "color": "white"})
    await fake.acknowledged(await fake.click(bob, challenge, "Accept"))
    [thread] = await fake.wait_until(lambda: fake.threads())
    first = await fake.wait_until(lambda: fake.channel_messages(thread.id))
    assert "Move…" in labels(first[0]), labels(first[0])
    rewritten = await fake.wait_until(
        lambda: next(
            (
                t
                for t in [fake.messages[challenge.id].text()]
                if "continues" in t or "continue" in t
            ),
            None,
        )
    )
    assert "The game continues in" in rewritten and "accepté" not in rewritten, rewritten


async def test_the_servers_chosen_language_is_what_the_channel_reads(running: Harness) -> None:
    """A member who may manage the server sets server_language:fr: from then on an English
    player's board is French for everyone, his own refusals stay English, and Postal's own
    posts there (a time-out) are French. A member who may not is refused, in his language,
    and nothing changes; auto goes back to the server's Discord language."""
    fake = running.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    thread, _ = await start_game(fake, alice, bob, days=1)
    refused = await command(fake, bob, "settings", {"server_language": "fr"})
    assert refused.ephemeral and "manage this server" in refused.text(), refused.text()
    assert "alice played 1. e4" in (await play(fake, alice, "e4", thread)).text()
    alice.permissions = BOT_PERMISSIONS | MANAGE_GUILD
    chosen = await command(fake, alice, "settings", {"server_language": "fr"})
    assert chosen.ephemeral and "is now in Français" in chosen.text(), chosen.text()
    board = await play(fake, bob, "e5", thread)
    assert "bob a joué 1... e5" in board.text() and "Jouer…" in labels(board), board.text()
    wrong = await command(fake, alice, "move", {"move": "Ke3"}, channel=thread)
    assert wrong.ephemeral and "is illegal" in wrong.text(), wrong.text()
    running.clock.advance(days=1, hours=1)
    await running.clock_round()
    await running.delivered()
    ended = fake.channel_messages(thread.id)[-1]
    assert "Partie terminée" in ended.text(), ended.text()
    await command(fake, alice, "settings", {"server_language": "auto"})
    thread, _ = await start_game(fake, alice, bob)
    assert "alice played 1. e4" in (await play(fake, alice, "e4", thread)).text()
