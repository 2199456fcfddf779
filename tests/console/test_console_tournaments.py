"""A round robin played through the console: opened, joined, started, every game resigned,
and the table with its winner."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import Locale
from tests.console.session import play

SCRIPT = """\
alice /tournament create Autumn cup players:3
alice /tournament join
bob /tournament join
bob /tournament join
alice /tournament start
carol /tournament join
alice /tournament start
dave /tournament join
bob /resign game:1
bob /press Resign
alice /resign game:2
alice /press Resign
carol /resign game:3
carol /press Resign
bob /tournament standings
"""


async def test_a_round_robin_through_the_console(tmp_path: Path) -> None:
    """What the players read at each step, the refusals included."""
    output = await play(tmp_path, SCRIPT)
    assert "alice opened a tournament. Autumn cup (#1): round robin of chess" in output
    assert "! You are already in tournament #1." in output
    assert "! Tournament #1 needs at least 3 players to start; it has 2." in output
    assert "Autumn cup has started: 3 games, all at once." in output
    assert "Round 1, game #1: bob (white) – carol (black)" in output
    assert "! Tournament #1 has started already: its players are set." in output
    assert "Standings of Autumn cup after 3 of 3 games:" in output
    assert "Autumn cup is over: alice, bob, carol share first place." in output


async def test_the_end_is_announced_once_when_the_last_game_ends(tmp_path: Path) -> None:
    """The last game's ending announces the end with the final table, once, without
    anyone asking for the standings (as the Discord adapter posts it in the channel)."""
    script = SCRIPT.replace("bob /tournament standings\n", "alice /games\n")
    output = await play(tmp_path, script)
    assert output.count("Autumn cup is over: alice, bob, carol share first place.") == 1
    ended = output.index("Autumn cup is over:")
    assert output.index("Standings of Autumn cup after 3 of 3 games:") > ended  # its table
    assert "! " not in output[ended:]


BAD_INPUTS = """\
alice /tournament create Cup players:2
alice /tournament create Cup players:17
alice /tournament create Cup players:many
alice /tournament create Cup days:4
alice /tournament create Cup game:go
alice /tournament create Cup double:maybe
alice /tournament create Cup rated:perhaps
alice /tournament create Cup start_when_full:soon
alice /tournament create aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
bob /tournament join
bob /tournament join tournament:abc
bob /tournament standings
bob /tournament withdraw
alice /tournament create Cup players:3
bob /tournament join 99
bob /tournament pgn
bob /tournament leave
bob /tournament withdraw
alice /tournament start
alice /tournament dance
"""


async def test_every_tournament_option_refuses_bad_input(tmp_path: Path) -> None:
    """Each bad value of each option is refused by name, and nothing is opened until the
    one good create (#1)."""
    output = await play(tmp_path, BAD_INPUTS)
    refusals = [line for line in output.splitlines() if line.startswith("! ")]
    assert len(refusals) == 19, "\n".join(refusals)
    assert "! A round robin takes 3 to 16 players, not 2." in output
    assert "! A round robin takes 3 to 16 players, not 17." in output
    assert "! A tournament's name has at most 60 characters." in output
    assert "! There is no open tournament here." in output
    assert "! There is no tournament #99 here." in output
    assert "! You are not in tournament #1." in output
    assert "! Tournament #1 has not started: leave it with" in output
    assert "! Tournament #1 needs at least 3 players to start; it has 0." in output
    assert "! Tournament #1 has no games yet: it has not started." in output
    assert "(#1)" in output and "(#2)" not in output


async def test_a_deadline_through_the_console(tmp_path: Path) -> None:
    """``deadline:`` shows when sign-up closes; one refused says why and opens nothing."""
    output = await play(
        tmp_path,
        "alice /tournament create Cup deadline:soon\n"
        "alice /tournament create Cup deadline:2000-01-01\n"
        "alice /tournament create Cup deadline:3d\n",
    )
    assert '! deadline: "soon" is neither a duration like 3d' in output
    [past] = [line for line in output.splitlines() if "has passed" in line]
    assert past.startswith("! deadline: Jan 1, 2000") and past.endswith("a duration like 3d.")
    assert "Cup (#1)" in output and "sign-up closes" in output
    assert "Cup (#2)" not in output


async def test_stats_list_a_finished_tournament(tmp_path: Path) -> None:
    """After the round robin above (everyone on 1 point, sharing first place), bob's /stats
    lists it."""
    output = await play(tmp_path, SCRIPT + "bob /stats\n")
    assert "Tournaments: 1 finished.\nAutumn cup (#1): place 1 of 3, points: 1" in output


THEMATIC = """\
alice /tournament create Cup game:chess960 start:"1. e4"
alice /tournament create Cup start:"1. e4 e4"
alice /tournament create Scandinavian cup players:3 start:"1. e4 d5"
alice /tournament join
bob /tournament join
carol /tournament join
alice /tournament start
bob /move exd5 game:1
"""


async def test_a_thematic_tournament_through_the_console(tmp_path: Path) -> None:
    """``start:`` as ``/challenge`` takes it: refused in Chess960 and for a bad line (no
    tournament opened), and every game of the one opened begins after 1. e4 d5."""
    output = await play(tmp_path, THEMATIC)
    assert output.count("opened a tournament") == 1
    assert 'Move 2 of start, "e4", cannot be played there.' in output
    assert "Scandinavian cup (#1)" in output
    assert "bob played 2. exd5. carol to move. Opening: B01 Scandinavian Defense." in output


BAD_TERMS = """\
alice /tournament create Cup game:chess960 start:"1. e4"
alice /tournament create Cup start:"1. e4" rated:yes
alice /tournament create Cup rounds:3
alice /tournament create Cup format:swiss double:yes
alice /tournament create Cup decider:lots
alice /tournament create Cup format:knockout decider:coin
alice /tournament create Cup game:xiangqi start:"C2.5" players:3
bob /tournament join
"""


async def test_bad_terms_are_refused_each_by_name(tmp_path: Path) -> None:
    """Options that cannot go together are refused, each saying which and why, and open
    nothing: the one tournament opened is #1."""
    output = await play(tmp_path, BAD_TERMS)
    assert (
        "! A Chess960 tournament draws a new start for each round: leave start out, or "
        "make it a chess tournament for a thematic start." in output
    )
    assert "! Games from a custom position cannot be rated." in output
    assert "! rounds is for a Swiss: a round robin plays every pairing" in output
    assert "! double is for a round robin (each pair plays twice)" in output
    assert "! decider is for a knockout (what settles a match still level" in output
    assert '! decider must be one of seed, lots, armageddon, not "coin".' in output
    assert output.count("opened a tournament") == 1
    assert "Cup (#1): round robin of xiangqi, 3 days per move, casual" in output


NAMED_START = """\
alice /tournament create Cup players:3 start:"Scandinavian Defense"
alice /tournament join
bob /tournament join
carol /tournament join
alice /tournament start
alice /tournament standings
"""


async def test_a_thematic_tournament_says_its_start_where_players_read(tmp_path: Path) -> None:
    """The sign-up message (at every join), the start and the standings say the opening and
    its line; a start no opening names is said by its position."""
    output = await play(tmp_path, NAMED_START)
    theme = "Thematic: every game begins after 1. e4 d5 (B01 Scandinavian Defense)."
    assert output.count(theme) == 6  # opened, three joins, the start, the standings
    assert f"Cup has started: 3 games, all at once. {theme}" in output
    xiangqi = await play(tmp_path / "x", BAD_TERMS)
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    assert f"Thematic: every game begins from the position {fen}." in xiangqi


SWISS_SIGNUP = """\
alice /tournament create Winter swiss format:swiss rounds:2 players:3
bob /tournament join
alice /tournament start
carol /tournament join
dave /tournament join
"""


async def test_a_swiss_too_small_and_a_full_field_are_said_as_they_are(tmp_path: Path) -> None:
    """Starting a Swiss of one player is refused without calling it a round robin; a full
    field's message no longer invites joins, and says who starts it."""
    output = await play(tmp_path, SWISS_SIGNUP)
    assert "! Tournament #1 needs at least 3 players to start; it has 1." in output
    assert "Players (3/3): bob, carol, dave. Full: alice starts it; a player may still " in output


HALF_POINT_BYE = """\
alice /tournament create Cup bye:0.5
alice /tournament create Cup format:swiss bye:2
alice /tournament create Cup format:swiss bye:½ players:3 rounds:2
bob /tournament join
carol /tournament join
dave /tournament join
alice /tournament start
alice /tournament standings
"""


async def test_the_organiser_sets_what_a_swiss_bye_scores(tmp_path: Path) -> None:
    """``bye:½`` makes round 1's bye worth half a point in the table; a bye's score for a
    round robin, or one not offered, is refused and opens nothing."""
    output = await play(tmp_path, HALF_POINT_BYE)
    assert "! bye is for a Swiss: a round robin's bye scores nothing" in output
    assert '! bye must be one of 1, 0.5, 0, not "2".' in output
    assert output.count("opened a tournament") == 1
    assert "dave has the bye." in output
    assert "1. dave — points: 0.5, games: 0" in output


async def test_every_console_player_organises(tmp_path: Path) -> None:
    """The console has no roles: each of its players may manage its one server, so bob
    starts alice's tournament and withdraws carol from it, where Discord would ask for
    Manage Server or the organisers' role."""
    script = """\
alice /tournament create Club players:3
alice /tournament join
bob /tournament join
carol /tournament join
bob /tournament start
bob /tournament withdraw player:carol
"""
    output = await play(tmp_path, script)
    assert "Club has started: 3 games, all at once." in output
    assert "carol was withdrawn from Club by bob after 0 of 2 games" in output
    assert "! " not in output, output


async def test_a_knockout_decided_by_armageddon_says_so(tmp_path: Path) -> None:
    """``decider:`` takes a value or its label: the knockout's sign-up says its rule."""
    script = (
        'alice /tournament create Cup format:knockout tiebreaks:0 decider:"An Armageddon game"\n'
    )
    output = await play(tmp_path, script)
    assert "Tie-break: in a level match, one Armageddon game decides: colours drawn by lot" in (
        output
    ), output


async def test_the_standings_follow_each_result(tmp_path: Path) -> None:
    """As Discord's standings message is edited after each result, the console prints
    the table after each (1 of 3, then 2 of 3) without anyone asking; the last result's
    table is the end's announcement alone, printed once."""
    script = SCRIPT.replace("bob /tournament standings\n", "")
    output = await play(tmp_path, script)
    first = output.index("Standings of Autumn cup after 1 of 3 games:")
    second = output.index("Standings of Autumn cup after 2 of 3 games:")
    assert output.index("bob resigned") < first < output.index("alice resigned") < second
    assert output.count("Standings of Autumn cup after 1 of 3 games:") == 1
    assert output.count("Standings of Autumn cup after 3 of 3 games:") == 1
    assert output.index("Autumn cup is over") < output.index("after 3 of 3 games")


async def test_a_withdrawal_ending_games_prints_the_table_once(tmp_path: Path) -> None:
    """dave withdraws from a round robin of four with three games going: they end in one
    transaction, and the console prints the standings after them once, not once a game."""
    script = """\
alice /tournament create Club players:4
alice /tournament join
bob /tournament join
carol /tournament join
dave /tournament join
alice /tournament start
dave /tournament withdraw
"""
    output = await play(tmp_path, script)
    assert "3 games ended." in output
    assert output.count("Standings of Club after") == 1, output
    assert "! " not in output, output


async def test_the_signup_has_join_and_leave_as_numbered_buttons(tmp_path: Path) -> None:
    """The sign-up's Join and Leave buttons, as the console numbers them: pressed by label
    or number, each acts for the presser and shows the sign-up again with its buttons; a
    full field's join starts it, and the started tournament has none."""
    script = """\
alice /tournament create Club players:3 start_when_full:yes
bob /press Join
carol /press 3
carol /press Leave
carol /press Join
alice /press Join
"""
    output = await play(tmp_path, script)
    assert "buttons: [1] Join  [2] Leave" in output
    assert "bob joined. Club (#1)" in output and "carol joined. Club (#1)" in output
    assert "carol left. Club (#1)" in output and "Players (1/3): bob." in output
    assert "Club has started: 3 games, all at once." in output
    started = output.split("Club has started", 1)[1]
    assert "Join" not in started.split("\n", 1)[0] and "] Join" not in started, output
    assert "! " not in output, output


async def test_old_signups_buttons_go_once_it_starts(tmp_path: Path) -> None:
    """Joins typed as commands each show the sign-up with its Join and Leave, and only the
    newest pair stays pressable (Discord edits its one message); once started, none is: a
    number or a label pressed then is no button, and nothing about the field changes."""
    script = """\
alice /tournament create Club players:4
alice /tournament join
bob /tournament join
carol /tournament join
alice /press 1
alice /tournament start
dave /press 7
dave /press Join
bob /press Leave
alice /tournament standings
"""
    output = await play(tmp_path, script)
    assert "buttons: [7] Join  [8] Leave" in output, output
    assert '! There is no button "1" to press.' in output
    assert '! There is no button "7" to press.' in output
    assert '! There is no button "Join" to press.' in output
    assert '! There is no button "Leave" to press.' in output
    assert "has started already" not in output
    table = output.split("Standings of Club", 1)[1]
    assert "dave" not in table and "bob" in table


@pytest.mark.parametrize(
    ("game", "locale", "line"),
    [
        ("xiangqi", Locale.EN, "Round 1, game #1: bob (red) – carol (black)"),
        ("xiangqi", Locale.FR, "Ronde 1, partie n° 1 : bob (rouges) – carol (noirs)"),
        ("xiangqi", Locale.KO, "1라운드, 대국 #1: bob(홍) – carol(흑)"),
        ("xiangqi", Locale.JA, "第 1 ラウンド、対局 #1：bob（紅）– carol（黒）"),
        ("xiangqi", Locale.ZH_HANS, "第 1 轮，对局 #1：bob（红方）– carol（黑方）"),
        ("xiangqi", Locale.ZH_HANT, "第 1 輪，對局 #1：bob（紅方）– carol（黑方）"),
        # Janggi's sides are named, not coloured: Cho (who moves first) and Han.
        ("janggi", Locale.EN, "Round 1, game #1: bob (Cho) – carol (Han)"),
    ],
)
async def test_each_pairing_says_who_has_which_side(
    tmp_path: Path, game: str, locale: Locale, line: str
) -> None:
    """A round robin's start lists each game with its players' sides as the game names
    them (red and black in xiangqi), in each language Postal speaks."""
    script = f"""\
alice /tournament create Cup players:3 game:{game}
alice /tournament join
bob /tournament join
carol /tournament join
alice /tournament start
"""
    output = await play(tmp_path, script, locale)
    assert line in output, output


async def test_a_page_past_the_tables_last_is_refused(tmp_path: Path) -> None:
    """``page:`` picks 64 players of the standings: a table of three has one page, so page 2
    is refused saying how many it has, page 0 by the option's range, and page 1 is it all."""
    script = """\
alice /tournament create Cup players:3
alice /tournament join
bob /tournament join
carol /tournament join
alice /tournament start
bob /tournament standings page:2
bob /tournament standings page:0
bob /tournament standings page:1
"""
    output = await play(tmp_path, script)
    assert "! The table of tournament #1 has 1 page: there is no other." in output, output
    assert output.count("Standings of Cup after 0 of 3 games:") == 1
    assert output.count("! ") == 2
