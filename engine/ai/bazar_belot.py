"""Bot players for Bazar-Belot (bazar_belot.md).

``BazarBelotAI`` is the game's ``GameAI`` (``engine.ai.search``):

- ``normal``: bidding on an estimate of the points the pair can take in each strain
  (``strain_points``: trumps and their count, side aces and guarded tens, melds and bela, plus a
  share for the partner, more when he has bid the strain): open or overcall at the lowest level
  in the best strain while the estimate allows, raise on the last word, double a contract the
  hand sees failing; the best declaration (four 8s when the pair has no meld, four 7s when
  defending); melds shown, bela and rebela always said; card play by ``engine.ai.belote`` with
  the partner (let his winning card stand and throw him points).
- ``world``: the three hidden hands dealt again, honouring voids, trumps a player could not beat
  (overtrump duty in trumps and all-trumps, the duty to ruff against an opponent), shown melds,
  the partner card of a bela, and each announced meld kind (resampled until it matches).
- ``rollout`` and ``value``: the same rules of thumb until three tricks are left (four in a
  rollout that starts with four cards a hand), then the rest of the card play solved double
  dummy in one search and the deal scored from it (``engine.ai.bazar_exact``); the pair's total
  against the other pair's, with a bonus or malus for the match.
"""

from __future__ import annotations

import functools
import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from engine.ai import belote
from engine.ai.bazar_exact import exact_score
from engine.ai.bazar_infer import misfit
from engine.ai.endgame import exact_code
from engine.ai.sampling import deal_unseen
from engine.ai.search import margin
from engine.bazar_belot import auction
from engine.bazar_belot.game import BazarBelotMatch
from engine.bazar_belot.melds import best_meld, comparison_winner, player_melds
from engine.bazar_belot.scoring import match_winner
from engine.bazar_belot.state import State, pair_of, partner_of, rank_of
from engine.belote.common import (
    BAZAR_FOURS,
    CARDS32,
    NO_TRUMP_VALUES,
    TRUMP_VALUES,
    contract_strength,
    contract_trick_winner_index,
    find_melds,
)
from engine.cards import SUITS, rank, suit
from engine.match import Match

STRAINS: Final = ("S", "H", "D", "C", "NT")
#: What the partner is expected to add, in small points (more when he has bid the strain).
PARTNER_SHARE: Final = 32.0
PARTNER_BID_BONUS: Final = 22.0
#: Small points kept in hand as a safety margin when choosing the highest level to bid.
MARGIN: Final = 12.0
#: A sampled world gives a seat that bid a suit at least this many cards of it (resampled
#: otherwise, as for the announced melds).
BID_SUIT_MIN: Final = 2
#: Rollouts that stop short of ``EXACT_CUT`` (a kapo on one hand, melds not settled) play the
#: deal's last tricks card by card double dummy from this many tricks left (``engine.ai.endgame``).
EXACT_TRICKS: Final = 2
#: From this many cards in every hand (tricks left), a rollout stops and the world is valued
#: by the deal's score with the rest of the card play solved double dummy in one search
#: (``engine.ai.bazar_exact``): three tricks left (a millisecond or two of CPU, about what
#: playing the last two tricks card by card cost), four (a few ms) in a rollout that starts
#: with at most ``LATE_HAND`` cards in a hand (fewer cards to choose from, so still within time).
EXACT_CUT: Final = 3
LATE_CUT: Final = 4
LATE_HAND: Final = 4
MATCH_BONUS: Final = 300.0
#: The misfit of a sampled world that contradicts an announced meld or a suit bid.
CONTRADICTION: Final = 1000.0

Legal = Callable[[str], bool]


def _kind(strain: str) -> str:
    return {"NT": "no_trumps", "AT": "all_trumps"}.get(strain, "suit")


def _trump(strain: str) -> str | None:
    return strain if strain in SUITS else None


def strain_points(hand: Sequence[str], strain: str) -> float:
    """Small points this hand may bring its pair in ``strain`` (cards, control, melds, bela)."""
    kind, trump = _kind(strain), _trump(strain)
    pts = 0.0
    for c in hand:
        r, x = rank(c), suit(c)
        if kind == "suit" and x == trump:
            pts += TRUMP_VALUES[r] + 9
        elif kind == "all_trumps":
            pts += TRUMP_VALUES[r] if r in "J9" or ("J" + x in hand and r in "AT") else 2
        elif r == "A":
            pts += (NO_TRUMP_VALUES["A"] + 6) if kind == "no_trumps" else 15
        elif r == "T":
            pts += 10 if "A" + x in hand else 3
        elif r == "K" and "A" + x in hand and "T" + x in hand:
            pts += 4
    if kind == "suit" and "K" + str(trump) in hand and "Q" + str(trump) in hand:
        pts += 20
    pts += 5 * _meld_points(hand, kind)  # big points x10, about one chance in two
    return pts


def _meld_points(hand: Sequence[str], kind: str) -> int:
    """Big points of ``player_melds(hand, kind, trump)`` (the trump only orders them): the
    sequences (memoised by ``find_melds``) and the scoring fours, counted by rank."""
    pts = sum(m.points for m in find_melds(hand, meld_set="bazar"))
    ranks = [c[0] for c in hand]
    for r, v in BAZAR_FOURS[kind].items():
        if ranks.count(r) == 4:
            pts += v
    return pts


@dataclass
class Knowledge:
    """What the public play of the deal tells about the other hands."""

    played: dict[int, list[str]] = field(default_factory=dict)
    known: dict[int, set[str]] = field(default_factory=dict)
    voids: dict[int, set[str]] = field(default_factory=dict)
    caps: dict[tuple[int, str], int] = field(default_factory=dict)  # (seat, suit) -> power
    announced: dict[int, str] = field(default_factory=dict)


def _infer_trick(k: Knowledge, cards: Sequence[Sequence[Any]], strain: str) -> None:
    """Voids and caps shown by one trick (BB-PLAY-3 to BB-PLAY-9)."""
    kind, trump = _kind(strain), _trump(strain)
    led = suit(cards[0][1])
    for i in range(1, len(cards)):
        p, c = int(cards[i][0]), str(cards[i][1])
        before = [str(x[1]) for x in cards[:i]]
        win = contract_trick_winner_index(before, kind, trump)
        top_led = max(contract_strength(x, kind, trump) for x in before if suit(x) == led)
        if suit(c) == led:
            if (kind == "all_trumps" or led == trump) and \
                    contract_strength(c, kind, trump) < top_led:
                k.caps[(p, led)] = min(k.caps.get((p, led), 99), top_led)
            continue
        k.voids.setdefault(p, set()).add(led)
        partner_wins = int(cards[win][0]) == partner_of(p)
        if kind != "suit" or led == trump or partner_wins or trump is None:
            continue
        trumps_in = [contract_strength(x, kind, trump) for x in before if suit(x) == trump]
        if suit(c) != trump:
            if trumps_in:
                k.caps[(p, trump)] = min(k.caps.get((p, trump), 99), max(trumps_in))
            else:
                k.voids[p].add(trump)


def knowledge(match: BazarBelotMatch) -> Knowledge:
    """Read the deal's public events."""
    events = match.events
    start = max((i for i, e in enumerate(events) if e.type == "deal"), default=0)
    k = Knowledge()
    strain = ""
    for ev in events[start:]:
        e = ev.to_dict()
        t = e["type"]
        if t == "trump":
            strain = e["suit"]
        elif t == "declare":
            k.announced[e["seat"]] = e["what"]
        elif t == "melds_shown":
            for m in e["melds"]:
                k.known.setdefault(e["seat"], set()).update(m["cards"])
        elif t == "play":
            k.played.setdefault(e["seat"], []).append(e["card"])
            if e["call"] == "bela":
                other = ("Q" if rank(e["card"]) == "K" else "K") + suit(e["card"])
                k.known.setdefault(e["seat"], set()).add(other)
        elif t == "trick":
            _infer_trick(k, e["cards"], strain)
    return k


# ---- rules of thumb ---------------------------------------------------------------------------


def _best_bid(s: State, seat: int, hand: Sequence[str], legal: Legal) -> str | None:
    """The lowest legal bid in the strain with the best estimate, if the estimate allows it."""
    mate = s.last_strain[partner_of(seat)]
    high = rank_of(s.high[1]) if s.high is not None else 7
    best: tuple[float, str] | None = None
    for strain in (*STRAINS, "AT"):
        est = strain_points(hand, strain) + PARTNER_SHARE + (PARTNER_BID_BONUS if strain == mate
                                                             else 0)
        if strain == "AT":
            est = est * 1.4 - 20
        level = int((est - MARGIN) // 10)
        low = max(high + 1, 20 if strain == "AT" else 8)
        if level >= low and legal(f"bid:{low}:{strain}") and (best is None or est > best[0]):
            best = (est, f"bid:{low}:{strain}")
    return best[1] if best else None


def _raise(s: State, seat: int, hand: Sequence[str], legal: Legal) -> str:
    """On the last word: raise in the same strain as far as the estimate allows, else pass."""
    assert s.high is not None
    strain = s.high[2]
    if not isinstance(s.high[1], int):
        return "pass"
    est = strain_points(hand, strain) + PARTNER_SHARE
    level = int((est - MARGIN) // 10)
    code = f"bid:{level}:{strain}"
    return code if level > s.high[1] and legal(code) else "pass"


def _auction(s: State, seat: int, hand: Sequence[str], legal: Legal) -> str:
    """A call of the seat on turn in the bidding (``legal`` tells which codes are open)."""
    if legal("contra") and s.high is not None and isinstance(s.high[1], int):
        strain = s.high[2]
        if s.high[1] >= 10 and strain_points(hand, strain) >= 55:
            return "contra"
    if s.high is not None and pair_of(s.high[0]) == pair_of(seat):
        return _raise(s, seat, hand, legal) if s.last_word and s.high[0] == seat else "pass"
    return _best_bid(s, seat, hand, legal) or "pass"


def _off_turn(s: State, seat: int, hand: Sequence[str], codes: Sequence[str]) -> str:
    """A seat asked while only out-of-turn calls are open to it: a double if the hand sees the
    contract failing, else the first code that is not a kapo on one hand."""
    if "contra" in codes and s.high is not None and isinstance(s.high[1], int) \
            and strain_points(hand, s.high[2]) >= 55:
        return "contra"
    plain = [c for c in codes if not c.startswith("bid:kapo1:")]
    return plain[0] if plain else codes[0]


def _declare(s: State, seat: int, codes: Sequence[str]) -> str:
    if "declare:four7" in codes and (s.declarer is None or pair_of(s.declarer) != pair_of(seat)):
        return "declare:four7"
    if "declare:best" in codes:
        return "declare:best"
    if "declare:four8" in codes:
        return "declare:four8"
    return "declare:none"


def _card(s: State, seat: int, hand: Sequence[str], codes: Sequence[str], gone: set[str],
          voids: dict[int, set[str]]) -> str:
    legal = sorted({c.split(":")[1] for c in codes if c.startswith("play:")})
    kind, trump = s.kind, s.trump
    if len(legal) == 1:
        card = legal[0]
    elif not s.trick:
        declaring = s.declarer is not None and pair_of(s.declarer) == pair_of(seat)
        opps = ((seat + 1) % 4, (seat + 3) % 4)
        avoid = set().union(*(voids.get(p, set()) for p in opps))
        card = belote.lead(hand, legal, kind=kind, trump=trump, gone=gone,
                           draw_trumps=declaring, avoid=avoid)
    else:
        partner = partner_of(seat) if s.dummy != partner_of(seat) else None
        card = belote.follow(hand, legal, [(p, c) for p, c in s.trick], seat=seat,
                             partner=partner, active=s.n_active, kind=kind, trump=trump,
                             gone=gone)
    for word in ("bela", "rebela"):
        if f"play:{card}:{word}" in codes:
            return f"play:{card}:{word}"
    return f"play:{card}"


def decide(s: State, seat: int, hand: Sequence[str], codes: Sequence[str], gone: set[str],
           voids: dict[int, set[str]]) -> str:
    """The rule-based choice among ``codes``; ``s`` is read for public facts only (the contract,
    the auction, the trick), ``hand`` is the seat's own."""
    if s.phase == "bidding" or not any(c.startswith(("play:", "declare:", "show"))
                                       for c in codes):
        if "pass" not in codes:
            return _off_turn(s, seat, hand, codes)
        return _auction(s, seat, hand, set(codes).__contains__)
    if "show" in codes:
        return "show"
    if any(c.startswith("declare:") for c in codes):
        return _declare(s, seat, codes)
    return _card(s, seat, hand, codes, gone, voids)


def _legal_call(s: State, seat: int, code: str) -> bool:
    return auction.legal_call(s, seat, code)


def _gone_from_state(s: State) -> set[str]:
    held = set()
    for h in s.hands:
        held.update(h)
    return {c for c in CARDS32 if c not in held}


# ---- the game's GameAI ----------------------------------------------------------------------


class BazarBelotAI:
    """``GameAI`` of Bazar-Belot (see the module docstring)."""

    game_id = "bazar_belot"
    budget = 240
    min_worlds = 8
    resample = 12
    #: Worlds are chosen to fit the calls and declarations (``engine.ai.bazar_infer``).
    infer_calls = True

    def normal(self, match: Match, seat: int, rng: random.Random) -> str:
        assert isinstance(match, BazarBelotMatch)
        s = match._s
        k = knowledge(match)
        if s.trick and s.strain:
            _infer_trick(k, [list(x) for x in s.trick], s.strain)
        gone = {c for cards in k.played.values() for c in cards}
        hand = list(match.view(seat)["hand"])
        return decide(s, seat, hand, match.legal_actions(seat), gone, k.voids)

    def candidates(self, match: Match, seat: int, codes: list[str],
                   rng: random.Random) -> list[str]:
        # The auction and the declarations are left to the rules of thumb: worlds dealt at
        # random ignore what the bids say about the hands, and searching the calls that way
        # measured worse than not (7 of 20 matches against ``normal``, against 15 of 20 when
        # searching the card play only).
        if not any(c.startswith("play:") for c in codes):
            return [self.normal(match, seat, rng)]
        assert isinstance(match, BazarBelotMatch)
        s = match._s

        def seen() -> belote.Seen:
            gone = {c for played in knowledge(match).played.values() for c in played}
            gone.update(c for _, c in s.trick)
            return match.view(seat)["hand"], gone, s.kind, s.trump

        return belote.card_candidates([c for c in codes if c.startswith("play:")],
                                      (":bela", ":rebela"), seen)

    def exact(self, match: Match, seat: int, codes: list[str]) -> str | None:
        """None: at the real table some cards are always hidden (the exact play of the last
        tricks lives in the rollouts' imagined worlds)."""
        return None

    def worlds(self, match: Match, seat: int, default: int) -> int:
        return default

    def world(self, match: Match, seat: int, rng: random.Random) -> Match:
        assert isinstance(match, BazarBelotMatch)
        real = match._s
        k = knowledge(match)
        if real.trick and real.strain:
            _infer_trick(k, [list(x) for x in real.trick], real.strain)
        others = [p for p in range(4) if p != seat]
        seen = set(real.hands[seat])
        for cards in k.played.values():
            seen.update(cards)
        seen.update(c for _, c in real.trick)
        known = {p: {c for c in k.known.get(p, set()) if c not in seen} for p in others}
        for p in others:
            seen |= known[p]
        unseen = [c for c in CARDS32 if c not in seen]
        sizes: dict[Any, int] = {p: len(real.hands[p]) - len(known[p]) for p in others}
        kind, trump = real.kind, real.trump

        def fits(card: str, place: Any) -> bool:
            if suit(card) in k.voids.get(place, ()):
                return False
            cap = k.caps.get((place, suit(card)))
            return cap is None or contract_strength(card, kind, trump) <= cap

        table: dict[tuple[str, Any], bool] = {(c, p): fits(c, p) for c in unseen
                                              for p in others}  # asked once, not per attempt
        allowed = table.__getitem__ if k.voids or k.caps else None

        w = match.clone()
        s = w._s
        best: tuple[float, dict[Any, list[str]]] | None = None
        for _ in range(self.resample):
            deal = deal_unseen(unseen, sizes, rng,
                               allowed=None if allowed is None else lambda c, p: allowed((c, p)))
            for p in others:
                s.hands[p] = sorted(known[p]) + deal[p]
            score = self._misfit(s, k, others, float("inf") if best is None else best[0])
            if best is None or score < best[0]:
                best = (score, deal)
            if score == 0:
                break
        assert best is not None
        if best[1] is not deal:
            for p in others:
                s.hands[p] = sorted(known[p]) + best[1][p]
            self._consistent(s, k, others)
        s.seed = rng.getrandbits(32)
        s.first_deck = None
        return w

    def _misfit(self, s: State, k: Knowledge, others: Sequence[int],
                bound: float = float("inf")) -> float:
        """How badly the hands of ``others`` in ``s`` fit the public play: ``CONTRADICTION``
        if they contradict the announced melds or the suits bid (``_consistent``, which also
        rebuilds their melds and belas), plus the calls' and declarations' misfit
        (``engine.ai.bazar_infer``; 0 when ``infer_calls`` is off); at least ``bound`` once
        it reaches it (the calls are then not all read)."""
        score = 0.0 if self._consistent(s, k, others) else CONTRADICTION
        if self.infer_calls:
            held: dict[int, Sequence[str]] = {p: s.hands[p] + k.played.get(p, []) for p in others}
            score += misfit(s, held, strain_points, partner_share=PARTNER_SHARE,
                            partner_bonus=PARTNER_BID_BONUS, margin=MARGIN,
                            bound=bound - score)
        return score

    @staticmethod
    def _consistent(s: State, k: Knowledge, others: Sequence[int]) -> bool:
        """Rebuild the opponents' hidden melds and bela states; False if they contradict the
        announced kinds."""
        ok = True
        for p in others:
            at_decl = s.hands[p] + k.played.get(p, [])
            if s.declared[p] == "best":
                s.melds[p] = [m.to_dict() for m in player_melds(at_decl, s.kind, s.trump)]
                best = best_meld(at_decl, s.kind, s.trump)
                if best is None or best.kind != s.announced[p]:
                    ok = False
            _rebuild_bela(s, p, k.played.get(p, []))
        if s.tricks_done >= 1 and not s.four8 and s.meld_seat is not None:  # public by now
            ok = ok and comparison_winner(s.melds, s.decl_order, s.kind, s.trump) == s.meld_seat
        # the bidding: whoever bid a suit held at least BID_SUIT_MIN of it when he bid
        for p, code in s.calls:
            parts = str(code).split(":")
            if p in others and parts[0] == "bid" and parts[-1] in SUITS:
                held = s.hands[p] + k.played.get(p, [])
                ok = ok and sum(1 for c in held if c[1] == parts[-1]) >= BID_SUIT_MIN
        return ok

    def rollout(self, world: Match, rng: random.Random) -> None:
        assert isinstance(world, BazarBelotMatch)
        s = world._s
        deal = s.deal_no
        cut = LATE_CUT if max(map(len, s.hands)) <= LATE_HAND else EXACT_CUT
        while s.phase != "over" and s.deal_no == deal:
            seat = s.turn
            if s.phase == "play" and max(map(len, s.hands)) <= cut:
                solved = exact_score(world)
                if solved is not None:
                    _SOLVED[world] = solved[1]
                    return
            if s.phase == "bidding":  # no list of ~600 bids: ask the auction about a few codes
                code = _auction(s, seat, s.hands[seat], functools.partial(_legal_call, s, seat))
                world.apply(seat, code)
                continue
            codes = world.legal_actions(seat)
            if len(codes) == 1:
                code = codes[0]
            else:
                code = exact_code(world, codes, EXACT_TRICKS) or decide(
                    s, seat, s.hands[seat], codes, _gone_from_state(s), {})
            world.apply(seat, code)

    def value(self, world: Match, seat: int) -> float:
        assert isinstance(world, BazarBelotMatch)
        s = world._s
        mine = pair_of(seat)
        totals = _SOLVED.get(world)
        if totals is not None:
            winner = match_winner(totals, s.options["target"])
            return margin(totals, mine, None if winner is None else {"winner": winner},
                          MATCH_BONUS)
        return margin(s.totals, mine, s.result if s.phase == "over" else None, MATCH_BONUS)


#: The match totals of a rolled-out world whose card play was finished by the solver
#: (``BazarBelotAI.rollout``), read by ``value``.
_SOLVED: weakref.WeakKeyDictionary[Match, list[int]] = weakref.WeakKeyDictionary()


def _rebuild_bela(s: State, p: int, played: Sequence[str]) -> None:
    """The bela states of seat ``p`` from his plays and his (sampled) hand (BB-MELD-10/11).

    ``said`` / ``done`` come from the words (public); ``void`` where a bela card went without a
    word while the other card was still to be played by him.
    """
    public = {x: v for x, v in s.bela[p].items() if v in ("said", "done")}
    held_later = set(s.hands[p])
    status = dict(public)
    for i, card in enumerate(played):
        r, x = rank(card), suit(card)
        if r not in "KQ" or x in public or x in status:
            continue
        if s.kind == "no_trumps" or (s.kind == "suit" and x != s.trump):
            continue
        other = ("Q" if r == "K" else "K") + x
        if other in held_later or other in played[i + 1:]:
            status[x] = "void"
    s.bela[p] = status
