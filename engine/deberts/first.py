"""A player's first turn in Deberts: exchange, questions, declaration, redeal.

deberts.md DB-DEAL-6 (``swap7``), DB-MELD-5/6 (``declare:best`` / ``declare:none`` and the
comparison), DB-REDEAL-2 (``redeal``) and, with the Moscow table talk on (two players), the meld
dialogue DB-MOS-9/10 (``ask:height``) and "does my trump pass?" DB-MOS-14 (``ask:trump``). The
offences DB-MOS-11/12 cannot be committed: the codes are offered only where the rules allow them,
and a refusal names the rule that forbids the question.
"""

from __future__ import annotations

from typing import Final

from engine.belote.common import Meld, find_melds, meld_key
from engine.cards import suit
from engine.deberts.state import (
    KIND_RANK,
    DebertsState,
    best_meld,
    held_melds,
    meld_of,
    opt,
    talk_on,
)
from engine.errors import IllegalAction
from engine.events import Asked, Declared, Event, Exchanged

#: DB-MOS-14: the terz the question is about, by rank (the suit is the trump suit).
TRUMP_TERZ_RANKS: Final = ("9", "8", "7")


def can_swap(s: DebertsState, seat: int) -> bool:
    """DB-DEAL-6: contract on the up-card's suit, nobody has exchanged, he holds the trump 7."""
    return s.trump == suit(s.up_card) and s.swapped is None and "7" + s.trump in s.hands[seat]


def four_of(s: DebertsState, seat: int) -> str | None:
    """DB-REDEAL-2: ``"7"`` or ``"8"`` if ``seat`` holds all four (and the option is on)."""
    if opt(s, "redeal_four") != "on":
        return None
    ranks = [c[0] for c in s.hands[seat]]  # rank(c): the first letter
    for r in "78":
        if ranks.count(r) == 4:
            return r
    return None


def _opponent_kind(s: DebertsState, seat: int) -> str | None:
    """With table talk: the kind the opponent has already declared (None if he has not)."""
    return s.declared[1 - seat]


def can_ask_trump(s: DebertsState, seat: int) -> bool:
    """DB-MOS-14: table talk, contract on the first trump, 9-8-7 of trumps held but not the 10."""
    hand = s.hands[seat]
    return (talk_on(s) and s.trump == suit(s.up_card) and not s.trump_asked[seat]
            and all(r + s.trump in hand for r in TRUMP_TERZ_RANKS) and "T" + s.trump not in hand)


def trump_answer(s: DebertsState, seat: int) -> str:
    """DB-MOS-14: would the trump terz 9-8-7 of ``seat`` win the comparison? (``passes`` or not).

    The opponent's best meld is his declared one if he has declared, else his best held meld;
    the asker takes his own place in the declaration order.
    """
    opp = 1 - seat
    tie = opt(s, "tie")
    terz = Meld("terz", tuple(r + s.trump for r in TRUMP_TERZ_RANKS), 20)
    if s.declared[opp] is not None:
        theirs = meld_of(s.melds[opp][0]) if s.melds[opp] else None
        my_order, their_order = 1, 0
    else:
        theirs = best_meld(find_melds(s.hands[opp]), s.trump)
        my_order, their_order = 0, 1
    if theirs is None:
        return "passes"
    mine = meld_key(terz, s.trump, order=my_order, tie=tie)
    return "passes" if mine > meld_key(theirs, s.trump, order=their_order, tie=tie) else \
        "does_not_pass"


def first_turn_codes(s: DebertsState, seat: int) -> list[str]:
    """Codes of ``seat`` at his first turn (Part D), unsorted."""
    codes = ["declare:none"]
    if can_swap(s, seat):
        codes.append("swap7")
    if can_ask_trump(s, seat):
        codes.append("ask:trump")
    melds = find_melds(s.hands[seat])
    if melds:
        theirs = _opponent_kind(s, seat) if talk_on(s) else None
        if theirs is None or theirs == "none":
            codes.append("declare:best")
        else:
            mine = KIND_RANK[melds[0].kind]  # find_melds lists the longest first
            if mine > KIND_RANK[theirs]:
                codes.append("declare:best")  # DB-MOS-9: a higher type
            elif mine == KIND_RANK[theirs]:
                codes.append("ask:height")  # DB-MOS-10
    if four_of(s, seat):
        codes.append("redeal")
    return codes


def first_turn(s: DebertsState, seat: int, code: str, *, checked: bool = False) -> list[Event]:
    """Apply a first-turn code other than ``redeal`` (the match throws the deal in itself).

    Raises:
        IllegalAction: the code is not among ``first_turn_codes`` (see ``first_turn_refusal``).
    """
    if not checked and code not in first_turn_codes(s, seat):
        raise first_turn_refusal(s, seat, code)
    if code == "swap7":
        seven = "7" + s.trump
        took = s.up_card
        s.hands[seat].remove(seven)
        s.hands[seat].append(took)
        s.up_card, s.swapped = seven, seat
        return [Exchanged(seat=seat, gave=seven, took=took)]
    if code == "ask:trump":
        answer = trump_answer(s, seat)
        s.trump_asked[seat] = answer
        return [Asked(seat=seat, question="trump", answer=answer)]
    hand = s.hands[seat]
    melds = held_melds(hand, s.trump) if code != "declare:none" else []
    s.melds[seat] = [m.to_dict() for m in melds]
    s.declared[seat] = melds[0].kind if melds else "none"
    s.decl_order.append(seat)
    s.bela_ok[seat] = "K" + s.trump in hand and "Q" + s.trump in hand
    events: list[Event] = [Declared(seat=seat, what=s.declared[seat] or "none")]
    if code == "ask:height":
        opp = 1 - seat
        top = meld_of(s.melds[opp][0])
        s.height = {"seat": opp, "rank": top.top, "trump": top.suit == s.trump}
        events.append(Asked(seat=seat, question="height", answer=top.top,
                            trump=top.suit == s.trump))
    if len(s.decl_order) == s.players:
        s.meld_winner = compare(s)
    return events


def first_turn_refusal(s: DebertsState, seat: int, code: str) -> IllegalAction:
    """Why ``code`` is not allowed at ``seat``'s first turn, with the rule id."""
    if code.startswith("play:"):
        return IllegalAction("declare first: your best meld or nothing, before your first card",
                             "DB-MELD-5")
    if code == "swap7":
        return IllegalAction("the 7 of trumps can be exchanged only for the up-card, in a "
                             "contract on its suit, by the player holding it", "DB-DEAL-6")
    melds = find_melds(s.hands[seat])
    theirs = _opponent_kind(s, seat) if talk_on(s) else None
    mine = KIND_RANK[melds[0].kind] if melds else 0
    if code == "declare:best":
        if melds and theirs is not None:
            return IllegalAction(f"your opponent declared a {theirs}: declare only a higher type, "
                                 "ask its height with one of the same type, or say good",
                                 "DB-MOS-9")
        return IllegalAction("you hold no terz or fifty to declare", "DB-MELD-5")
    if code == "ask:height":
        if not talk_on(s) or theirs in (None, "none"):
            return IllegalAction("\"height?\" can be asked only with table talk, after the "
                                 "opponent has declared a meld", "DB-MOS-10")
        if mine > KIND_RANK[theirs]:
            return IllegalAction("you hold a higher type: declare it instead of asking the "
                                 "height", "DB-MOS-11")
        return IllegalAction(f"you hold no {theirs}: you may not ask its height", "DB-MOS-12")
    if code == "ask:trump":
        return IllegalAction("\"does my trump pass?\" needs table talk, a contract on the first "
                             "trump and the 9-8-7 of trumps without the 10, asked once before "
                             "the exchange and the declaration", "DB-MOS-14")
    if code == "redeal":
        return IllegalAction("a redeal needs four 7s or four 8s in your hand (and the option "
                             "on)", "DB-REDEAL-2")
    return IllegalAction(f"{code!r} is not an action at your first turn", "DB-CODES")


def compare(s: DebertsState) -> int | None:
    """DB-MELD-6 / DB-3P-5: the seat whose best declared meld is senior, or None (BEL-CMP-11)."""
    found: tuple[tuple[int, int, int, int], int] | None = None
    for order, seat in enumerate(s.decl_order):
        if not s.melds[seat]:
            continue
        key = meld_key(meld_of(s.melds[seat][0]), s.trump, order=order, tie=opt(s, "tie"))
        if found is None or key > found[0]:
            found = (key, seat)
    return None if found is None else found[1]
