"""Views of a Bazar-Belot match in the shared schema of ``engine.match`` (BB-PLAY-12).

Public: every call, the contract, each declaration by its kind, shown melds (cards included, as
they were shown), bela words, the current and the last trick, cards held per seat, tricks and card
points won. Private (``view(seat)``): the seat's own hand, his best meld before he declares and
the value of his melds after announcing them.
"""

from __future__ import annotations

from engine.bazar_belot.melds import best_meld
from engine.bazar_belot.scoring import Contract
from engine.bazar_belot.state import SIDE_NAMES, State
from engine.belote.common import contract_strength, contract_trick_winner_index
from engine.cards import SUITS, suit
from engine.match import Fact, PlacedCard, View


def _contract_facts(s: State, contract: Contract | None) -> list[Fact]:
    if contract is None or s.high is None:
        return []
    level = contract.level
    strain = {"NT": "no_trumps", "AT": "all_trumps"}.get(contract.strain, contract.strain)
    facts: list[Fact] = [
        {"key": "bid_level", "value": level,
         "kind": "number" if isinstance(level, int) else "text"},
        {"key": "bid_strain", "value": strain,
         "kind": "suit" if contract.strain in SUITS else "text"},
    ]
    if contract.multiplier > 1:
        facts.append({"key": "doubling", "value": "contra" if contract.multiplier == 2
                      else "recontra", "kind": "text"})
    who = "high_bidder" if s.phase == "bidding" else "declarer"
    facts.append({"key": who, "value": s.high[0], "kind": "seat"})
    if s.dummy is not None:
        facts.append({"key": "out_of_play", "value": s.dummy, "kind": "seat"})
    return facts


def public_view(s: State, contract: Contract | None) -> View:
    """The view everyone may see (no ``hand``, no ``private``)."""
    facts: list[Fact] = [{"key": "target", "value": s.options["target"], "kind": "number"}]
    facts += _contract_facts(s, contract)
    for seat in s.decl_order:
        facts.append({"key": "declaration", "value": s.announced[seat], "kind": "text",
                      "seat": seat})
    if s.last_trick:  # who took it (the table names him), as the trick was won (BB-PLAY)
        index = contract_trick_winner_index([c for _, c in s.last_trick], s.kind, s.trump)
        facts.append({"key": "last_trick_winner", "value": s.last_trick[index][0],
                      "kind": "seat"})
    if s.meld_seat is not None and s.tricks_done >= 1:
        facts.append({"key": "meld_winner", "value": s.meld_seat, "kind": "seat"})
    shown: list[PlacedCard] = []
    for seat in range(4):
        if s.shown[seat]:
            facts.append({"key": "meld_points",
                          "value": sum(m["points"] for m in s.melds[seat]),
                          "kind": "number", "seat": seat, "count": len(s.melds[seat]),
                          "melds": [m["kind"] for m in s.melds[seat]],
                          # each meld with all its cards (a card may serve in two, BB-MELD-3)
                          "each": [{"kind": m["kind"], "cards": list(m["cards"]),
                                    "points": m["points"]} for m in s.melds[seat]]})
            cards: list[str] = []
            for m in s.melds[seat]:
                cards += [c for c in m["cards"] if c not in cards]
            shown += [{"card": c, "seat": seat} for c in cards]
        for x, status in sorted(s.bela[seat].items()):
            if status == "said":
                facts.append({"key": "bela_said", "value": x, "kind": "suit", "seat": seat})
            elif status == "done":
                facts.append({"key": "bela", "value": x, "kind": "suit", "seat": seat})
            elif status == "lost":  # said, then the second card went without "rebela"
                # (BB-PLAY-11), on its own suit or, in all-trumps, off it (BB-MELD-11)
                facts.append({"key": "bela_lost", "value": x, "kind": "suit", "seat": seat})
    groups: dict[str, list[PlacedCard]] = {
        "trick": [{"card": c, "seat": p} for p, c in s.trick],
        "last_trick": [{"card": c, "seat": p} for p, c in s.last_trick],
    }
    if shown:
        groups["shown_melds"] = shown
    return {
        "game": "bazar_belot",
        "phase": s.phase,
        "deal": s.deal_no,
        # the sheet numbers scored deals only (BB-REDEAL: a redeal writes no row)
        "sheet_deal": len(s.rows) + (0 if s.phase == "over" else 1),
        "to_move": None if s.phase == "over" else s.turn,
        "dealer": s.dealer,
        "seat": None,
        "hand_counts": [len(h) for h in s.hands],
        "tricks_won": list(s.tricks_won),
        "groups": groups,
        "facts": facts,
        "deal_points": list(s.card_pts),
        "totals": list(s.totals),
        "pot": 0,
        "sides": [{"name": SIDE_NAMES[p], "seats": [p, p + 2]} for p in (0, 1)],
        "calls": [{"seat": p, "call": c} for p, c in s.calls],
        "last_word": s.last_word,  # BB-BID-18: three passes followed the highest bid
    }


def seat_view(s: State, seat: int, public: View) -> View:
    """``public`` plus the seat's own hand (display order) and private facts."""
    v = View(**public)  # a copy
    v["seat"] = seat
    kind = s.kind if s.phase != "bidding" else "no_trumps"
    trump = s.trump

    def key(card: str) -> tuple[int, int]:
        x = suit(card)
        return (-1 if x == trump else SUITS.index(x), -contract_strength(card, kind, trump))

    hand = s.hands[seat] if 0 <= seat < len(s.hands) else []
    v["hand"] = sorted(hand, key=key)
    private: list[Fact] = []
    if s.phase == "play" and s.declared[seat] is None and seat != s.dummy:
        best = best_meld(hand, s.kind, s.trump)
        if best is not None:
            private.append({"key": "best_meld", "value": best.kind, "kind": "text"})
    elif s.phase == "play" and s.declared[seat] == "best":
        private.append({"key": "my_melds", "value": sum(m["points"] for m in s.melds[seat]),
                        "kind": "number", "count": len(s.melds[seat]),
                        "melds": [m["kind"] for m in s.melds[seat]]})
    v["private"] = private
    return v
