"""The state of a Bazar-Belot match as plain JSON-able values (``to_json`` dumps it as is).

Seats 0-3 clockwise; pair 0-2 is side 0 (NS), pair 1-3 side 1 (EW) (BB-DEAL-1). Strains are
``S H D C NT AT``; a contract level is a number, ``"kapo"`` or ``"kapo1"`` (BB-BID-2 to BB-BID-5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SIDE_NAMES = ("NS", "EW")
STRAINS = ("S", "H", "D", "C", "NT", "AT")
KAPO_STRAINS = ("S", "H", "D", "C", "NT")
MIN_BID = 8  # BB-BID-7
MIN_ALL_TRUMPS = 20  # BB-BID-7
MAX_BID = 112  # BB-BID-7 (resolved)
TRICKS = 8


def pair_of(seat: int) -> int:
    """Side index of ``seat``: 0 for pair 0-2, 1 for pair 1-3."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The partner of ``seat`` (opposite, BB-DEAL-1)."""
    return (seat + 2) % 4


def rank_of(level: int | str) -> int:
    """Auction rank of a bid level (BB-BID-8): numbers by value, kapo above, kapo1 above that."""
    if level == "kapo1":
        return 2000
    if level == "kapo":
        return 1000
    assert isinstance(level, int)
    return level


@dataclass
class State:
    """Everything a Bazar-Belot match is.

    Auction fields (BB-BID): ``calls`` the calls of this deal as ``[seat, code]``; ``high`` the
    current highest bid ``[seat, level, strain]`` or None; ``last_strain`` each seat's most recent
    bid strain; ``passed`` / ``called`` whether a seat has passed / made any call; ``passes`` the
    consecutive passes since the highest bid (or since the deal began); ``no_last_word`` set by a
    fourth-seat opening (BB-BID-17); ``last_word`` true while the highest bidder holds the last
    word (BB-BID-18); ``changed_pair`` the pair that changed on the last word (BB-BID-19);
    ``contra`` the multiplier 1, 2 or 4; ``contra_open`` / ``recontra_open`` the windows of
    BB-BID-13 and BB-BID-15.

    Play fields: ``declarer``, ``level``, ``strain`` of the contract; ``dummy`` the lone player's
    partner in kapo on one hand; ``declared`` each seat's declaration (None before it: ``none``,
    ``best``, ``four8``); ``melds`` each announcing seat's melds ``[{kind, cards, points}]``;
    ``meld_seat`` the seat whose meld won BB-MELD-5; ``shown`` seats that showed; ``meld_points``
    the melds each pair scores (big points, set after trick 1 or trick 2); ``bela`` per seat,
    suit -> ``said`` / ``done`` / ``void``; ``card_pts`` small card points per pair.
    """

    options: dict[str, Any]
    seed: int
    first_deck: list[str] | None
    dealer: int
    deal_no: int = 0
    totals: list[int] = field(default_factory=lambda: [0, 0])
    rows: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    phase: str = "bidding"
    turn: int = 0
    hands: list[list[str]] = field(default_factory=list)
    # auction
    calls: list[list[Any]] = field(default_factory=list)
    high: list[Any] | None = None
    last_strain: list[str | None] = field(default_factory=lambda: [None] * 4)
    passed: list[bool] = field(default_factory=lambda: [False] * 4)
    called: list[bool] = field(default_factory=lambda: [False] * 4)
    passes: int = 0
    no_last_word: bool = False
    last_word: bool = False
    changed_pair: int | None = None
    contra: int = 1
    contra_open: bool = False
    recontra_open: bool = False
    # contract and play
    declarer: int | None = None
    level: int | str | None = None
    strain: str = ""
    dummy: int | None = None
    declared: list[str | None] = field(default_factory=lambda: [None] * 4)
    announced: list[str] = field(default_factory=lambda: [""] * 4)
    decl_order: list[int] = field(default_factory=list)
    melds: list[list[dict[str, Any]]] = field(default_factory=lambda: [[], [], [], []])
    four8: bool = False
    meld_seat: int | None = None
    shown: list[bool] = field(default_factory=lambda: [False] * 4)
    meld_points: list[int] = field(default_factory=lambda: [0, 0])
    melds_settled: bool = False
    bela: list[dict[str, str]] = field(default_factory=lambda: [{}, {}, {}, {}])
    leader: int = 0
    trick: list[list[Any]] = field(default_factory=list)
    last_trick: list[list[Any]] = field(default_factory=list)
    tricks_done: int = 0
    tricks_won: list[int] = field(default_factory=lambda: [0] * 4)
    card_pts: list[int] = field(default_factory=lambda: [0, 0])

    def reset_deal(self) -> None:
        """Clear every per-deal field (a new deal begins)."""
        fresh = State(options=self.options, seed=self.seed, first_deck=self.first_deck,
                      dealer=self.dealer)
        for name in ("phase", "hands", "calls", "high", "last_strain", "passed", "called",
                     "passes", "no_last_word", "last_word", "changed_pair", "contra",
                     "contra_open", "recontra_open", "declarer", "level", "strain", "dummy",
                     "declared", "announced", "decl_order", "melds", "four8", "meld_seat",
                     "shown", "meld_points", "melds_settled", "bela", "leader", "trick",
                     "last_trick", "tricks_done", "tricks_won", "card_pts"):
            setattr(self, name, getattr(fresh, name))

    @property
    def kind(self) -> str:
        """BEL-OPT-contract-kind of the contract: ``suit``, ``no_trumps`` or ``all_trumps``."""
        if self.strain == "NT":
            return "no_trumps"
        if self.strain == "AT":
            return "all_trumps"
        return "suit"

    @property
    def trump(self) -> str | None:
        """The trump suit in a suit contract, else None."""
        return self.strain if self.strain in ("S", "H", "D", "C") else None

    def active(self, seat: int) -> bool:
        """False only for the lone player's partner in kapo on one hand (BB-PLAY-10)."""
        return seat != self.dummy

    def next_active(self, seat: int) -> int:
        """The next seat clockwise that plays (BB-PLAY-2, BB-PLAY-10)."""
        nxt = (seat + 1) % 4
        return nxt if self.active(nxt) else (nxt + 1) % 4

    @property
    def n_active(self) -> int:
        """Cards in a trick: 4, or 3 in kapo on one hand."""
        return 4 if self.dummy is None else 3
