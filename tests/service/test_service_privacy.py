"""Who may read a game, and listings that stay on their own server."""

from __future__ import annotations

import pytest

from bot.service import GameService, Place, errors
from bot.text.errors import error_message
from tests.service.service_helpers import ALICE, BOB, CAROL, PLACE, play, start_game

SCHOLARS_MATE = ("e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
OTHER_CHANNEL = Place(guild_id=PLACE.guild_id, channel_id=11)
OTHER_SERVER = Place(guild_id=2, channel_id=PLACE.channel_id)


async def unknown_answer(service: GameService, game_id: int) -> str:
    """What anyone is told about a game number that does not exist."""
    with pytest.raises(errors.UnknownGameError) as raised:
        await service.play.board(CAROL, PLACE, game_id=game_id)
    return error_message(raised.value)


async def refused(call: object) -> str:
    with pytest.raises(errors.UserError) as raised:
        await call  # type: ignore[misc]
    assert type(raised.value) is errors.UnknownGameError
    return error_message(raised.value)


async def test_others_read_a_game_only_where_it_lives(service: GameService) -> None:
    """A non-player elsewhere (another channel, another server) gets exactly the answer for
    a game that does not exist, from every command that takes a game id; in the game's
    channel they may look; its players may look from anywhere."""
    started = await start_game(service)
    game_id = started.game.id
    await play(service, game_id, "e4")
    nothing = await unknown_answer(service, game_id + 1000)
    assert nothing == f"There is no game #{game_id + 1000}."
    for place in (OTHER_CHANNEL, OTHER_SERVER, Place(0, PLACE.channel_id)):
        calls = [
            service.play.board(CAROL, place, game_id=game_id),
            service.reports.record(CAROL, place, game_id=game_id),
            service.play.legal_targets(CAROL, place, "e7", game_id=game_id),
            service.play.move(CAROL, place, "e5", game_id=game_id),
            service.endings.draw(CAROL, place, game_id=game_id),
            service.endings.resign(CAROL, place, game_id=game_id),
        ]
        for call in calls:
            assert await refused(call) == f"There is no game #{game_id}."
        assert await service.play.legal_move_suggestions(CAROL, place, "", game_id=game_id) == []

    shown = await service.play.board(CAROL, PLACE, game_id=game_id)  # where the game lives
    assert shown.game.id == game_id
    assert (await service.reports.record(CAROL, PLACE, game_id=game_id)).game.id == game_id
    far = Place(guild_id=99, channel_id=999)
    assert (await service.play.board(BOB, far, game_id=game_id)).game.id == game_id
    assert (await service.reports.record(ALICE, far, game_id=game_id)).game.id == game_id
    with pytest.raises(errors.NotAPlayerError):  # she can see it, so she may be told why
        await service.play.move(CAROL, PLACE, "e5", game_id=game_id)


async def test_a_game_in_a_thread_is_read_in_that_thread(service: GameService) -> None:
    """A game started inside a thread (it may be private) is read there only; a game in the
    public thread Postal opened for it is read in that thread and in its channel."""
    in_thread = Place(PLACE.guild_id, PLACE.channel_id, 555)
    inside = await start_game(service, place=in_thread)
    game_id = inside.game.id
    other_thread = Place(PLACE.guild_id, PLACE.channel_id, 556)
    assert (await service.play.board(CAROL, in_thread, game_id=game_id)).game.id == game_id
    assert (await service.play.board(CAROL, in_thread)).game.id == game_id  # no id needed there
    for place in (PLACE, other_thread):
        assert await refused(service.play.board(CAROL, place, game_id=game_id)) == (
            f"There is no game #{game_id}."
        )

    opened = await start_game(service, white=BOB, black=ALICE)
    await service.reports.set_game_thread(opened.game.id, 557)  # Postal's own public thread
    assert (
        await service.play.board(CAROL, PLACE, game_id=opened.game.id)
    ).game.id == opened.game.id
    own_thread = Place(PLACE.guild_id, PLACE.channel_id, 557)
    assert (await service.play.board(CAROL, own_thread)).game.id == opened.game.id
    assert await refused(service.play.board(CAROL, other_thread, game_id=opened.game.id)) == (
        f"There is no game #{opened.game.id}."
    )


async def test_autocomplete_offers_only_the_users_own_games(service: GameService) -> None:
    """The ``game`` option's choices are the asker's games, never anyone else's."""
    mine = await start_game(service, white=ALICE, black=CAROL)
    await start_game(service)  # alice vs bob, same channel
    assert [c.game_id for c in await service.reports.game_choices(CAROL, PLACE)] == [mine.game.id]
    assert await service.reports.game_choices(BOB, OTHER_SERVER) != []  # his own, wherever asked


@pytest.mark.store
async def test_listings_stay_on_the_server_where_they_are_asked(service: GameService) -> None:
    """/games, /history and /stats about a player show only games (and ratings) of the
    server where they are asked; outside any server, one's own games from everywhere."""
    here = await start_game(service)  # alice vs bob on server 1
    there = await start_game(service, white=ALICE, black=CAROL, place=OTHER_SERVER)
    await play(service, here.game.id, *SCHOLARS_MATE)
    await start_game(service, white=ALICE, black=CAROL, place=OTHER_SERVER)
    await play(service, there.game.id, *SCHOLARS_MATE)
    await start_game(service)  # an active one on server 1

    on_one = await service.reports.games(BOB, ALICE, place=PLACE)
    assert {e.game.guild_id for e in on_one.entries} == {1}
    assert "carol" not in {e.opponent.name for e in on_one.entries}
    on_two = await service.reports.games(BOB, ALICE, place=OTHER_SERVER)
    assert {e.opponent.name for e in on_two.entries} == {"carol"}

    history = await service.reports.history(BOB, ALICE, place=PLACE)
    assert [e.game.id for e in history.entries] == [here.game.id]
    stats = await service.reports.stats(BOB, ALICE, place=PLACE)
    (chess,) = stats.variants
    assert (chess.wins, chess.draws, chess.losses) == (1, 0, 0)
    assert chess.rated_games == 1

    dm = Place(0, 7)  # the bot's DMs: her own games, everywhere; nobody else's
    own = await service.reports.games(ALICE, place=dm)
    assert {e.game.guild_id for e in own.entries} == {1, 2}
    assert (await service.reports.games(BOB, ALICE, place=dm)).entries == ()
    assert (await service.reports.history(BOB, ALICE, place=dm)).entries == ()
    assert (await service.reports.stats(BOB, ALICE, place=dm)).variants == ()


async def test_others_games_are_listed_only_where_they_live(service: GameService) -> None:
    """Another player's list leaves out games living in a channel other than where it is
    asked (a private staff channel, say); games the asker plays in are always listed."""
    staff = await start_game(service, white=ALICE, black=CAROL, place=OTHER_CHANNEL)
    await play(service, staff.game.id, *SCHOLARS_MATE)
    await start_game(service, white=ALICE, black=CAROL, place=OTHER_CHANNEL)
    shared = await start_game(service, white=ALICE, black=BOB, place=OTHER_CHANNEL)
    outside = Place(PLACE.guild_id, 99)
    listed = await service.reports.games(BOB, ALICE, place=outside)
    assert [e.game.id for e in listed.entries] == [shared.game.id]
    assert (await service.reports.history(BOB, ALICE, place=outside)).entries == ()
    in_staff = await service.reports.games(BOB, ALICE, place=OTHER_CHANNEL)
    assert len(in_staff.entries) == 2
    assert [
        e.game.id for e in (await service.reports.history(BOB, ALICE, place=OTHER_CHANNEL)).entries
    ] == [staff.game.id]
