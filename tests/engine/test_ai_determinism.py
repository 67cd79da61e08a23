"""Determinism: for a fixed RNG seed a bot's choice is a function of the match, in any process.

The same state asked twice, or rebuilt from its JSON, gives the same code; and a separate Python
process with another string-hash seed (``PYTHONHASHSEED``) gives the same codes, so no choice
depends on the iteration order of a set or a dict of strings.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine

from .ai_helpers import CONFIGS, LEVELS, config_id, player, random_state

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, random, sys
sys.path.insert(0, {root!r})
from tests.engine.ai_helpers import CONFIGS, LEVELS, player, random_state
out = []
for game_id, players, options in CONFIGS:
    for steps in (2, 13):
        m = random_state(game_id, players, options, 7 + steps, steps)
        seat = m.to_move
        for level in LEVELS:
            out.append(player(level, game_id).choose(m, seat, random.Random(11)))
print(json.dumps(out))
"""


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_same_state_same_choice(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    for steps in (1, 8, 21):
        m = random_state(game_id, players, options, 40 + steps, steps)
        copy = engine.get_game(game_id).from_json(json.loads(json.dumps(m.to_json())))
        seat = m.to_move
        assert seat is not None
        for level in LEVELS:
            p = player(level, game_id)
            first = p.choose(m, seat, random.Random(3))
            assert p.choose(m, seat, random.Random(3)) == first
            assert p.choose(copy, seat, random.Random(3)) == first


def test_same_choices_in_another_process() -> None:
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", SCRIPT.format(root=str(ROOT))],
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
                              check=False)
        assert done.returncode == 0, done.stderr
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    assert len(outputs[0]) == len(CONFIGS) * 2 * len(LEVELS)
