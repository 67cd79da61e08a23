"""Bazar-Belot, four players in two pairs (engine id ``bazar_belot``; rules doc bazar_belot.md).

Modules: ``options`` (BB options), ``state`` (the match as plain data), ``auction`` (the bazar,
BB-BID), ``melds`` (declarations, comparison, showing, bela: BB-MELD), ``scoring`` (BB-SCORE,
BB-END, BB-SHEET), ``views`` (BB-PLAY-12), ``game`` (the ``Match`` and the registered ``Game``).
Importing ``engine.bazar_belot.game`` registers the game.
"""
