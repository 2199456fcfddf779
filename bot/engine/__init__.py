"""Chess and xiangqi engines (Stockfish, Fairy-Stockfish) driven over UCI as child processes.

The service depends on ``bot.engine.api`` alone; this package imports only ``rules`` and the
standard library.
"""
