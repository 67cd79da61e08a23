"""Deberts card play: the legal plays, why a play is refused, and what a claim counts.

deberts.md DB-PLAY-2..5 (two players), DB-3P-7 (three players, BEL-OPT-undertrump = required),
DB-MELD-9 (``play:<card>:bela``) and DB-MOS-15 (``claim``).
"""

from __future__ import annotations

from engine.belote.common import BELA_POINTS, CARDS32, PLAY_CODES, legal_cards
from engine.cards import suit
from engine.deberts.state import TRICKS_PER_DEAL, DebertsState, claim_on
from engine.errors import IllegalAction


def play_codes(s: DebertsState, seat: int) -> list[str]:
    """``play:<card>`` for every legal card, plus ``play:<card>:bela`` where the word is due."""
    trick = s.trick
    cards = legal_cards(s.hands[seat], [c for _, c in trick], s.trump,
                        undertrump_required=s.players == 3) if trick else s.hands[seat]
    if not (s.bela_ok[seat] and not s.bela_said[seat]):
        return [PLAY_CODES[c] for c in cards]  # no bela to say: one code per card
    codes = []
    trump = s.trump
    for c in cards:
        codes.append(PLAY_CODES[c])
        if c[1] == trump and c[0] in "KQ":
            codes.append(f"play:{c}:bela")
    return codes


def play_refusal(s: DebertsState, seat: int, code: str) -> IllegalAction:
    """Why ``code`` is not a legal play (or claim) for ``seat`` now, with the rule id."""
    parts = code.split(":")
    if code == "claim":
        rule = "DB-MOS-15" if claim_on(s) else "DB-END-2"
        return IllegalAction("a claim needs the claim rules, a trick you just won (not the "
                             "last) and enough points to reach the target", rule)
    if parts[0] != "play" or len(parts) not in (2, 3) or parts[1] not in CARDS32:
        return IllegalAction(f"{code!r} is not a play: use play:<card>, e.g. play:TS",
                             "DB-CODES")
    card = parts[1]
    if card not in s.hands[seat]:
        return IllegalAction(f"you do not hold {card}", "DB-CODES")
    if len(parts) == 3:
        if parts[2] != "bela":
            return IllegalAction(f"{parts[2]!r} is not a word said with a card", "DB-CODES")
        if f"play:{card}" in play_codes(s, seat):
            return IllegalAction(f"no bela to announce with {card}: it needs the king and "
                                 "queen of trumps held at your declaration, said once",
                                 "DB-MELD-9")
    if not s.trick:
        return IllegalAction(f"{code!r} is not allowed", "DB-CODES")
    three = s.players == 3
    led = suit(s.trick[0][1])
    if led == s.trump and card[1] == s.trump:
        return IllegalAction("trumps were led: you must play a higher trump when you have one",
                             "DB-3P-7" if three else "DB-PLAY-3")
    if any(c[1] == led for c in s.hands[seat]):
        return IllegalAction(f"you must follow suit ({led})", "DB-3P-7" if three else "DB-PLAY-2")
    if any(c[1] == s.trump for _, c in s.trick):
        if three:
            return IllegalAction("you must beat the trump in the trick if you can, and play a "
                                 "trump even if you cannot", "DB-3P-7")
        return IllegalAction("you must beat the trump in the trick if you can", "BEL-PLAY-9")
    return IllegalAction(f"you have no {led}: you must play a trump",
                         "DB-3P-7" if three else "DB-PLAY-4")


def claim_points(s: DebertsState, seat: int) -> int:
    """DB-MOS-15: what a claim by ``seat`` counts from the deal in progress.

    His card points so far, his melds if he won the comparison (he has a trick), and 20 for a
    bela he has announced or can still announce (both cards held at his declaration, one still in
    hand). The pot is not counted.
    """
    pts = s.card_pts[seat]
    if s.meld_winner == seat and s.tricks_won[seat] > 0:
        pts += sum(m["points"] for m in s.melds[seat])
    pair = ("K" + s.trump, "Q" + s.trump)
    if s.bela_said[seat] or (s.bela_ok[seat] and any(c in s.hands[seat] for c in pair)):
        pts += BELA_POINTS
    return pts


def claim_valid(s: DebertsState, seat: int) -> bool:
    """DB-MOS-15 / DB-3P-12: ``seat`` won the trick just completed (not the last), has not led
    the next one, and his total plus ``claim_points`` reaches the target."""
    return (not s.trick and s.last_winner == seat and s.phase == "play" and s.turn == seat
            and claim_on(s) and 1 <= s.tricks_done < TRICKS_PER_DEAL
            and s.totals[seat] + claim_points(s, seat) >= s.options["target"])

