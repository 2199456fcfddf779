"""Postal's wording: turns the service's facts (results, reason codes, numbers) into sentences
in the reader's language, for both adapters.

It sits between the adapters and the service: ``bot/discord`` and ``bot/console`` import it,
it may read the service's result and error types, and the service never imports it.
"""
