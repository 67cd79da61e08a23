"""Conformance of every Deberts variant (STYLE.md "what we take" 6): ruleset x players x format.

For each of the 21 combinations (``classic`` / ``moscow`` / ``kharkiv``; 2 or 3 players; ``match``
/ ``short_no_bait`` / ``short_bait`` / ``short_dave``, the last for two players only),
``MATCHES_PER_COMBO`` seeded random matches (1,008 in all) with varied other options (target, offer
of fifty, dave ladder, four-7s switch, first dealer, and explicit ``end`` / ``tie`` /
``table_talk`` overriding the ruleset). Every step is checked by ``deberts_ref.VariantTracker``
against the reference model (listed codes exactly the rules' codes and none off turn; tricks,
scoring, stakes, pot, cells, dealers, the end and its line; cards conserved; no hidden card in
public views, other seats' views or events). On top: unlisted codes and off-turn codes refused with
``IllegalAction`` naming a rule id of the docs; every listed code accepted on clones at sampled
states; JSON round trip mid-deal continuing identically; determinism; every match ends within a
bound. Measured: about 35 s of CPU for the 1,008 matches (some 3,750 deals).
"""

from __future__ import annotations

import collections
import itertools
import json
import random
import time
from typing import Any

import pytest

import engine
from engine import IllegalAction

from .deberts_helpers import ALL_CARDS, GARBAGE_CODES, RULE_IDS, SUITS, dicts
from .deberts_ref import VariantTracker

MATCHES_PER_COMBO = 48
MAX_ACTIONS = 5000
P_REFUSE, P_CLONE, P_JSON = 0.1, 0.01, 0.01
COMBOS = [(r, p, f) for r, p, f in itertools.product(
    ("classic", "moscow", "kharkiv"), (2, 3),
    ("match", "short_no_bait", "short_bait", "short_dave")) if not (p == 3 and f == "short_dave")]
CODE_POOL = (
    ["pass", "take", "declare:best", "declare:none", "swap7", "redeal", "claim", "offer50",
     "accept50", "decline50", "ask:trump", "ask:height", "dave", "dave:accept", "dave:concede"]
    + [f"trump:{s}" for s in SUITS] + [f"play:{c}" for c in ALL_CARDS]
    + [f"play:{r}{s}:bela" for s in SUITS for r in "KQ"] + list(GARBAGE_CODES)
)
STATS: collections.Counter[str] = collections.Counter()
TIMES: list[float] = []


def options_for(ruleset: str, fmt: str, i: int) -> dict[str, Any]:
    rng = random.Random(f"{ruleset}:{fmt}:{i}")
    opts: dict[str, Any] = {"ruleset": ruleset, "format": fmt,
                            "target": rng.choice((301, 501, 1001))}
    for key, values in (("offer_fifty", ("on", "off")),
                        ("dave_progression", ("arithmetic", "geometric")),
                        ("redeal_four", ("on", "off"))):
        if rng.random() < 0.5:
            opts[key] = rng.choice(values)
    for key, values in (("end", ("after_deal", "claim")), ("tie", ("trump_then_order",
                                                                   "order_only")),
                        ("table_talk", ("off", "on"))):
        if rng.random() < 0.15:
            opts[key] = rng.choice(values)
    return opts


def _state(m: engine.Match) -> tuple[Any, ...]:
    return ([m.legal_actions(s) for s in range(m.players)], m.public_view(),
            [m.view(s) for s in range(m.players)], m.to_move, m.is_over)


def _refusals(m: engine.Match, seat: int, legal: list[str], rng: random.Random) -> None:
    before = len(m.events)
    for code in rng.sample([c for c in CODE_POOL if c not in legal], 4):
        with pytest.raises(IllegalAction) as info:
            m.apply(seat, code)
        assert info.value.rule_id in RULE_IDS and info.value.reason, (code, info.value)
    other = rng.choice([s for s in range(m.players) if s != seat])
    with pytest.raises(IllegalAction) as info:
        m.apply(other, rng.choice(legal))
    assert info.value.rule_id in RULE_IDS
    assert len(m.events) == before and m.legal_actions(seat) == legal


def _all_listed_accepted(m: engine.Match, seat: int, legal: list[str]) -> None:
    before = (len(m.events), _state(m))
    for code in legal:
        c = m.clone()
        evs = c.apply(seat, code)
        assert evs and len(c.events) == len(m.events) + len(evs)
    assert (len(m.events), _state(m)) == before


def _round_trip(m: engine.Match) -> engine.Match:
    data = m.to_json()
    restored = engine.get_game("deberts").from_json(json.loads(json.dumps(data)))
    assert restored.to_json() == data and _state(restored) == _state(m)
    assert restored.score_sheet == m.score_sheet
    return restored


def _count(evs: list[Any], players: int, tracker: VariantTracker) -> None:
    for e in evs:
        d = e.to_dict()
        t = d["type"]
        STATS[f"event:{t}"] += 1
        if t == "deal_scored":
            STATS[f"outcome:{players}:{d['outcome']}"] += 1
            STATS["pot_awarded"] += d["pot_awarded"] > 0
        elif t == "thrown_in":
            STATS[f"thrown_in:{d['reason']}"] += 1
        elif t == "ask":
            STATS["ask:" + (d["answer"] if d["question"] == "trump" else "height")] += 1
        elif t == "stake":
            STATS["stake:" + d["call"]] += 1
        elif t == "bid" and d["call"] in ("offer50", "accept50", "decline50"):
            STATS[f"offer:{d['call']}"] += 1
        elif t == "match_over":
            over = sum(1 for x in d["totals"] if x >= tracker.o["target"])
            how = ("short" if tracker.short else "claim" if "by claim" in d["line"]
                   else "gap" if not over else str(over))
            STATS[f"end:{players}:{how}"] += 1


def play_match(ruleset: str, players: int, fmt: str, i: int) -> None:
    game = engine.get_game("deberts")
    opts = options_for(ruleset, fmt, i)
    seed = 7919 * i + 13 * players + len(ruleset + fmt)
    pick, probe = random.Random(seed + 1), random.Random(seed + 2)
    m = game.new_match(players=players, options=opts, seed=seed)
    tracker = VariantTracker(m, opts)
    actions: list[tuple[int, str]] = []
    restored: tuple[int, engine.Match] | None = None
    while not m.is_over:
        assert len(actions) < MAX_ACTIONS, "match did not end"
        seat = m.to_move
        assert seat is not None
        legal = m.legal_actions(seat)
        tracker.check_state(m)
        tracker.check_legal(m, seat, legal)
        if probe.random() < P_REFUSE:
            _refusals(m, seat, legal, probe)
        if probe.random() < P_CLONE:
            _all_listed_accepted(m, seat, legal)
        if restored is None and tracker.phase == "play" and tracker.played:
            restored = (len(actions), _round_trip(m))
        elif probe.random() < P_JSON:
            _round_trip(m)
        code = pick.choice(legal)
        tracker.before_action(m, seat, code)
        evs = m.apply(seat, code)
        tracker.after_action(m, seat, code, evs)
        actions.append((seat, code))
        _count(evs, players, tracker)
        if any(e.type == "deal_scored" for e in evs):
            tracker.check_sheet(m)
    tracker.check_state(m)
    tracker.check_sheet(m)
    if restored is not None:
        k, r = restored
        for seat, code in actions[k:]:
            r.apply(seat, code)
        assert dicts(r.events) == dicts(m.events) and r.to_json() == m.to_json()
    if i % 4 == 0:
        again = game.new_match(players=players, options=opts, seed=seed)
        for seat, code in actions:
            again.apply(seat, code)
        assert again.to_json() == m.to_json()
    STATS["matches"] += 1
    STATS["actions"] += len(actions)
    STATS["deals"] += tracker.deals


@pytest.mark.parametrize(("ruleset", "players", "fmt"), COMBOS)
def test_random_matches(ruleset, players, fmt):  # STYLE.md 6; DB-* rules via VariantTracker
    t0 = time.perf_counter()
    for i in range(MATCHES_PER_COMBO):
        play_match(ruleset, players, fmt, i)
    TIMES.append(time.perf_counter() - t0)


def test_every_variant_path_was_exercised():  # the random matches reached every Part B path
    if STATS["matches"] < MATCHES_PER_COMBO * len(COMBOS):
        pytest.skip("needs every combination of test_random_matches in this run")
    for key in ("outcome:2:made", "outcome:2:bait", "outcome:3:made", "outcome:3:bait",
                "outcome:2:offer_fifty", "outcome:2:short_won", "outcome:3:short_won",
                "outcome:2:short_tie", "outcome:3:short_tie", "pot_awarded",
                "thrown_in:four_passes", "thrown_in:six_passes", "ask:height", "ask:passes",
                "stake:dave",
                "stake:dave:accept", "stake:dave:concede", "offer:offer50", "offer:accept50",
                "offer:decline50", "end:2:claim", "end:3:claim", "end:2:1", "end:2:2",
                "end:2:gap", "end:3:1", "end:3:2", "end:2:short", "end:3:short",
                "event:exchange", "event:melds_shown"):
        assert STATS[key] > 0, (key, dict(STATS))
    total = sum(TIMES)
    print(f"\n{STATS['matches']} matches, {STATS['deals']} deals, {STATS['actions']} actions in "
          f"{total:.1f} s ({STATS['deals'] / total:.0f} deals/s);", dict(sorted(STATS.items())))
