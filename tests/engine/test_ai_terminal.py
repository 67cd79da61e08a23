"""``python -m engine play``: a match in the terminal, driven by a scripted stdin.

One run goes through a real subprocess (``python -m engine``); the others call
``engine.terminal.main`` with in-memory streams, which is the same code.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from engine.terminal import EXIT_BAD_FILE, main

ROOT = Path(__file__).resolve().parents[2]


def _run(argv: list[str], stdin: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, io.StringIO(stdin), out)
    return code, out.getvalue()


def test_play_a_short_deberts_game_in_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine", "play", "deberts", "--option", "format=short_no_bait",
         "--seed", "3", "--level", "normal"],
        input="1\n" * 300, capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "you are seat 0" in out
    assert "Your hand:" in out and "  1) " in out
    assert "seat 1 (normal):" in out
    assert "Result: A " in out  # the short game's result line (DB-SHORT-6)


def test_play_married_bridge_to_the_end() -> None:
    code, out = _run(["play", "married_bridge", "--level", "easy", "--seed", "5"], "1\n" * 200)
    assert code == 0
    assert "game 1" not in out or "Result:" in out
    assert out.rstrip().splitlines()[-1].startswith("Result: seat ")


def test_out_of_turn_calls_are_offered_with_wait() -> None:
    # Bazar-Belot: a seat may double out of turn; the prompt then starts with "wait"
    code, out = _run(["play", "bazar_belot", "--seat", "1", "--seed", "2"],
                     "1\n" * 6 + "q\n")
    assert code == 0
    assert "1) wait" in out
    assert out.rstrip().endswith("Stopped.")


def test_berg_captain_and_end_of_input() -> None:
    code, out = _run(["play", "berg", "--seat", "0", "--level", "strong", "--seed", "1"],
                     "2\n" * 5)
    assert code == 0
    assert "berg" in out
    assert out.rstrip().endswith("Stopped.")  # the input ended


def test_bad_choices_are_asked_again() -> None:
    code, out = _run(["play", "deberts", "--option", "format=short_bait"],
                     "0\nxyz\n99\n" + "1\n" * 300)
    assert code == 0
    assert out.count("Type a number from 1 to") == 3


def test_bad_arguments() -> None:
    assert _run(["play", "no_such_game"], "")[0] == EXIT_BAD_FILE
    code, out = _run(["play", "deberts", "--option", "target=7"], "")
    assert code == EXIT_BAD_FILE and "DB-OPT-target" in out
    assert _run(["play", "deberts", "--seat", "5"], "")[0] == EXIT_BAD_FILE
    assert _run(["play", "deberts", "--option", "oops"], "")[0] == EXIT_BAD_FILE
    assert _run(["bench", "--games", "no_such_game"], "")[0] == 2


def test_sheet_names_the_winner_once_whatever_the_games_line() -> None:
    from engine.terminal import sheet_text

    pairs = [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}]
    bb = sheet_text({"sides": pairs, "rows": [], "totals": [224, 326],
                     "result": {"winner": 1, "line": "Totals: NS 224, EW 326 — EW win"}})
    assert bb.count("Totals") == 1 and bb.endswith("Result: EW wins")
    berg = sheet_text({"sides": pairs, "rows": [], "totals": [6.0, 4.0],
                       "result": {"winner": 0, "line": "6.0 - 4.0"}})
    assert berg.endswith("Result: NS wins (6.0 - 4.0)")
