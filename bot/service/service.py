"""``GameService``: every use case of Postal behind one object adapters hold."""

from __future__ import annotations

from typing import Any

from bot.engine.api import Engines
from bot.service.after_game import AfterGameUseCases
from bot.service.analysis import Analyses
from bot.service.animations import AnimationQueue
from bot.service.board_menus import BoardMenuUseCases
from bot.service.buttons import ButtonUseCases
from bot.service.challenges import ChallengeUseCases
from bot.service.club_matches import ClubMatchUseCases
from bot.service.computer import ComputerOpponent
from bot.service.conditional import ConditionalMoves
from bot.service.core import ServiceCore
from bot.service.deadlines import DeadlineUseCases
from bot.service.deliveries import DeliveryUseCases
from bot.service.digests import DigestUseCases
from bot.service.endings import EndingUseCases
from bot.service.languages import Languages
from bot.service.notes import Notes
from bot.service.pauses import PauseUseCases
from bot.service.play import PlayUseCases
from bot.service.preferences import PreferenceUseCases
from bot.service.reports import ReportUseCases
from bot.service.server_languages import ServerLanguages
from bot.service.team_threads import TeamThreads
from bot.service.tournament.history import TournamentHistory
from bot.service.tournament.organisers import OrganiserRoles
from bot.service.tournament.signup import SignupClock
from bot.service.tournament.use_case import TournamentUseCases
from bot.service.vote_menus import VoteMenus
from bot.service.vote_polls import VotePolls
from bot.service.votes import VoteUseCases
from bot.store import Store


class GameService:
    """Postal's use cases over one ``Store``; async, and knows nothing of Discord.

    ``GameService(store, clock=system_clock, reminder_hours=(24, 1),
    vacation_days_per_year=30, on_schedule_change=None, on_computer_turn=None, engines=None)``:
    ``clock`` returns aware UTC datetimes (tests pass a ``ManualClock``);
    ``on_schedule_change`` is called after any change that may move ``next_wakeup()`` (a
    scheduler uses it to wake up early); ``on_computer_turn`` after a change that made a
    game the computer's to move (its replies' queue looks then);
    ``engines`` (``bot.engine.api.Engines``) serve analysis and the computer opponent.
    Methods raise ``UserError`` subclasses with a friendly ``.message`` for anything the
    user can fix; any other exception is a bug.

    Use cases side by side, each built from the core and the siblings it uses (who builds
    whom is below): adapters call ``service.play.move(...)``, ``service.endings.abort(...)``.
    """

    def __init__(
        self, store: Store, *args: Any, engines: Engines | None = None, **kwargs: Any
    ) -> None:
        # The core keeps the engines too: analysis (and whatever else) reads them there.
        self.core = core = ServiceCore(store, *args, engines=engines, **kwargs)
        self.languages = Languages(core)
        self.server_languages = ServerLanguages(core)
        self.tournament_roles = organisers = OrganiserRoles(core)
        self.play = play = PlayUseCases(core)
        self.board_menus = board_menus = BoardMenuUseCases(core, play)
        # ``engines`` None: no computer opponent (challenging it says how to install one).
        self.computer = computer = ComputerOpponent(core, play, engines)
        self.challenges = challenges = ChallengeUseCases(core)
        self.after_game = after_game = AfterGameUseCases(core, challenges, computer)
        self.endings = endings = EndingUseCases(core)
        self.deadlines = DeadlineUseCases(core, endings)
        self.pauses = pauses = PauseUseCases(core, endings)
        self.digests = digests = DigestUseCases(core)
        self.tournaments = tournaments = TournamentUseCases(core, organisers)
        self.signups = SignupClock(core, tournaments)
        self.votes = votes = VoteUseCases(core, play, challenges, computer)
        self.matches = matches = ClubMatchUseCases(core, organisers)
        self.deliveries = DeliveryUseCases(core, digests, endings, tournaments, matches)
        self.reports = reports = ReportUseCases(core, TournamentHistory(core, tournaments))
        self.preferences = PreferenceUseCases(core, self.languages)
        self.vote_polls = VotePolls(core, votes)
        self.team_threads = TeamThreads(core, votes)
        self.buttons = ButtonUseCases(
            core,
            after_game,
            board_menus,
            challenges,
            endings,
            play,
            reports,
            tournaments,
            pauses,
            votes,
            VoteMenus(core, votes),
        )
        self.conditional = ConditionalMoves(core)
        self.notes = Notes(core)
        self.analysis = Analyses(core)
        # GIFs drawn one at a time, one per player, the recent ones kept (adapters draw
        # through it: ``service.animations.render(...)``).
        self.animations = AnimationQueue()
