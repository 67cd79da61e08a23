"""One conformance ``Driver`` per game of the registry, and the chunks of matches each plays.

What each game adds to the shared checks of ``conformance.Driver``: its options, its reference
model (the game's ``Tracker``: listed codes exactly the rules' codes, cards conserved, tricks,
scoring, sheet and the end as the rules say, no hidden card in public views, other seats' views
or events), its random policy, and what its coverage test requires the matches to reach.

- Deberts, two players, classic rules (``deberts_helpers.Tracker``): 1,000 matches.
- Deberts variants (``deberts_ref.VariantTracker``): ruleset x players x format, 21 combinations
  of 48 matches each, with varied other options.
- Bazar-Belot (``bazar_belot_helpers.Tracker``): 600 matches; the codes of all four seats
  checked (off-turn calls included); a policy reaching every kind of contract, uniform in one
  match in four.
- Berg (``berg_helpers.Tracker``): 350 matches over every option (the model checks a sample of
  steps), and 30 more checked against the model at every step; moves preferred, at most one
  paid declaration a deal (BERG-END-7: a match in which the pairs keep buying need not end).
- Married bridge (``married_bridge_helpers.Tracker``): 1,000 matches from a random first-game
  deck (so the model knows the talon order); calls and low bids preferred in the auction.
"""

from __future__ import annotations

import collections
import itertools
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

import engine

from . import bazar_belot_helpers as bb
from . import berg_helpers as bg
from . import deberts_helpers as db
from . import married_bridge_helpers as mb
from .conformance import Driver, dicts
from .deberts_ref import VariantTracker


# -- Deberts, two players, classic (DB-* and BEL-* rules via deberts_helpers.Tracker)
class DebertsDriver(Driver):
    game = "deberts"
    suite = "deberts"
    max_actions = 5000  # a 1001-point match takes a few hundred actions
    p_refuse, p_clone, p_json = 0.15, 0.015, 0.01
    p_state = 0.2  # views, leaks, conservation; check_legal at every step
    refuse_per_seat = 4
    rule_ids = db.RULE_IDS
    code_pool = (
        ["pass", "take", "declare:best", "declare:none", "swap7", "redeal"]
        + [f"trump:{s}" for s in db.SUITS] + [f"play:{c}" for c in db.ALL_CARDS]
        + [f"play:{r}{s}:bela" for s in db.SUITS for r in "KQ"]
        + ["play:AS:bela", "play:7H:bela"] + list(db.GARBAGE_CODES))
    required = ("outcome:made", "outcome:bait", "outcome:hanging", "pot_awarded",
                "thrown_in:four_passes", "event:exchange", "event:melds_shown", "bela",
                "end:one_over", "end:both_over")

    def options(self) -> dict[str, Any]:
        i = self.i
        opts: dict[str, Any] = {"target": (301, 301, 501, 501, 501, 1001)[i % 6]}
        if i % 2:
            opts["first_dealer"] = 0
        if i % 5 == 0:
            opts["redeal_four"] = "off"
        if i % 7 == 0:
            opts["tie"] = "order_only"
        return opts

    def tracker(self) -> Any:
        return db.Tracker(self.m, self.opts)

    def check(self) -> None:
        seat = self.m.to_move
        assert seat is not None
        if self.state_due((self.t.deals, self.t.phase)):
            self.t.check_state(self.m)
        self.t.check_legal(self.m, seat, self.m.legal_actions(seat))

    def choose(self) -> tuple[int, str]:
        seat = self.m.to_move
        assert seat is not None
        return seat, self.pick.choice(self.m.legal_actions(seat))

    def mid_deal(self, n_actions: int) -> bool:
        return bool(self.t.phase == "play" and self.t.tricks >= 1)

    def count(self, seat: int, code: str, evs: list[Any]) -> None:
        stats, target = self.stats, self.opts["target"]
        for d in dicts(evs):
            stats["event:" + d["type"]] += 1
            if d["type"] == "deal_scored":
                stats["outcome:" + d["outcome"]] += 1
                stats["pot_awarded"] += d["pot_awarded"] > 0
                self.t.check_sheet(self.m)
            elif d["type"] == "thrown_in":
                stats["thrown_in:" + d["reason"]] += 1
            elif d["type"] == "play" and d["call"]:
                stats["bela"] += 1
            elif d["type"] == "match_over":
                stats["end_with_pending_pot"] += self.t.pot > 0
                both = d["line"].endswith(f"{target} : {target - 1}")
                stats["end:" + ("both_over" if both else "one_over")] += 1

    @classmethod
    def check_coverage(cls, stats: collections.Counter[str]) -> None:
        assert stats["thrown_in:four_sevens"] + stats["thrown_in:four_eights"] > 0, dict(stats)


# -- Deberts variants: ruleset x players x format (DB-* rules via deberts_ref.VariantTracker)
VARIANT_COMBOS = [(r, p, f) for r, p, f in itertools.product(
    ("classic", "moscow", "kharkiv"), (2, 3),
    ("match", "short_no_bait", "short_bait", "short_dave")) if not (p == 3 and f == "short_dave")]


class DebertsVariantDriver(DebertsDriver):
    suite = "deberts_variants"
    p_refuse, p_clone, p_json = 0.1, 0.01, 0.01
    again_every = 4
    needs_mid_deal = False
    code_pool = (
        ["pass", "take", "declare:best", "declare:none", "swap7", "redeal", "claim", "offer50",
         "accept50", "decline50", "ask:trump", "ask:height", "dave", "dave:accept",
         "dave:concede"]
        + [f"trump:{s}" for s in db.SUITS] + [f"play:{c}" for c in db.ALL_CARDS]
        + [f"play:{r}{s}:bela" for s in db.SUITS for r in "KQ"] + list(db.GARBAGE_CODES))
    required = ("outcome:2:made", "outcome:2:bait", "outcome:3:made", "outcome:3:bait",
                "outcome:2:offer_fifty", "outcome:2:short_won", "outcome:3:short_won",
                "outcome:2:short_tie", "outcome:3:short_tie", "pot_awarded",
                "thrown_in:four_passes", "thrown_in:six_passes", "ask:height", "ask:passes",
                "stake:dave", "stake:dave:accept", "stake:dave:concede", "offer:offer50",
                "offer:accept50", "offer:decline50", "end:2:claim", "end:3:claim", "end:2:1",
                "end:2:2", "end:2:gap", "end:3:1", "end:3:2", "end:2:short", "end:3:short",
                "event:exchange", "event:melds_shown")

    def options(self) -> dict[str, Any]:
        ruleset, fmt = self.params["ruleset"], self.params["fmt"]
        rng = random.Random(f"{ruleset}:{fmt}:{self.i}")
        opts: dict[str, Any] = {"ruleset": ruleset, "format": fmt,
                                "target": rng.choice((301, 501, 1001))}
        for key, values in (("offer_fifty", ("on", "off")),
                            ("dave_progression", ("arithmetic", "geometric")),
                            ("redeal_four", ("on", "off"))):
            if rng.random() < 0.5:
                opts[key] = rng.choice(values)
        for key, values in (("end", ("after_deal", "claim")),
                            ("tie", ("trump_then_order", "order_only")),
                            ("table_talk", ("off", "on"))):
            if rng.random() < 0.15:
                opts[key] = rng.choice(values)
        return opts

    def match_seed(self) -> int:
        return (7919 * self.i + 13 * self.players
                + len(self.params["ruleset"] + self.params["fmt"]))

    def rngs(self) -> tuple[random.Random, random.Random]:
        return random.Random(self.seed + 1), random.Random(self.seed + 2)

    def tracker(self) -> Any:
        return VariantTracker(self.m, self.opts)

    def mid_deal(self, n_actions: int) -> bool:
        return bool(self.t.phase == "play" and self.t.played)

    def count(self, seat: int, code: str, evs: list[Any]) -> None:
        stats, players = self.stats, self.players
        for d in dicts(evs):
            t = d["type"]
            stats[f"event:{t}"] += 1
            if t == "deal_scored":
                stats[f"outcome:{players}:{d['outcome']}"] += 1
                stats["pot_awarded"] += d["pot_awarded"] > 0
            elif t == "thrown_in":
                stats[f"thrown_in:{d['reason']}"] += 1
            elif t == "ask":
                stats["ask:" + (d["answer"] if d["question"] == "trump" else "height")] += 1
            elif t == "stake":
                stats["stake:" + d["call"]] += 1
            elif t == "bid" and d["call"] in ("offer50", "accept50", "decline50"):
                stats[f"offer:{d['call']}"] += 1
            elif t == "match_over":
                over = sum(1 for x in d["totals"] if x >= self.t.o["target"])
                how = ("short" if self.t.short else "claim" if "by claim" in d["line"]
                       else "gap" if not over else str(over))
                stats[f"end:{players}:{how}"] += 1
        if any(e.type == "deal_scored" for e in evs):
            self.t.check_sheet(self.m)

    @classmethod
    def check_coverage(cls, stats: collections.Counter[str]) -> None:
        pass


# -- Bazar-Belot, four players (BB-* and BEL-* rules via bazar_belot_helpers.Tracker)
class BazarBelotDriver(Driver):
    game = "bazar_belot"
    suite = "bazar_belot"
    max_actions = 6000
    p_refuse, p_clone, p_json = 0.08, 0.01, 0.003
    p_state = 0.1  # check_state (views) at this share of steps; check_legal runs at every step
    refuse_per_seat = 3
    clone_cap = 40  # bids run to ~600 codes a seat
    needs_mid_deal = False
    rule_ids = bb.RULE_IDS
    code_pool = (
        ["pass", "contra", "recontra", "show", "declare:best", "declare:none", "declare:four8",
         "declare:four7", "bid:8:S", "bid:9:H", "bid:20:AT", "bid:19:AT", "bid:kapo:NT",
         "bid:kapo:S", "bid:kapo1:H", "bid:112:C", "bid:113:C"]
        + [f"play:{c}" for c in bb.ALL_CARDS]
        + [f"play:{r}{s}:{w}" for s in "SHDC" for r in "KQ" for w in ("bela", "rebela")]
        + list(bb.GARBAGE_CODES))
    required = ("outcome:made", "outcome:failed", "contract:suit", "contract:NT",
                "contract:AT", "contract:kapo", "contract:kapo1", "contra:1", "contra:2",
                "thrown_in:four_passes", "thrown_in:four_sevens", "four_eights",
                "event:melds_shown", "melds_scored", "bela_scored", "capot")
    matches: ClassVar[int] = 600

    def options(self) -> dict[str, Any]:
        i = self.i
        opts: dict[str, Any] = {"target": (301, 301, 151, 501, 60, 301)[i % 6]}
        if i % 2:
            opts["auto_show"] = False
        if i % 3:
            opts["first_dealer"] = i % 4
        return opts

    def tracker(self) -> Any:
        return bb.Tracker(self.m, self.opts)

    def check(self) -> None:
        self.t.check_legal(self.m)
        if self.probe.random() < self.p_state:
            self.t.check_state(self.m)

    def refusal_seats(self) -> list[int]:
        return self.probe.sample(range(4), 2)

    def off_turn(self) -> tuple[int, str] | None:
        return None  # the codes of every seat are checked against the model at every step

    def before(self, seat: int, code: str) -> None:
        pass

    def choose(self) -> tuple[int, str]:
        """A seat and one of its listed codes (off-turn calls sometimes win the race)."""
        m, rng, uniform = self.m, self.pick, self.i % 4 == 3
        seat = m.to_move
        assert seat is not None
        off = [(s, c) for s in range(4) if s != seat for c in m.legal_actions(s)]
        if off and rng.random() < (0.2 if uniform else 0.04):
            s, c = rng.choice(off)
            if "kapo1" not in c or rng.random() < 0.25:
                return s, c
        legal = m.legal_actions(seat)
        if uniform:
            return seat, rng.choice(legal)
        bids = [c for c in legal if c.startswith("bid:") and "kapo" not in c]
        if bids or "pass" in legal:
            return seat, self._auction_call(legal, bids)
        decl = [c for c in legal if c.startswith("declare:")]
        if decl:
            for code, p in (("declare:four7", 0.5), ("declare:four8", 0.7),
                            ("declare:best", 0.85)):
                if code in decl and rng.random() < p:
                    return seat, code
            return seat, "declare:none"
        if "show" in legal and rng.random() < 0.75:
            return seat, "show"
        if "recontra" in legal and rng.random() < 0.3:
            return seat, "recontra"
        words = [c for c in legal if c.endswith("bela")]
        if words and rng.random() < 0.8:
            return seat, rng.choice(words)
        return seat, rng.choice([c for c in legal if c.startswith("play:")] or legal)

    def _auction_call(self, legal: list[str], bids: list[str]) -> str:
        rng = self.pick
        x = rng.random()
        if "contra" in legal and x < 0.08:
            return "contra"
        if bids and x < 0.40:
            low = min(_bid_level(c) for c in bids)
            near = [c for c in bids if _bid_level(c) <= low + 2 and not c.endswith("AT")]
            near_at = [c for c in bids if c.endswith("AT") and _bid_level(c) <= 24]
            pool = near_at if near_at and rng.random() < 0.1 else near or bids
            return rng.choice(pool)
        kapos = [c for c in legal if c.startswith("bid:kapo")]
        if kapos and x < 0.42:
            return rng.choice(kapos)
        return "pass"

    def mid_deal(self, n_actions: int) -> bool:
        return bool(self.t.phase == "play" and self.t.tricks >= 1)

    def count(self, seat: int, code: str, evs: list[Any]) -> None:
        stats = self.stats
        for d in dicts(evs):
            stats["event:" + d["type"]] += 1
            if d["type"] == "deal_scored":
                stats["outcome:" + d["outcome"]] += 1
                note = self.m.score_sheet["rows"][-1]["note"]
                kind = "kapo1" if note.startswith("K1") else "kapo" if note.startswith("K") else (
                    "AT" if "AT" in note else "NT" if "NT" in note else "suit")
                stats["contract:" + kind] += 1
                stats["contra:" + str(note.count("+"))] += 1
                stats["capot"] += any(s["tricks"] == 8 for s in d["sides"])
                stats["melds_scored"] += any(s["melds"] for s in d["sides"])
                stats["bela_scored"] += any(s["bela"] for s in d["sides"])
            elif d["type"] == "thrown_in":
                stats["thrown_in:" + d["reason"]] += 1
            elif d["type"] == "declare" and d["what"] == "four_eights":
                stats["four_eights"] += 1
            elif d["type"] == "bid":
                call = d["call"].split(":")
                stats["call:" + call[0] + (":" + call[1] if "kapo" in d["call"] else "")] += 1
        if any(e.type == "deal_scored" for e in evs):
            self.t.check_sheet(self.m)

    @classmethod
    def check_coverage(cls, stats: collections.Counter[str]) -> None:
        assert stats["no_mid_deal_state"] < cls.matches // 10, dict(stats)


def _bid_level(code: str) -> int:
    level = code.split(":")[1]
    return int(level) if level.isdigit() else 999


# -- Berg 2x2 (BERG-* rules via berg_helpers.Tracker)
class BergDriver(Driver):
    game = "berg"
    suite = "berg"
    max_actions = 40_000
    p_model = 0.08  # reference-model check of every seat's legal actions (unless deep)
    p_state = 0.04  # full state / information checks (always at deal boundaries)
    p_refuse, p_clone, p_json = 0.05, 0.01, 0.001
    p_declare, p_move = 0.04, 0.8
    refuse_per_seat = 4
    rule_ids = bg.RULE_IDS
    code_pool = (
        ["draw", "pass"] + [f"play:{c}" for c in bg.ALL_CARDS]
        + [f"play:J{s}:{a}" for s in bg.SUITS for a in ("5", "T", "JK")]
        + [f"play:Q{s}:{x}" for s in bg.SUITS for x in bg.SUITS]
        + ["frame:8S.8H.8D.8C", "frame:7C.7S.7D.RJ", "frame:QS.QH.QD.QC", "frame:JS.JH.JD.JC:9"]
        + [f"order:{a}" for a in ("5", "A", "JK", "S", "H")]
        + [f"declare:{w}" for w in ("dobor", "surrender", "open:0", "open:1", "open:both",
                                    "shuffle", "fire", "insure")]
        + [f"suggest:{w}" for w in ("dobor", "surrender", "open", "shuffle", "fire", "insure")]
        + list(bg.GARBAGE_CODES))
    required = ("outcome:win", "outcome:tie", "outcome:surrender", "outcome:penalty",
                "event:turnover", "event:deck_exchange", "event:frame", "frame_with_joker",
                "event:up_card_order", "event:jokers_shown", "event:hand_opened",
                "event:suggest", "declare:dobor", "declare:fire", "declare:insure",
                "declare:shuffle", "declare:open")

    def options(self) -> dict[str, Any]:
        i = self.i
        return {
            "berg_height": (0.5, 1, 1.5, 1, 2, 0.5, 1, 3, 1, 10 if i % 100 == 9 else 5)[i % 10],
            "berg_win_comparison": ("gt", "gte")[(i // 6) % 2],
            "tie_convention": ("with_tie", "no_tie_one_deck", "no_tie_two_deck")[i % 3],
            "insurance_type": ("none", "full", "permanent", "half", "absolute", "simple")[
                (i // 3) % 6],
            "full_insurance_price": (0.5, 1.0)[(i // 2) % 2],
            "shuffle_on_turnover": ("off", "on", "by_declaration")[(i // 5) % 3],
            "penalty_size": ("height_plus_5", "cheap_5")[(i // 7) % 2],
            "enforcement": "penalty" if i % 9 == 4 else "automatic",
            "frame_joker_colour_match": i % 4 != 1,
            "first_dealer": i % 4,
            "captain_02": (0, 2)[(i // 4) % 2],
            "captain_13": (1, 3)[(i // 8) % 2],
        }

    def tracker(self) -> Any:
        self.declared: set[int] = set()  # deals in which a paid declaration was made
        return bg.Tracker(self.m, self.opts)

    def start(self) -> None:
        self.t.check_state(self.m)

    def check(self) -> None:  # BERG-TIE-12: the seat to move always has an action
        assert self.m.to_move is not None and self.m.legal_actions(self.m.to_move), \
            "the seat to move has no action"
        if self.deep or self.probe.random() < self.p_model:
            self.t.check_legal(self.m)
        if self.deep or self.probe.random() < self.p_state:
            self.t.check_state(self.m)

    def refusal_seats(self) -> list[int]:
        return [self.probe.randrange(4)]

    def off_turn(self) -> tuple[int, str] | None:
        idle = [s for s in range(4) if not self.m.legal_actions(s)]
        if not idle:
            return None
        assert self.m.to_move is not None
        return self.probe.choice(idle), self.probe.choice(self.m.legal_actions(self.m.to_move))

    def choose(self) -> tuple[int, str]:
        """The random policy: moves preferred, paid declarations rare (once a deal at most)."""
        m, rng = self.m, self.pick
        turn = m.to_move
        assert turn is not None
        legal = [m.legal_actions(s) for s in range(4)]
        deal = m._s.deal_no  # type: ignore[attr-defined]  # the view's "deal", without a view
        extra = [(s, c) for s in range(4) for c in legal[s]
                 if c.startswith(("declare:", "suggest:"))
                 and (c.startswith("suggest:") or deal not in self.declared)]
        if extra and rng.random() < self.p_declare:
            seat, code = rng.choice(extra)
            if code.startswith("declare:"):
                self.declared.add(deal)
            return seat, code
        plain = [c for c in legal[turn] if not c.startswith(("declare:", "suggest:"))]
        moves = [c for c in plain if c.startswith(("play:", "frame:", "order:"))]
        if moves and rng.random() < self.p_move:
            return turn, rng.choice(moves)
        return turn, rng.choice(plain)

    def mid_deal(self, n_actions: int) -> bool:
        return len(self.m._s.pile) >= 3  # type: ignore[attr-defined]

    def count(self, seat: int, code: str, evs: list[Any]) -> None:
        stats = self.stats
        for d in dicts(evs):
            stats["event:" + d["type"]] += 1
            if d["type"] == "deal_scored":
                stats["outcome:" + d["outcome"]] += 1
                self.t.check_state(self.m)
            elif d["type"] == "declare":
                stats["declare:" + d["what"].split(":")[0]] += 1
            elif d["type"] == "frame":
                stats["frame_with_joker"] += any(c in ("RJ", "BJ") for c in d["cards"])

    def finish(self) -> None:
        self.t.check_state(self.m)

    def deals(self) -> int:
        return int(self.m.public_view()["deal"])


# -- Married bridge, two players (MB-* rules via married_bridge_helpers.Tracker)
class MarriedBridgeDriver(Driver):
    game = "married_bridge"
    suite = "married_bridge"
    max_actions = 400  # a rubber of two games with manual draws and a 37-call auction: < 300
    p_refuse, p_clone, p_json = 0.1, 0.02, 0.01
    p_state = 0.2  # the views; the legal codes of both seats at every step
    refuse_per_seat = 3
    rule_ids = mb.RULE_IDS
    code_pool = (
        ["pass", "contra", "recontra", "draw"] + list(mb.BID_CODES)
        + [f"play:{c}" for c in mb.ALL_CARDS] + [f"draw:{c}" for c in mb.ALL_CARDS]
        + list(mb.GARBAGE_CODES))
    required = ("outcome:made", "outcome:defeated", "multiplier:1", "multiplier:2",
                "multiplier:4", "strain:NT", "strain:C", "strain:S", "draw:regular",
                "draw:out_of_turn", "draw:second_card", "draw:privileged", "escape",
                "winner:0", "winner:1", "out_of_turn_action")

    def options(self) -> dict[str, Any]:
        i = self.i
        opts: dict[str, Any] = {}
        if i % 2:
            opts["match_format"] = "rubber_of_two"
        if i % 3 == 0:
            opts["manual_draws"] = True
        if i % 5 == 0:
            opts["escape_after_contra"] = False
        if i % 4 >= 2:
            opts["first_dealer"] = 0
        return opts

    def first_deck(self) -> list[str] | None:
        deck = list(mb.ALL_CARDS)
        random.Random(self.i).shuffle(deck)
        return deck

    def tracker(self) -> Any:
        return mb.Tracker(self.m, self.opts, self.deck)

    def check(self) -> None:
        self.t.check(self.m, views=self.state_due((self.t.game_no, self.t.phase)))

    def refusal_seats(self) -> list[int]:
        return [0, 1]

    def off_turn(self) -> tuple[int, str] | None:
        return None  # both seats' codes are predicted by the model at every step

    def choose(self) -> tuple[int, str]:
        """A random legal (seat, code): any listed code of either seat, calls biased low."""
        rng, m = self.pick, self.m
        choices = [(s, c) for s in (0, 1) for c in m.legal_actions(s)]
        calls = [sc for sc in choices if not sc[1].startswith(("bid:", "play:", "draw"))]
        bids = [sc for sc in choices if sc[1].startswith("bid:")]
        if bids:
            if calls and rng.random() < 0.5:
                return rng.choice(calls)
            bids.sort(key=lambda sc: mb.BID_CODES.index(sc[1]))
            return rng.choice(bids[:5])
        return rng.choice(choices)

    def before(self, seat: int, code: str) -> None:
        if seat != self.m.to_move:
            self.stats["out_of_turn_action"] += 1

    def after(self, seat: int, code: str, evs: list[Any]) -> None:
        self.t.after(self.m, seat, code, evs)

    def mid_deal(self, n_actions: int) -> bool:
        phase = self.m.public_view()["phase"]
        return phase in ("main_play", "preliminary") and n_actions > 30

    def count(self, seat: int, code: str, evs: list[Any]) -> None:
        stats = self.stats
        for d in dicts(evs):
            stats["event:" + d["type"]] += 1
            if d["type"] == "deal_scored":
                stats["outcome:" + d["outcome"]] += 1
                self.t.check_sheet(self.m)
            elif d["type"] == "contract_reached":
                stats[f"multiplier:{d['multiplier']}"] += 1
                stats["strain:" + d["strain"]] += 1
            elif d["type"] == "talon_draw":
                stats["draw:" + d["kind"]] += 1
            elif d["type"] == "match_over":
                stats["winner:" + str(d["winner"])] += 1
        calls = self.t.calls
        if code.startswith("bid:") and len(calls) >= 2 and calls[-2][1] == "contra":
            stats["escape"] += 1

    def finish(self) -> None:
        self.t.check(self.m)
        self.t.check_sheet(self.m)

    def deals(self) -> int:
        return len(self.m.score_sheet["rows"])


@dataclass(frozen=True)
class Chunk:
    """A run of matches of one driver: one test of ``test_conformance``."""

    driver: type[Driver]
    matches: range
    players: int
    deep: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    name: str = ""

    @property
    def id(self) -> str:
        return f"{self.driver.suite}-{self.name or self.matches.start // len(self.matches)}"


def _chunks(driver: type[Driver], players: int, n: int, size: int) -> list[Chunk]:
    return [Chunk(driver, range(k, k + size), players) for k in range(0, n, size)]


N_DEEP = 30  # Berg matches checked against the model at every step
#: deep matches per chunk: three chunks of about 20 s, which pytest-xdist spreads over its workers
DEEP_CHUNK = 10
CHUNKS: list[Chunk] = [
    *_chunks(DebertsDriver, 2, 1000, 100),
    *[Chunk(DebertsVariantDriver, range(48), p, params={"ruleset": r, "fmt": f},
            name=f"{r}-{p}-{f}") for r, p, f in VARIANT_COMBOS],
    *_chunks(BazarBelotDriver, 4, BazarBelotDriver.matches, 50),
    *_chunks(BergDriver, 4, 350, 50),
    *[Chunk(BergDriver, range(100_000 + k, 100_000 + k + DEEP_CHUNK), 4, deep=True,
            name=f"deep-{k // DEEP_CHUNK}") for k in range(0, N_DEEP, DEEP_CHUNK)],
    *_chunks(MarriedBridgeDriver, 2, 1000, 100),
]
SUITES: dict[str, type[Driver]] = {c.driver.suite: c.driver for c in CHUNKS}


def suite_matches(suite: str) -> int:
    """How many matches the chunks of ``suite`` play in all."""
    return sum(len(c.matches) for c in CHUNKS if c.driver.suite == suite)


def registry() -> dict[str, engine.GameInfo]:
    """The games of ``engine.list_games()`` by id."""
    return {g.id: g for g in engine.list_games()}
