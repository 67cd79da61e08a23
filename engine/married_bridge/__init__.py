"""Married bridge, two players (married_bridge.md; engine id ``married_bridge``).

Modules: ``rules`` (pack, deal, bid ladder, trick rules), ``scoring`` (MB-SCORE, MB-END),
``options``, ``state``, the phases ``prelim`` (MB-PRE), ``auction`` (MB-BID) and ``mainplay``
(MB-DEAL dealing, MB-PLAY, scoring a game), ``refusals`` (why a code is refused), ``views``
(MB-INFO) and ``game`` (the ``Match`` and the registered ``Game``; importing it registers).
"""
