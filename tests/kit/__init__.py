"""The shared test kit: the helpers every part of the suite uses, in one place.

- ``kit.engine``: events as dicts, rule-id sets, applying and refusing codes.
- ``kit.store``: what the bot stored (the open table, its status, its action count, the match).
- ``kit.telegram``: the end-to-end moves of a Telegram player against the fake Bot API (open
  the bot, open a table, find the hand and table messages, press buttons, wait for the redraw).
- ``kit.cli``: the one-line errors of the command-line tools.
- ``kit.rare_deals``: a deal played from a deck, a script or a seeded policy to a chosen end,
  with the messages a player reads for it (the deal result, the sheet, the deal record).

Older helper names (``tests.e2e.conftest.hand_message``, ``..._table_id`` in a test module,
``deberts_helpers.dicts``...) stay importable where they were: each is a re-export of the kit.
"""
