"""The state of a Deberts match as plain JSON-able values, and small questions asked of it.

``DebertsState`` is what ``to_json`` dumps as is; fields added for Part B have defaults, so a
snapshot written before them still loads. The helpers here only read the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from engine.belote.common import Meld, find_melds, meld_key

NAMES: Final = ("A", "B", "C")
TRICKS_PER_DEAL: Final = 9
#: DB-MOS-9: meld kinds in order of seniority of their type.
KIND_RANK: Final = {"none": 0, "terz": 1, "fifty": 2}


@dataclass
class DebertsState:
    """Everything a Deberts match is (deberts.md Parts A and B).

    Phases: ``bidding``; ``offer`` (the offer of fifty, DB-OFFER-1..3); ``play`` (first turns and
    tricks); ``over``. Per-seat lists have one entry per seat.
    """

    players: int
    options: dict[str, Any]
    seed: int
    first_deck: list[str] | None
    dealer: int
    deal_no: int = 0
    totals: list[int] = field(default_factory=list)
    pot: int = 0
    rows: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    phase: str = "bidding"
    turn: int = 0
    hands: list[list[str]] = field(default_factory=list)
    up_card: str = ""
    stock: list[str] = field(default_factory=list)
    bottom: str = ""
    round: int = 1
    calls: list[list[Any]] = field(default_factory=list)
    declarer: int | None = None
    trump: str = ""
    swapped: int | None = None
    declared: list[str | None] = field(default_factory=list)
    decl_order: list[int] = field(default_factory=list)
    melds: list[list[dict[str, Any]]] = field(default_factory=list)
    bela_ok: list[bool] = field(default_factory=list)
    bela_said: list[bool] = field(default_factory=list)
    meld_winner: int | None = None
    melds_shown: bool = False
    leader: int = 0
    trick: list[list[Any]] = field(default_factory=list)
    last_trick: list[list[Any]] = field(default_factory=list)
    tricks_done: int = 0
    tricks_won: list[int] = field(default_factory=list)
    card_pts: list[int] = field(default_factory=list)
    # ---- Part B (defaults keep older snapshots loadable)
    offer: str = ""  # DB-OFFER: "" (defender to decide), "made", "accepted", "declined", "passed"
    trump_asked: list[str] = field(default_factory=list)  # DB-MOS-14 answer per seat, or ""
    height: dict[str, Any] | None = None  # DB-MOS-10: {"seat", "rank", "trump"} once asked
    last_winner: int | None = None  # winner of the last completed trick of this deal
    stake: int = 1  # DB-DAVE-1: the stake of a short game with dave
    dave_right: int | None = None  # DB-DAVE-3: who may say dave next (None: either)
    dave_by: int | None = None  # a dave awaiting its answer: the offerer's seat


def opt(s: DebertsState, key: str) -> Any:
    """The frozen value of option ``key`` (older snapshots lack Part B keys: classic values)."""
    try:
        return s.options[key]
    except KeyError:
        return _CLASSIC.get(key)


_CLASSIC: Final[dict[str, Any]] = {
    "ruleset": "classic", "format": "match", "tie": "trump_then_order", "end": "after_deal",
    "table_talk": "off", "offer_fifty": "off", "dave_progression": "arithmetic",
}


def is_short(s: DebertsState) -> bool:
    """True in the one-deal stake formats (B.4, B.5)."""
    return bool(opt(s, "format") != "match")


def talk_on(s: DebertsState) -> bool:
    """Moscow meld dialogue and "does my trump pass?" are in force (two players only, DB-3P-5)."""
    return opt(s, "table_talk") == "on" and s.players == 2


def offer_on(s: DebertsState) -> bool:
    """The offer of fifty is in force: two players, format ``match`` (DB-OFFER-5)."""
    return opt(s, "offer_fifty") == "on" and s.players == 2 and not is_short(s)


def claim_on(s: DebertsState) -> bool:
    """Claims during play are in force (DB-END-5; never in a short game, DB-SHORT-6)."""
    return opt(s, "end") == "claim" and not is_short(s)


def left_of(s: DebertsState, seat: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % s.players


def best_meld(melds: list[Meld], trump: str) -> Meld | None:
    """The most senior of ``melds`` (DB-MELD-5, DB-MELD-6: length, height, then trumps).

    Between two melds of one hand equal in length and height the trump one is named, whatever
    DB-OPT-tie says: under ``order_only`` the choice changes no comparison, and the height answer
    (DB-MOS-10) then tells the truth about the meld most worth declaring.
    """
    if not melds:
        return None
    return max(melds, key=lambda m: meld_key(m, trump, order=0, tie="trump_then_order"))


def held_melds(hand: list[str], trump: str) -> list[Meld]:
    """Every meld in ``hand``, the most senior first (the order ``melds_shown`` lists them)."""
    melds = find_melds(hand)
    top = best_meld(melds, trump)
    return [top, *[m for m in melds if m is not top]] if top is not None else []


def meld_of(data: dict[str, Any]) -> Meld:
    """A ``Meld`` back from its stored ``to_dict()`` form."""
    return Meld(data["kind"], tuple(data["cards"]), data["points"])
