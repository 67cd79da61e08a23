"""The engine's command line (``python -m engine``): play in words, replay a file, benchmark.

``replay`` and ``bench`` are done here; ``play`` is handed to the terminal front-end.

The only module of ``engine`` that reads and writes (files, the terminal); the rules stay pure.
``main(argv, stdin, stdout)`` takes its streams as arguments so tests drive it directly or
through a subprocess with a scripted stdin.

``play`` speaks the bot's words (its move labels, its deal results, three languages), which live
in ``bot/``; so its front-end is ``bot.terminal`` (see its docstring for why), imported here only
when ``play`` runs: the engine's library never imports the bot, and ``import engine`` never
loads this module.

Replay files (``python -m engine replay FILE``) are JSON::

    {"game": "deberts", "players": 2, "options": {...}, "seed": 7, "deck": null,
     "actions": [[0, "take"], [0, "declare:none"], ...]}

``deck`` is the first deal's card order or null; ``options`` may be omitted (defaults). Exit
codes: 0 done, 2 a bad file or bad arguments, 3 an illegal action in the file.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

import engine
from engine.errors import IllegalAction, InvalidOptions
from engine.match import Match

EXIT_BAD_FILE = 2
EXIT_ILLEGAL = 3


# ---- text of a match --------------------------------------------------------------------------


def sheet_text(sheet: Mapping[str, Any]) -> str:
    """The score sheet (docs/design.md "Score sheet") as a table, with the totals and the result."""
    names = [sd["name"] for sd in sheet["sides"]]
    rows = [["deal", *names, "note"]]
    for r in sheet["rows"]:
        rows.append([str(r["deal"]), *[str(c) for c in r["cells"]], str(r.get("note", ""))])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    lines = [" | ".join([*(row[i].ljust(widths[i]) for i in range(len(widths))), row[-1]])
             for row in rows]
    lines.append("Totals: " + " | ".join(f"{n} {t}" for n, t in
                                         zip(names, sheet["totals"], strict=False)))
    if sheet.get("pot"):
        lines.append(f"Pot: {sheet['pot']}")
    result = sheet.get("result")
    if result is None:
        lines.append("Result: (match not over)")
    else:
        # the engines' own lines differ in shape; the winner is named the same way for all
        winner = result.get("winner")
        name = names[winner] if isinstance(winner, int) and winner < len(names) else None
        said = f"{name} wins" if name else "no single winner"
        line = str(result["line"]).removeprefix("Result: ")
        if line.startswith("Totals"):  # printed just above
            lines.append(f"Result: {said}")
        elif name and line.startswith(name):
            lines.append(f"Result: {line}")
        else:
            lines.append(f"Result: {said} ({line})")
    return "\n".join(lines)


# ---- replay -------------------------------------------------------------------------------------


class BadFile(ValueError):
    """The replay file is not a match record."""


def load_record(text: str) -> dict[str, Any]:
    """Parse and check a replay file's JSON (shape in the module docstring).

    Raises:
        BadFile: not JSON, or a field missing or of the wrong type.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadFile(f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise BadFile("the file must hold a JSON object")
    for key, kind in (("game", str), ("players", int), ("seed", int), ("actions", list)):
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise BadFile(f"{key!r} is missing or not a {kind.__name__}")
    if not isinstance(data.get("options", {}) or {}, dict):
        raise BadFile("'options' must be an object")
    deck = data.get("deck")
    if deck is not None and (not isinstance(deck, list)
                             or not all(isinstance(c, str) for c in deck)):
        raise BadFile("'deck' must be null or a list of card codes")
    for i, a in enumerate(data["actions"]):
        if (not isinstance(a, list) or len(a) != 2 or not isinstance(a[0], int)
                or isinstance(a[0], bool) or not isinstance(a[1], str)):
            raise BadFile(f"action #{i + 1} must be [seat, code], not {a!r}")
    return data


def replay_record(data: dict[str, Any]) -> Match:
    """The match a checked record describes, every action applied.

    Raises:
        BadFile: an unknown game or options the game refuses.
        IllegalAction: an action the rules refuse (its message names the action).
    """
    try:
        game = engine.get_game(data["game"])
    except KeyError as e:
        raise BadFile(str(e.args[0])) from None
    try:
        match = game.new_match(players=data["players"], options=data.get("options") or {},
                               seed=data["seed"], deck=data.get("deck"))
    except InvalidOptions as e:
        raise BadFile(f"cannot start the match: {e}") from None
    for i, (seat, code) in enumerate(data["actions"]):
        try:
            match.apply(seat, code)
        except IllegalAction as e:
            raise IllegalAction(f"action #{i + 1} (seat {seat}, {code!r}) refused: {e.reason}",
                                e.rule_id) from None
    return match


def replay(args: argparse.Namespace, out: TextIO) -> int:
    """Replay a match file and print its final score sheet."""
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        out.write(f"cannot read {args.file}: {e.strerror}\n")
        return EXIT_BAD_FILE
    except UnicodeDecodeError:
        out.write(f"cannot read {args.file}: not a UTF-8 text file\n")
        return EXIT_BAD_FILE
    try:
        match = replay_record(load_record(text))
    except BadFile as e:
        out.write(f"bad replay file {args.file}: {e}\n")
        return EXIT_BAD_FILE
    except IllegalAction as e:
        out.write(f"illegal action in {args.file}: {e}\n")
        return EXIT_ILLEGAL
    out.write(sheet_text(match.score_sheet) + "\n")
    return 0


# ---- entry point --------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    """The command line of ``python -m engine``."""
    p = argparse.ArgumentParser(prog="python -m engine",
                                description=__doc__.split("\n")[0].replace("``", ""))
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("play", add_help=False,
                   help="play a match against bot players, in words (python -m engine play "
                   "-h lists its options)")
    rp = sub.add_parser("replay", help="replay a match file and print its score sheet")
    rp.add_argument("file")
    sub.add_parser("bench", add_help=False,
                   help="print the bot benchmark table (benchmarks/ai.py; its own options, "
                   "e.g. --matches 50 --games deberts, follow)")
    return p


def main(argv: Sequence[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run one command; returns the exit code."""
    import sys

    stdin = stdin or sys.stdin
    out = stdout or sys.stdout
    if list(argv[:1]) == ["play"]:
        from bot.terminal.cli import main as play  # the front-end, in words (module docstring)

        return play(list(argv[1:]), stdin, out)
    p = parser()
    args, rest = p.parse_known_args(list(argv))
    if rest and args.command != "bench":
        p.error("unrecognized arguments: " + " ".join(rest))
    if args.command == "replay":
        return replay(args, out)
    try:
        from benchmarks import ai as bench  # a checkout's benchmarks/, not part of the package
    except ImportError:
        out.write("the benchmarks live in the repository's benchmarks/ folder: run this from a "
                  "checkout of kozyr\n")
        return EXIT_BAD_FILE
    return int(bench.main(rest) or 0)
