"""Deberts, two or three players, and its named variants (engine id ``deberts``, deberts.md).

Modules: ``options`` (DB options), ``state`` (the match as plain data), ``first`` (a player's first
turn: exchange, declarations and their comparison, table talk, redeal), ``play`` (the card play and
claims), ``scoring`` (DB-SCORE, the sheet, the result), ``short`` (one-deal stake games and "dave"),
``views`` (DB-PLAY-8), ``game`` (the ``Match`` and the registered ``Game``). The belote orders,
values, tricks and melds it shares with Bazar-Belot are in ``engine.belote.common``.
Importing ``engine.deberts.game`` registers the game.
"""
