"""``python -m engine``: the engine's command-line shell (``play`` itself, in words, is tested
in tests/bot/test_terminal_play.py; ``replay`` in test_ai_replay.py).
"""

from __future__ import annotations

import io

from engine.terminal import EXIT_BAD_FILE, main


def _run(argv: list[str], stdin: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, io.StringIO(stdin), out)
    return code, out.getvalue()


def test_bench_with_a_bad_game() -> None:
    assert _run(["bench", "--games", "no_such_game"], "")[0] == EXIT_BAD_FILE


def test_sheet_names_the_winner_once_whatever_the_games_line() -> None:
    from engine.terminal import sheet_text

    pairs = [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}]
    bb = sheet_text({"sides": pairs, "rows": [], "totals": [224, 326],
                     "result": {"winner": 1, "line": "Totals: NS 224, EW 326 — EW win"}})
    assert bb.count("Totals") == 1 and bb.endswith("Result: EW wins")
    berg = sheet_text({"sides": pairs, "rows": [], "totals": [6.0, 4.0],
                       "result": {"winner": 0, "line": "6.0 - 4.0"}})
    assert berg.endswith("Result: NS wins (6.0 - 4.0)")
