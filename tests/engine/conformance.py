"""The conformance driver shared by every game (docs/design.md "Conformance test").

``Driver`` plays one seeded random match of one game and checks, at every step, what every game
must satisfy: the game's reference model (its ``Tracker``, called through the hooks a subclass
fills in), unlisted and off-turn codes refused with ``IllegalAction`` naming a rule id of the
rules docs and changing nothing, listed codes accepted (on clones, at sampled states), JSON round
trips (``to_json`` -> ``from_json`` -> ``to_json`` equal, same views, events and sheet), a match
restored mid-deal continuing identically, determinism (same seed and actions, same match), and a
bound on the match length. ``conformance_games`` holds one subclass per game of the registry.
"""

from __future__ import annotations

import collections
import json
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

import engine
from engine import IllegalAction
from tests.kit.engine import dicts as dicts


def same_events(got: Sequence[Any], want: Sequence[Any]) -> bool:
    """The same events in the same order: equal as events (same class, equal fields: cheap),
    or else equal in ``to_dict()`` form (a tuple field read back as a list still matches)."""
    return list(got) == list(want) or dicts(got) == dicts(want)


class Driver:
    """One seeded random match of one game, checked at every step; subclass per game.

    A subclass sets the class attributes and fills in the hooks (``options``, ``tracker``,
    ``check``, ``choose``, ``count``, ``mid_deal``, ``finish``); ``play()`` runs the match and adds
    what it saw to ``stats`` (a ``Counter`` the suite's coverage test reads).
    """

    game: ClassVar[str]
    suite: ClassVar[str]  # the coverage group: its matches share one Counter
    max_actions: ClassVar[int]
    p_refuse: ClassVar[float]
    p_clone: ClassVar[float]
    p_json: ClassVar[float]
    code_pool: ClassVar[Sequence[str]]
    rule_ids: ClassVar[frozenset[str]]
    refuse_per_seat: ClassVar[int]
    clone_cap: ClassVar[int | None] = None  # listed codes tried per seat (None: all of them)
    again_every: ClassVar[int] = 5  # one match in this many is replayed for determinism
    needs_mid_deal: ClassVar[bool] = True  # False: a match without a mid-deal state is counted
    required: ClassVar[tuple[str, ...]] = ()  # stats keys the suite's matches must reach
    #: share of steps given the full state check (views, leaks) by ``state_due``, beyond the
    #: first step of each part of the match it names
    p_state: ClassVar[float] = 1.0

    def __init__(self, i: int, stats: collections.Counter[str], *, players: int,
                 deep: bool = False, **params: Any) -> None:
        self.i = i
        self.stats = stats
        self.players = players
        self.deep = deep
        self.params = params
        self.opts = self.options()
        self.seed = self.match_seed()
        self.pick, self.probe = self.rngs()
        self.deck = self.first_deck()
        self.m = engine.get_game(self.game).new_match(
            players=players, options=self.opts, seed=self.seed, deck=self.deck)
        self.t = self.tracker()
        # what ``state_due`` draws from: its own, so that the actions and the other checks of a
        # match stay what they were
        self.states = random.Random(3_000_017 * self.i + 11)
        self._state_part: object = None

    # -- hooks a game fills in
    def options(self) -> dict[str, Any]:
        raise NotImplementedError

    def match_seed(self) -> int:
        return self.i

    def rngs(self) -> tuple[random.Random, random.Random]:
        """(pick, probe): the first chooses the actions, the second what to check where."""
        return random.Random(1_000_003 * self.i + 17), random.Random(2_000_029 * self.i + 5)

    def first_deck(self) -> list[str] | None:
        return None

    def tracker(self) -> Any:
        raise NotImplementedError

    def check(self) -> None:
        """The reference model's checks before an action (may draw from ``self.probe``)."""
        raise NotImplementedError

    def choose(self) -> tuple[int, str]:
        raise NotImplementedError

    def before(self, seat: int, code: str) -> None:
        self.t.before_action(self.m, seat, code)

    def after(self, seat: int, code: str, evs: list[Any]) -> None:
        self.t.after_action(self.m, seat, code, evs)

    def count(self, seat: int, code: str, evs: list[Any]) -> None:
        """Adds what the action reached to ``self.stats`` (and checks the sheet after a deal)."""
        raise NotImplementedError

    def mid_deal(self, n_actions: int) -> bool:
        raise NotImplementedError

    def finish(self) -> None:
        """The reference model's checks once the match is over."""
        self.t.check_state(self.m)
        self.t.check_sheet(self.m)

    def deals(self) -> int:
        """How many deals the match had (for the summary line)."""
        return int(self.t.deals)

    def refusal_seats(self) -> list[int]:
        """The seats whose unlisted codes are tried at a sampled state."""
        assert self.m.to_move is not None
        return [self.m.to_move]

    def off_turn(self) -> tuple[int, str] | None:
        """A listed code of the seat to move, from a seat that may not play it (or None)."""
        turn = self.m.to_move
        assert turn is not None
        others = [s for s in range(self.players) if s != turn]
        return self.probe.choice(others), self.probe.choice(self.m.legal_actions(turn))

    def state_due(self, part: object) -> bool:
        """Whether the full state check runs before this action: always at the first step of a
        new ``part`` (e.g. a deal's phase: ``(deal, phase)``), else at ``p_state`` of steps."""
        if part != self._state_part:
            self._state_part = part
            return True
        return self.states.random() < self.p_state

    # -- the checks every game gets
    def state(self, m: engine.Match) -> tuple[Any, ...]:
        seats = range(self.players)
        return ([m.legal_actions(s) for s in seats], m.public_view(), [m.view(s) for s in seats],
                m.to_move, m.is_over)

    def fingerprint(self) -> tuple[Any, ...]:
        return len(self.m.events), self.m.score_sheet, self.state(self.m)

    def refusals(self) -> None:
        """Unlisted codes (and a listed code from the wrong seat) refused, changing nothing."""
        m, before = self.m, self.fingerprint()
        for seat in self.refusal_seats():
            legal = m.legal_actions(seat)
            unlisted = [c for c in self.code_pool if c not in legal]
            for code in self.probe.sample(unlisted, self.refuse_per_seat):
                with pytest.raises(IllegalAction) as info:
                    m.apply(seat, code)
                assert info.value.rule_id in self.rule_ids, (code, info.value.rule_id)
                assert info.value.reason
        wrong = self.off_turn()
        if wrong is not None:
            with pytest.raises(IllegalAction) as info:
                m.apply(*wrong)
            assert info.value.rule_id in self.rule_ids, (wrong, info.value.rule_id)
        assert self.fingerprint() == before

    def all_listed_accepted(self) -> None:
        """Every listed code of every seat is accepted on a clone; the clones are independent."""
        m, before = self.m, self.fingerprint()
        for seat in range(self.players):
            legal = m.legal_actions(seat)
            cap = self.clone_cap
            if cap is not None and len(legal) > cap:
                legal = self.probe.sample(legal, cap)
            for code in legal:
                c = m.clone()
                evs = c.apply(seat, code)
                assert evs and len(c.events) == len(m.events) + len(evs)
        assert self.fingerprint() == before

    def round_trip(self) -> engine.Match:
        m, data = self.m, self.m.to_json()
        restored = engine.get_game(self.game).from_json(json.loads(json.dumps(data)))
        assert restored.to_json() == data
        assert self.state(restored) == self.state(m)
        assert same_events(restored.events, m.events)
        assert restored.score_sheet == m.score_sheet
        return restored

    def start(self) -> None:
        """Checks before the first action (a hook; nothing by default)."""

    def play(self) -> None:
        """Plays the match to its end with every check; raises AssertionError on a failure."""
        m, probe = self.m, self.probe
        actions: list[tuple[int, str]] = []
        restored: tuple[int, engine.Match] | None = None
        self.start()
        while not m.is_over:
            assert len(actions) < self.max_actions, f"match {self.i} did not end"
            self.check()
            if probe.random() < self.p_refuse:
                self.refusals()
            if probe.random() < self.p_clone:
                self.all_listed_accepted()
            if restored is None and self.mid_deal(len(actions)):
                restored = (len(actions), self.round_trip())
            elif probe.random() < self.p_json:
                self.round_trip()
            seat, code = self.choose()
            self.before(seat, code)
            evs = m.apply(seat, code)
            self.after(seat, code, evs)
            actions.append((seat, code))
            self.count(seat, code, evs)
        self.finish()
        final = m.to_json()  # once: each call writes every event out again
        assert all(m.legal_actions(s) == [] for s in range(self.players)) and m.to_move is None
        if restored is None:
            assert not self.needs_mid_deal, f"match {self.i}: no mid-deal state met"
            self.stats["no_mid_deal_state"] += 1
        else:  # the match restored mid-deal continues identically
            k, r = restored
            for seat, code in actions[k:]:
                r.apply(seat, code)
            assert same_events(r.events, m.events)
            assert r.score_sheet == m.score_sheet and r.is_over and r.to_json() == final
        if self.i % self.again_every == 0:  # same seed and actions give the same match
            again = engine.get_game(self.game).new_match(
                players=self.players, options=self.opts, seed=self.seed, deck=self.deck)
            for seat, code in actions:
                again.apply(seat, code)
            assert same_events(again.events, m.events) and again.to_json() == final
        self.stats["matches"] += 1
        self.stats["actions"] += len(actions)
        self.stats["deals"] += self.deals()

    @classmethod
    def check_coverage(cls, stats: collections.Counter[str]) -> None:
        """Game-specific coverage checks beyond ``required`` (a hook; nothing by default)."""
