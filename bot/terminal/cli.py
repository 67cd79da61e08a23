"""The command line of terminal play: ``python -m engine play <game> [options]``.

    python -m engine play deberts --lang ru
    python -m engine play bazar_belot --seat 2 --level strong --seed 4711
    python -m engine play berg --list-options

Seats are numbered from 1, as the bot's lobby numbers them. Without ``--seed`` a random seed is
drawn and printed, so that a match can be played again. Exit codes: 0 done (or quit), 2 bad
arguments (an unknown game, a bad option, a seat the table does not have).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import engine
from bot.i18n import FALLBACK, LANGS, Catalogs, Translator
from bot.show.common import TableInfo, game_text
from bot.show.lobby import insurance_price, option_value, tie_turnover
from bot.terminal.session import Session
from bot.terminal.text import names_of, plain
from engine.ai import LEVELS
from engine.errors import InvalidOptions

EXIT_BAD_ARGS = 2
#: The largest seed drawn when none is given (short enough to type again).
SEED_RANGE = 1_000_000


def default_lang(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """The player's language from the environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``:
    ``ru_RU.UTF-8`` -> ``ru``), English when it is none of the bot's."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        lang = environ.get(var, "")[:2].lower()
        if lang:
            return lang if lang in LANGS else FALLBACK
    return FALLBACK


def parser() -> argparse.ArgumentParser:
    """The arguments of ``python -m engine play``."""
    p = argparse.ArgumentParser(prog="python -m engine play",
                                description="Play a match against bot players, in words.")
    p.add_argument("game", help="game id: " + ", ".join(i.id for i in engine.list_games()))
    p.add_argument("--lang", choices=LANGS, default=None,
                   help="language of the table (default: from LANG, else en)")
    p.add_argument("--seat", type=int, default=1, help="your seat, from 1 (default 1)")
    p.add_argument("--level", choices=LEVELS, default="normal", help="the bots' level")
    p.add_argument("--seed", type=int, default=None,
                   help="the match seed (default: a random one, printed)")
    p.add_argument("--players", type=int, default=0, help="number of seats (default: fewest)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. --option target=301 (repeatable)")
    p.add_argument("--list-options", action="store_true",
                   help="list the game's options and their values, then stop")
    return p


#: Options whose values are seats (0-based in the engine): players type and read them from 1.
SEAT_OPTIONS = ("first_dealer", "captain_02", "captain_13")
#: Keys a player types for the engine's seat-numbered option keys (counted from 0 there): the
#: pairs as the lobby and the players number them, from 1 (the engine's keys work too).
TYPED_KEYS = {"captain_02": "captain_1_3", "captain_13": "captain_2_4"}
ENGINE_KEYS = {typed: key for key, typed in TYPED_KEYS.items()}
#: Options the terminal defaults to the table's language (--lang), not to the engine's default.
LANG_OPTIONS = ("sheet_locale",)
#: The catalog keys of the score sheet's notation (strain letters, kapo marks, BT): Bazar-Belot's
#: ``sheet_locale`` takes them from its own language (BB-OPT-sheet-locale).
NOTATION_KEYS = ("strain.", "cell.")


class Notation(Translator):
    """``tr``, but with the score sheet's notation (``NOTATION_KEYS``) in the language
    ``notation`` (``ru``: ``14п +``, ``Кбк``; ``en``: ``14S+``, ``KNT``)."""

    def __init__(self, tr: Translator, notation: str) -> None:
        super().__init__(tr.catalogs, tr.lang)
        self.notation = tr.catalogs.translator(notation)

    def __call__(self, key: str, **kwargs: Any) -> str:
        if key.startswith(NOTATION_KEYS):
            return self.notation(key, **kwargs)
        return super().__call__(key, **kwargs)


def _shown(key: str, value: Any) -> str:
    """An option value as players type it: a seat from 1, a bool and a number as JSON."""
    if key in SEAT_OPTIONS and isinstance(value, int):
        return str(value + 1)
    return value if isinstance(value, str) else json.dumps(value)


def _typed(key: str, text: str) -> Any:
    """An option's value as typed: JSON where it parses (``301``, ``true``), else the text; a
    seat (``SEAT_OPTIONS``) counted from 1 (0 and below: refused by the engine as -1)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return text
    if key in SEAT_OPTIONS and isinstance(value, int) and not isinstance(value, bool):
        return value - 1 if value > 0 else -1
    return value


def _choice(tr: Translator, key: str, value: Any, default: Any) -> str:
    """One value of an option for ``--list-options``: as typed, ``*`` when it is the default,
    then its words in brackets unless they say no more than the value (a seat's number) or
    start with it (``10 (tournament)``: said once); brackets in the words become a dash."""
    shown = _shown(key, value) + (" *" if value == default else "")
    words = option_value(tr, key, value)
    if key in SEAT_OPTIONS or words == str(value):
        return shown
    if words.startswith(str(value)):
        return words + (" *" if value == default else "")
    return f"{shown} ({words.replace(' (', ' — ').replace(')', '')})"


def _said_once(tr: Translator, values: list[str]) -> list[str]:
    """``values`` (from ``_choice``) with the values that end with the same bracket joined
    under it, so that it plainly covers each: ``20 (custom), 5 (custom)`` -> ``20 or 5
    (custom)``."""
    out: list[str] = []
    for value in values:
        head, sep, words = value.rpartition(" (")
        if out and sep and words.endswith(")") and out[-1].endswith(sep + words):
            before = out[-1][:-len(sep + words)]
            out[-1] = tr("term.options.or", a=before, b=head) + sep + words
        else:
            out.append(value)
    return out


def list_options(tr: Translator, info: engine.GameInfo) -> str:
    """The game's player counts and options, each with its label and its values in the
    lobby's words (seats from 1), defaults marked, and an example of this game (HTML)."""
    title = tr.maybe(f"game.{info.id}", info.title)
    counts = "–".join(sorted({str(info.min_players), str(info.max_players)}))
    lines = [tr("term.options.title", game=title, players=counts)]
    for o in info.options:
        label = tr.maybe(f"opt.{o.key}", o.key)
        # a notation left unset follows --lang (see main): that is its default here, typed as
        # --lang's value where the option has it, else said in words (no value types it)
        default = o.default
        unset: list[str] = []
        if o.key in LANG_OPTIONS:
            default = tr.lang if tr.lang in o.choices else None
            unset = [tr("term.options.as_lang") + " *"] if default is None else []
        elif default is None:  # Deberts' first dealer: the last seat (DB-OPT-first-dealer)
            unset = [tr("term.options.last_seat") + " *"]
        values = ", ".join(unset + _said_once(tr, [_choice(tr, o.key, v, default)
                                                   for v in o.choices]))
        free = tr.maybe(f"term.options.free.{o.key}", "")  # any value besides those listed
        values += f" — {free}" if free else ""
        lines.append(f"  {TYPED_KEYS.get(o.key, o.key)} — {label}: {values}")
    example = next((o for o in info.options if len(o.choices) > 1), None)
    if example is not None:
        value = next(v for v in example.choices if v != example.default)
        lines.append(tr("term.options.hint", example=f"python -m engine play {info.id} "
                                                     f"--option "
                                                     f"{TYPED_KEYS.get(example.key, example.key)}="
                                                     f"{_shown(example.key, value)}"))
    return "\n".join(lines)


def main(argv: Sequence[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run ``python -m engine play`` with ``argv`` (the words after ``play``); returns the
    exit code. ``stdin``/``stdout`` default to the process's own."""
    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    args = parser().parse_args(list(argv))
    tr = Catalogs().translator(args.lang or default_lang())
    try:
        game = engine.get_game(args.game)
    except KeyError:
        known = ", ".join(i.id for i in engine.list_games())
        out.write(plain(tr("term.unknown_game", game=args.game, known=known)) + "\n")
        return EXIT_BAD_ARGS
    if args.list_options:
        out.write(plain(list_options(tr, game.info)) + "\n")
        return 0
    options: dict[str, Any] = {}
    for kv in args.option:
        key, sep, value = kv.partition("=")
        if not sep:
            out.write(plain(tr("term.bad_option", option=kv)) + "\n")
            return EXIT_BAD_ARGS
        key = ENGINE_KEYS.get(key, key)  # captain_2_4 is the engine's captain_13
        options[key] = _typed(key, value)
    players = args.players or game.info.min_players
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(SEED_RANGE)
    try:
        match = game.new_match(players=players, seed=seed, options=options)
    except InvalidOptions as e:  # the rule id goes nowhere: it is for the log, not players
        key = TYPED_KEYS.get(e.option, e.option)  # the key as listed
        out.write(plain(tr("term.cannot_start", reason=f"{key}: {e.reason}")) + "\n")
        return EXIT_BAD_ARGS
    if not 1 <= args.seat <= players:
        out.write(plain(tr("term.bad_seat", n=players)) + "\n")
        return EXIT_BAD_ARGS
    me = args.seat - 1
    if isinstance(options.get("sheet_locale"), str) and options["sheet_locale"] in LANGS:
        tr = Notation(tr, options["sheet_locale"])  # BB-OPT-sheet-locale
    names = names_of(tr, players, me, args.level)
    sides = tuple(tuple(side["seats"]) for side in match.score_sheet["sides"])
    info = TableInfo(0, 0, game.id, "", names, sides, me=me,  # no chat: no title
                     insurance_price=insurance_price(game.id, options),
                     tie_turnover=tie_turnover(game.id, options))
    again = replay_command(args, seed, tr.lang)
    session = Session(game=game, match=match, me=me, level=args.level, seed=seed, tr=tr,
                      info=info, stdin=stdin, out=out, bold=_is_tty(out), again=again)
    out.write(plain(intro(tr, game.info, info, me, again)) + "\n")
    try:
        return session.run()
    except KeyboardInterrupt:  # Ctrl-C: leave as quit does
        out.write("\n" + plain(game_text(tr, game.id, "term.bye", command=again)) + "\n")
        return 0
    except BrokenPipeError:  # the reader went away (``| head``): nobody left to tell
        _silence(out)
        return 0


def _silence(out: TextIO) -> None:
    """After a broken pipe: point the process's stdout at nothing, so that the interpreter's
    final flush does not complain about the pipe once more."""
    if out is sys.stdout:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _is_tty(out: TextIO) -> bool:
    try:
        return out.isatty() and os.environ.get("NO_COLOR") is None
    except (AttributeError, ValueError):
        return False


def replay_command(args: argparse.Namespace, seed: int, lang: str) -> str:
    """The command that plays this match again with the same cards and words: the game, the
    table's language ``lang`` (said even when it came from the environment, which may differ
    where the command is run again), the seed and every choice made on the command line that
    changes the match (players, seat, the bots' level, options)."""
    words = ["python -m engine play", args.game, "--lang", lang, "--seed", str(seed)]
    if args.players:
        words += ["--players", str(args.players)]
    if args.seat != 1:
        words += ["--seat", str(args.seat)]
    if args.level != parser().get_default("level"):
        words += ["--level", args.level]
    for kv in args.option:
        words += ["--option", kv]
    return " ".join(words)


def intro(tr: Translator, info: engine.GameInfo, table: TableInfo, me: int, again: str) -> str:
    """The first lines: the game, the command that plays the same match again (``again``),
    who sits where and how to answer (HTML)."""
    title = tr.maybe(f"game.{info.id}", info.title)
    seats = ", ".join(f"{s + 1}. {name}" for s, name in enumerate(table.names))
    lines = [f"🃏 <b>{title}</b>", game_text(tr, info.id, "term.seed", command=again),
             tr("term.seats", seats=seats)]
    if len(table.sides) == 2 and all(len(side) == 2 for side in table.sides):
        partner = next(s for side in table.sides if me in side for s in side if s != me)
        lines.append(tr("term.partner", name=table.names[partner]))
    lines.append(tr("term.how"))
    return "\n".join(lines)
