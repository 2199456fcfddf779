"""Tournaments: pure pairing and standings functions, and the ``Tournaments`` use case."""
