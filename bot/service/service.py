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
from bot.service.computer import ComputerOpponent
from bot.service.conditional import ConditionalMoves
from bot.service.core import ServiceCore
from bot.service.deadlines import DeadlineUseCases
from bot.service.deliveries import DeliveryUseCases
from bot.service.digests import DigestUseCases
from bot.service.endings import EndingUseCases
from bot.service.languages import Languages
from bot.service.notes import Notes
from bot.service.preferences import PreferenceUseCases
from bot.service.reports import ReportUseCases


class GameService(ButtonUseCases, ReportUseCases, DeliveryUseCases, PreferenceUseCases):
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
    """

    def __init__(self, *args: Any, engines: Engines | None = None, **kwargs: Any) -> None:
        # The core keeps the engines too: analysis (and whatever else) reads them there.
        super().__init__(*args, engines=engines, **kwargs)
        # Use cases side by side: adapters call ``service.play.move(...)``. Those still
        # mixed in are this object seen as the use case, until each is a class of its own.
        self.core: ServiceCore = self
        # (The typed ``/move`` with its preview, ``move_or_preview``, is play's: until it
        # moves out of board_menus.py, play is seen through the board menus.)
        self.play: BoardMenuUseCases = self
        self.board_menus: BoardMenuUseCases = self
        self.challenges: ChallengeUseCases = self
        self.after_game: AfterGameUseCases = self
        self.endings: EndingUseCases = self
        self.deadlines: DeadlineUseCases = self
        self.digests: DigestUseCases = self
        self.deliveries: DeliveryUseCases = self
        self.reports: ReportUseCases = self
        self.preferences: PreferenceUseCases = self
        self.buttons: ButtonUseCases = self
        self.conditional = ConditionalMoves(self)
        self.notes = Notes(self)
        # ``engines`` None: no computer opponent (challenging it says how to install one).
        self.computer = ComputerOpponent(self, engines)
        self.analysis = Analyses(self)
        self.languages = Languages(self)
        # GIFs drawn one at a time, one per player, the recent ones kept (adapters draw
        # through it: ``service.animations.render(...)``).
        self.animations = AnimationQueue()

    def on_language_chosen(self, player_id: int, language: str | None) -> None:
        self.languages.chose(player_id, language)
