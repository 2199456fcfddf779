"""The terminal adapter: play Postal by typing ``<user> <command>`` lines, no Discord needed.

``python -m bot console`` reads lines such as ``bob /move e5`` from stdin (a terminal or a
pipe), runs them through the same ``GameService`` as the bot, and prints each reply at once:
text, a text board, and the path of the PNG board written; buttons are listed as ``[n]
Label`` and pressed with ``<user> /press <label or n>`` (the label in any language).

Modules by concern: ``entry`` (arguments and the reading loop), ``terminal`` (line editing,
history, Ctrl-C), ``lines`` (a line's words), ``names`` (who a line is by, which command),
``options`` (a command's options), ``commands`` (the handlers and their table),
``session`` (running a line, printing results, buttons), ``board`` (the text board),
and ``help`` (/help, laid out in parts that each fit a message).
"""

from bot.console.board import text_board
from bot.console.entry import main, run_console
from bot.console.names import user_named
from bot.console.session import Console

__all__ = ["Console", "main", "run_console", "text_board", "user_named"]
