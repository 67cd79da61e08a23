"""Terminal front-end of the engine (``python -m engine``): play against bots, replay a file.

The only module of ``engine`` that reads and writes (``input``/``print``, files); the rules stay
pure. ``main(argv, stdin, stdout)`` takes its streams as arguments so tests drive it directly or
through a subprocess with a scripted stdin.

Replay files (``python -m engine replay FILE``) are JSON::

    {"game": "deberts", "players": 2, "options": {...}, "seed": 7, "deck": null,
     "actions": [[0, "take"], [0, "declare:none"], ...]}

``deck`` is the first deal's card order or null; ``options`` may be omitted (defaults). Exit
codes: 0 done, 2 a bad file or bad arguments, 3 an illegal action in the file.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

import engine
from engine.ai import LEVELS, get_player
from engine.cards import display, is_card_code
from engine.errors import IllegalAction, InvalidOptions
from engine.match import Match

EXIT_BAD_FILE = 2
EXIT_ILLEGAL = 3


# ---- text of a match --------------------------------------------------------------------------


def card_text(card: str) -> str:
    """``TS`` -> ``10♠``; anything that is not a card stays as it is."""
    return display(card) if is_card_code(card, jokers=True) else card


def code_text(code: str) -> str:
    """An action code with its cards shown: ``play:TS`` -> ``play:TS (10♠)``."""
    cards = [p for part in code.split(":") for p in part.split(".") if is_card_code(p, jokers=True)]
    return f"{code} ({' '.join(card_text(c) for c in cards)})" if cards else code


def _value_text(fact: dict[str, Any]) -> str:
    value = fact.get("value")
    kind = fact.get("kind")
    if kind == "card" and isinstance(value, str):
        return card_text(value)
    if kind == "seat":
        return f"seat {value}"
    return str(value)


def view_text(view: Mapping[str, Any]) -> str:
    """A seat's view (the view schema of ``engine.match``) as a few lines of text."""
    lines = [f"--- {view['game']} · deal {view['deal']} · phase {view['phase']} · dealer "
             f"seat {view['dealer']} · to move: seat {view['to_move']} ---"]
    sides = view.get("sides", [])
    totals = view.get("totals", [])
    lines.append("Totals: " + " | ".join(
        f"{sd['name']} (seats {','.join(str(x) for x in sd['seats'])}) {t}"
        for sd, t in zip(sides, totals, strict=False)) + (f"   pot {view['pot']}"
                                                         if view.get("pot") else ""))
    facts = []
    for f in view.get("facts", []):
        who = f" [seat {f['seat']}]" if "seat" in f else ""
        facts.append(f"{f['key']}={_value_text(f)}{who}")
    if facts:
        lines.append("Facts: " + " · ".join(facts))
    for name, group in view.get("groups", {}).items():
        if group:
            cards = " ".join(card_text(g["card"]) + (f"/s{g['seat']}" if g.get("seat") is not None
                                                     else "") for g in group)
            lines.append(f"{name}: {cards}")
    if view.get("calls"):
        lines.append("Calls: " + ", ".join(f"s{c['seat']} {c['call']}" for c in view["calls"]))
    lines.append("Cards held: " + " ".join(f"s{i}:{n}" for i, n in
                                            enumerate(view.get("hand_counts", []))))
    if "hand" in view:
        lines.append("Your hand: " + " ".join(card_text(c) for c in view["hand"]))
    for f in view.get("private", []):
        lines.append(f"  ({f['key']}: {_value_text(f)})")
    return "\n".join(lines)


def event_text(event: dict[str, Any]) -> str:
    """One public event in one line."""
    t = event.get("type", "?")
    rest = {k: v for k, v in event.items() if k != "type"}
    if t == "play":
        call = f" ({rest['call']})" if rest.get("call") else ""
        return f"seat {rest['seat']} plays {card_text(rest['card'])}{call}"
    if t == "trick":
        cards = " ".join(card_text(c) for _, c in rest["cards"])
        return f"trick {rest['number']}: {cards} -> seat {rest['winner']} ({rest['points']})"
    if t == "bid":
        return f"seat {rest['seat']} calls {rest['call']}"
    return f"{t}: " + ", ".join(f"{k}={v}" for k, v in rest.items())


def sheet_text(sheet: Mapping[str, Any]) -> str:
    """The score sheet (DESIGN.md shape) as a table, with the totals and the result."""
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


# ---- play ---------------------------------------------------------------------------------------


def _option_value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _ask(prompt: str, choices: Sequence[str], stdin: TextIO, out: TextIO) -> str | None:
    """Read a choice by number (1..n) or by its code; None at the end of the input or on q."""
    while True:
        out.write(prompt)
        out.flush()
        line = stdin.readline()
        if not line:
            return None
        text = line.strip()
        if text in ("q", "quit"):
            return None
        if text.isascii() and text.isdigit() and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1]
        if text in choices:
            return text
        out.write(f"Type a number from 1 to {len(choices)}, a code, or q to quit.\n")


def _show_events(match: Match, start: int, out: TextIO) -> int:
    events = match.events
    for e in events[start:]:
        out.write("  " + event_text(e.to_dict()) + "\n")
    return len(events)


def play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """Play a match in the terminal: you at ``--seat``, bots of ``--level`` elsewhere."""
    try:
        game = engine.get_game(args.game)
    except KeyError as e:
        out.write(f"{e.args[0]}\n")
        return EXIT_BAD_FILE
    players = args.players or game.info.min_players
    options = dict(kv.split("=", 1) for kv in args.option)
    try:
        match = game.new_match(players=players, seed=args.seed,
                               options={k: _option_value(v) for k, v in options.items()})
    except InvalidOptions as e:
        out.write(f"cannot start: {e}\n")
        return EXIT_BAD_FILE
    me = args.seat
    if not 0 <= me < players:
        out.write(f"--seat must be 0..{players - 1}\n")
        return EXIT_BAD_FILE
    bots = {s: get_player(args.level, game.id) for s in range(players) if s != me}
    rng = random.Random(args.seed)
    out.write(f"{game.info.title}: you are seat {me}; the others are {args.level} bots. "
              "Type the number of a move (q quits).\n")
    seen = _show_events(match, 0, out)
    while not match.is_over:
        mover = match.to_move
        assert mover is not None
        mine = match.legal_actions(me)
        code: str | None
        if mover == me or mine:
            out.write(view_text(match.view(me)) + "\n")
            choices = list(mine)
            if mover != me:
                out.write(f"Seat {mover} is to move; you may call out of turn.\n")
                choices = ["wait", *choices]
            for i, c in enumerate(choices, 1):
                out.write(f"  {i}) {code_text(c)}\n")
            code = _ask("> ", choices, stdin, out)
            if code is None:
                out.write("Stopped.\n")
                return 0
            if code != "wait":
                try:
                    match.apply(me, code)
                except IllegalAction as e:  # a stale out-of-turn window, say
                    out.write(f"refused: {e}\n")
                seen = _show_events(match, seen, out)
                continue
        code = bots[mover].choose(match, mover, random.Random(rng.getrandbits(64)))
        out.write(f"seat {mover} ({args.level}): {code_text(code)}\n")
        match.apply(mover, code)
        seen = _show_events(match, seen, out)
    out.write("\n" + sheet_text(match.score_sheet) + "\n")
    return 0


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
    p = argparse.ArgumentParser(prog="python -m engine", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("play", help="play a match in the terminal against bot players")
    pl.add_argument("game", help="game id: " + ", ".join(i.id for i in engine.list_games()))
    pl.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    pl.add_argument("--level", choices=LEVELS, default="normal", help="the bots' level")
    pl.add_argument("--seed", type=int, default=0, help="the match seed (default 0)")
    pl.add_argument("--players", type=int, default=0, help="number of seats (default: fewest)")
    pl.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option, e.g. --option target=301 (repeatable)")
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
    p = parser()
    args, rest = p.parse_known_args(list(argv))
    if rest and args.command != "bench":
        p.error("unrecognized arguments: " + " ".join(rest))
    if args.command == "play":
        for kv in args.option:
            if "=" not in kv:
                out.write(f"--option needs KEY=VALUE, not {kv!r}\n")
                return EXIT_BAD_FILE
        try:
            return play(args, stdin, out)
        except KeyboardInterrupt:  # Ctrl-C: leave quietly, as q does
            out.write("\nbye\n")
            return 0
    if args.command == "replay":
        return replay(args, out)
    try:
        from benchmarks import ai as bench  # a checkout's benchmarks/, not part of the package
    except ImportError:
        out.write("the benchmarks live in the repository's benchmarks/ folder: run this from a "
                  "checkout of kozyr\n")
        return EXIT_BAD_FILE
    return int(bench.main(rest) or 0)
