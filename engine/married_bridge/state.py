"""The state of a married bridge match as plain JSON-able values (``to_json`` dumps it as is)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Phases: ``preliminary`` (13 tricks with draws, MB-PRE), ``bidding`` (MB-BID), ``main_play``
#: (13 tricks for the contract, MB-PLAY) and ``over`` (MB-END-4).
PHASES = ("preliminary", "bidding", "main_play", "over")


@dataclass
class MBState:
    """Everything a match is.

    Attributes (beyond the obvious):
        first_deck: the given ``deck`` of the first game, top first, or None.
        game_no: games dealt so far (1 during the first game).
        rows, totals, result: the score sheet (docs/design.md "Score sheet").
        turn: the seat to move (meaningless once ``phase`` is ``over``).
        hands: each seat's cards in the order received.
        talon: the talon, top card first (MB-DEAL-5).
        leader: the seat that led the trick in progress.
        trick / last_trick: ``[[seat, card], ...]`` in play order.
        prelim_done / main_done: preliminary / main tricks completed in this game.
        drawing: the two draws after a preliminary trick are pending (``manual_draws`` only).
        draw_leader / next_leader: the leader and the winner of the trick just completed.
        drawn: whether each seat has made his draw for that trick.
        offender: the seat that made an irregular draw after that trick, or None.
        irregular: ``out_of_turn`` or ``second_card`` once an irregular draw was made, else "".
        privileged: the seat due to make a privileged draw (MB-PRE-9 d), or None.
        seen: ``[[seat, card], ...]``: talon cards a seat has seen (MB-INFO-5).
        calls: the auction so far, ``[[seat, code], ...]``.
        bid_level / bid_strain / bidder: the last bid (level 0: none yet).
        contra: the last bid has been doubled and its maker has not answered yet.
        declarer / level / strain / multiplier: the contract, once the auction is over.
        tricks_won: main-play tricks per seat.
    """

    options: dict[str, Any]
    seed: int
    first_deck: list[str] | None
    dealer: int
    game_no: int = 0
    totals: list[int] = field(default_factory=lambda: [0, 0])
    rows: list[dict[str, Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    phase: str = "preliminary"
    turn: int = 0
    hands: list[list[str]] = field(default_factory=lambda: [[], []])
    talon: list[str] = field(default_factory=list)
    leader: int = 0
    trick: list[list[Any]] = field(default_factory=list)
    last_trick: list[list[Any]] = field(default_factory=list)
    prelim_done: int = 0
    drawing: bool = False
    draw_leader: int = 0
    next_leader: int = 0
    drawn: list[bool] = field(default_factory=lambda: [False, False])
    offender: int | None = None
    irregular: str = ""
    privileged: int | None = None
    seen: list[list[Any]] = field(default_factory=list)
    calls: list[list[Any]] = field(default_factory=list)
    bid_level: int = 0
    bid_strain: str = ""
    bidder: int | None = None
    contra: bool = False
    declarer: int | None = None
    level: int = 0
    strain: str = ""
    multiplier: int = 1
    main_done: int = 0
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
