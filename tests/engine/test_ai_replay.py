"""``python -m engine replay FILE``: a recorded match replayed to its score sheet.

The file is what the export feature writes: ``{"game", "players", "options", "seed", "deck",
"actions": [[seat, code], ...]}``. Round trip: a match played by bots is recorded, replayed, and
the printed sheet is the match's own sheet. A bad file exits with 2, an illegal action with 3,
each with a message saying what is wrong.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.ai import get_player
from engine.belote.common import CARDS32
from engine.terminal import EXIT_BAD_FILE, EXIT_ILLEGAL, main, sheet_text

ROOT = Path(__file__).resolve().parents[2]


def _record(game_id: str, players: int, options: dict[str, Any], seed: int,
            deck: list[str] | None = None, limit: int = 100_000) -> tuple[dict[str, Any], str]:
    """Play a bot match (up to ``limit`` actions); return its record and its sheet text."""
    m = engine.get_game(game_id).new_match(players=players, options=options, seed=seed,
                                           deck=deck)
    bots = [get_player("normal" if s % 2 else "easy", game_id) for s in range(players)]
    rng = random.Random(seed)
    actions = []
    while not m.is_over and len(actions) < limit:
        seat = m.to_move
        assert seat is not None
        code = bots[seat].choose(m, seat, random.Random(rng.getrandbits(32)))
        m.apply(seat, code)
        actions.append([seat, code])
    record = {"game": game_id, "players": players, "options": options, "seed": seed,
              "deck": deck, "actions": actions}
    return record, sheet_text(m.score_sheet) + "\n"


def _replay(tmp_path: Path, record: Any, raw: str | None = None) -> tuple[int, str]:
    path = tmp_path / "match.json"
    path.write_text(raw if raw is not None else json.dumps(record), encoding="utf-8")
    out = io.StringIO()
    return main(["replay", str(path)], io.StringIO(), out), out.getvalue()


@pytest.mark.parametrize("game_id,players,options", [
    ("deberts", 2, {"target": 301}), ("deberts", 3, {"format": "short_bait"}),
    ("bazar_belot", 4, {}), ("married_bridge", 2, {"match_format": "rubber_of_two"}),
    ("berg", 4, {"berg_height": 5}),
])
def test_round_trip(tmp_path: Path, game_id: str, players: int, options: dict[str, Any]) -> None:
    record, sheet = _record(game_id, players, options, seed=9)
    code, out = _replay(tmp_path, record)
    assert code == 0
    assert out == sheet
    assert "Result: (match not over)" not in out


def test_round_trip_with_a_deck_and_a_match_in_progress(tmp_path: Path) -> None:
    deck = list(CARDS32)
    random.Random(4).shuffle(deck)
    record, sheet = _record("deberts", 2, {}, seed=4, deck=deck, limit=60)
    code, out = _replay(tmp_path, record)
    assert code == 0 and out == sheet
    assert "Result: (match not over)" in out


def test_round_trip_in_a_subprocess(tmp_path: Path) -> None:
    record, sheet = _record("deberts", 2, {"format": "short_no_bait"}, seed=2)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == sheet


def test_illegal_action(tmp_path: Path) -> None:
    record, _ = _record("deberts", 2, {}, seed=3, limit=10)
    record["actions"].append([1 - record["actions"][-1][0], "play:XX"])
    code, out = _replay(tmp_path, record)
    assert code == EXIT_ILLEGAL
    assert f"action #{len(record['actions'])}" in out and "refused" in out


@pytest.mark.parametrize("raw,message", [
    ("{not json", "not JSON"),
    ("[1, 2]", "JSON object"),
    ('{"game": "deberts", "players": 2, "seed": 1}', "'actions'"),
    ('{"game": "deberts", "players": "2", "seed": 1, "actions": []}', "'players'"),
    ('{"game": "chess", "players": 2, "seed": 1, "actions": []}', "unknown game"),
    ('{"game": "deberts", "players": 5, "seed": 1, "actions": []}', "DB-DEAL-1"),
    ('{"game": "deberts", "players": 2, "seed": 1, "options": {"target": 2}, "actions": []}',
     "DB-OPT-target"),
    ('{"game": "deberts", "players": 2, "seed": 1, "deck": ["AS"], "actions": []}', "BEL-DECK-1"),
    ('{"game": "deberts", "players": 2, "seed": 1, "actions": [[0]]}', "action #1"),
])
def test_bad_file(tmp_path: Path, raw: str, message: str) -> None:
    code, out = _replay(tmp_path, None, raw)
    assert code == EXIT_BAD_FILE
    assert message in out


def test_missing_file(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["replay", str(tmp_path / "nope.json")], io.StringIO(), out) == EXIT_BAD_FILE
    assert "cannot read" in out.getvalue()
