"""The state of a Berg match as plain JSON-able values (``to_json`` dumps it as is).

Seats 0-3 clockwise; pair index ``seat % 2`` (0 = pair 0-2, 1 = pair 1-3). Points are integer
half-points. The pile is a list of ``[card, owner]`` pairs, bottom first (owner ``None`` for an
exchange up-card, BERG-TIE-7); the stock is a list of cards, the next card drawn first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

PAIR_TAGS = ("0-2", "1-3")


@dataclass
class State:
    """Everything a Berg match is.

    Attributes (per deal unless said otherwise):
        options: resolved options (match-long).
        seed, first_deck: the match's seed and the given first-deal deck (or None).
        rng_n: how many seeded shuffles were made so far (each shuffle uses a fresh counter).
        dealer, deal_no: the current dealer and deal number (1-based).
        totals: running totals per pair, half-points (match-long).
        touched: whether a row has changed the pair's total yet (``-`` cells, BERG-SCORE-6).
        rows: sheet rows as ``score_sheet`` shows them (match-long).
        result: ``{"winner": pair, "line": str}`` once the berg is taken.
        phase: ``order`` (dealer must order the J/Q up-card), ``play`` or ``over``.
        turn: the seat to move; ``drawn``: it has made its one draw this turn (the declaration
            window is open while it has not, BERG-DECL-1); ``drawn_card``: that card.
        hands, stock, pile: the cards.
        order: ``["card", rank or "JK"]``, ``["suit", suit]`` or None (BERG-PLAY).
        turnovers, exchanges: counters (BERG-TURNOVER-4, BERG-TIE-10).
        shuffle_on: the shuffle convention is in force (match-long, BERG-DECL-11).
        dobor_declared, dobor_active: per pair (BERG-DECL-4..8); ``revealed``: jokers made
            public by a dobor and still in a hand.
        fired: per pair, its captain was fired this deal (BERG-DECL-12).
        insured: per pair, -1, or the turnover counter when it bought insurance (BERG-INS-6/7).
        opened: per seat, hand bought open (BERG-DECL-10).
        suggested: per seat, the suggestions it made this deal (BERG-DECL-3).
    """

    options: dict[str, Any]
    seed: int
    first_deck: list[str] | None
    dealer: int
    rng_n: int = 0
    deal_no: int = 0
    totals: list[int] = field(default_factory=lambda: [0, 0])
    touched: list[bool] = field(default_factory=lambda: [False, False])
    rows: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    phase: str = "play"
    turn: int = 0
    drawn: bool = False
    drawn_card: str = ""
    hands: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    stock: list[str] = field(default_factory=list)
    pile: list[list[Any]] = field(default_factory=list)
    order: list[str] | None = None
    turnovers: int = 0
    exchanges: int = 0
    shuffle_on: bool = False
    dobor_declared: list[bool] = field(default_factory=lambda: [False, False])
    dobor_active: list[bool] = field(default_factory=lambda: [False, False])
    revealed: list[str] = field(default_factory=list)
    fired: list[bool] = field(default_factory=lambda: [False, False])
    insured: list[int] = field(default_factory=lambda: [-1, -1])
    opened: list[bool] = field(default_factory=lambda: [False] * 4)
    suggested: list[list[str]] = field(default_factory=lambda: [[], [], [], []])

    @property
    def captains(self) -> tuple[int, int]:
        """Captain seat of pair 0-2 and of pair 1-3 (BERG-SETUP-5)."""
        return int(self.options["captain_02"]), int(self.options["captain_13"])

    def top(self) -> tuple[str, int | None]:
        """The top card of the pile and its owner."""
        card, owner = self.pile[-1]
        return str(card), owner

    def reset_deal(self) -> None:
        """Clear everything that lasts one deal (not the cards: the dealing sets them)."""
        self.phase, self.drawn, self.drawn_card = "play", False, ""
        self.order = None
        self.turnovers = self.exchanges = 0
        self.dobor_declared = [False, False]
        self.dobor_active = [False, False]
        self.revealed = []
        self.fired = [False, False]
        self.insured = [-1, -1]
        self.opened = [False] * 4
        self.suggested = [[], [], [], []]


def pair_of(seat: int) -> int:
    """Pair index of a seat: 0 for pair 0-2, 1 for pair 1-3."""
    return seat % 2


def fmt_half(half: int) -> str:
    """Half-points as the sheet writes them: one decimal (``3.5``, ``-0.5``, ``10.0``)."""
    return f"{half / 2:.1f}"


#: the fields of ``State`` by how ``copy_state`` copies them (a test checks that every field is
#: here): lists of scalars (or None), lists of lists or dicts, the result dict (or None)
FLAT_LISTS: Final = ("first_deck", "totals", "touched", "stock", "order", "dobor_declared",
                     "dobor_active", "revealed", "fired", "insured", "opened")
NESTED_LISTS: Final = ("hands", "pile", "rows", "suggested")
SCALARS: Final = ("options", "seed", "dealer", "rng_n", "deal_no", "phase", "turn", "drawn",
                  "drawn_card", "turnovers", "exchanges", "shuffle_on")


def copy_state(s: State) -> State:
    """``engine.statecopy.copy_state(s)`` for this class, field by field (the same copy: every
    list and dict two levels deep, the options shared) without looking at each value's type:
    a playout clones once per deal, and a random playout's Berg deal is a dozen moves."""
    new = object.__new__(State)
    d = dict(s.__dict__)
    for key in FLAT_LISTS:
        value = d[key]
        if value is not None:
            d[key] = value[:]
    d["hands"] = [h[:] for h in s.hands]
    d["pile"] = [e[:] for e in s.pile]
    d["rows"] = [r.copy() for r in s.rows]
    d["suggested"] = [x[:] for x in s.suggested]
    result = s.result
    if result is not None:
        d["result"] = {k: v.copy() if type(v) is list or type(v) is dict else v
                       for k, v in result.items()}
    new.__dict__.update(d)
    return new
