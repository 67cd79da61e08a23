"""The engine in a terminal: ``python -m engine play | replay | bench``.

    python -m engine play <game> [--lang ru|uk|en] [--seat N] [--level L] [--seed S]
                             [--players P] [--option k=v] [--list-options]
    python -m engine replay FILE
    python -m engine bench [--matches N] [--games g1,g2] [--quick]

``play`` seats you at a table of bot players and speaks the bot's words (its front-end is
``bot.terminal``, see ``engine.terminal`` for why); ``replay`` plays a saved match file and
prints its score sheet; ``bench`` prints the bot benchmark table (``benchmarks/ai.py``, run from
a checkout). This module and ``engine.terminal`` are the engine's only I/O: ``import engine``
never loads them.
"""

from __future__ import annotations

import sys

from engine.terminal import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
