"""Play in a terminal, in words (``python -m engine play <game>``): the bot's screens as text.

Why here, in ``bot``, and not in ``engine``: a player in a terminal should read what a player in
Telegram reads: the same move labels, the same two-step choices (an auction level, then its
suit), the same deal results, in the same three languages. Those words and layouts live in
``bot/show/`` and ``bot/locales/``. The engine's rules stay free of the bot
(docs/design.md "Layers": imports point down), so the front-end lives on the side that may
import both: this package imports the engine and the bot's screens, never the other way round.
``python -m engine play`` still works: ``engine/terminal.py`` (the engine's command-line shell,
which ``import engine`` never loads) hands the ``play`` command over to ``bot.terminal.cli.main``
when it runs, and that is the only place of the ``engine`` package that names this one.

Modules: ``text`` (HTML screens as plain text, seat names, events told as sentences), ``menu``
(a hand's keyboard as a numbered list), ``session`` (the game loop), ``cli`` (the command line,
``--list-options``).
"""
