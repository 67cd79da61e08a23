"""The engine's face: ``Game``, ``GameInfo`` and the abstract ``Match``
(docs/design.md "Engine face").

Every game module subclasses ``Match`` and ``Game`` and registers its game in ``engine.registry``.

View schema (shared by every game, so the bot renders all games with one code path)::

    {
      "game": str, "phase": str, "deal": int, "to_move": int | None, "dealer": int | None,
      "sheet_deal": int,                  # the number the score sheet gives this deal
                                          # (rows["deal"]; deals thrown in are not counted)
      "seat": int | None,                 # the viewer; None in public_view()
      "hand": [card, ...],                # only in view(seat): the seat's own cards, display order
      "hand_counts": [int per seat],
      "tricks_won": [int per seat],
      "groups": {name: [{"card": str, "seat": int | None}, ...]},   # up_card, trick, last_trick...
      "facts": [{"key": str, "value": JSON, "kind": "seat"|"suit"|"card"|"number"|"text"}, ...],
      "deal_points": [number per side],   # points taken in this deal so far
      "totals": [number per side], "pot": number,
      "sides": [{"name": str, "seats": [int]}],
      "calls": [{"seat": int, "call": str}, ...],   # the bidding of this deal, in order
      "last_word": bool,                  # Bazar-Belot only: the highest bidder, on turn after
                                          # three passes, holds the last word (BB-BID-18)
      "private": [{"key": str, "value": JSON, "kind": str}, ...]   # view(seat) only
    }
"""

from __future__ import annotations

import abc
import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from engine.events import Event


class Side(TypedDict):
    """One side of the sheet or the view: its name and seats (a pair: two seats)."""

    name: str
    seats: list[int]


class PlacedCard(TypedDict):
    """A card of a public group (``trick``, ``up_card``...) and the seat that put it there."""

    card: str
    seat: int | None


class _FactBase(TypedDict):
    key: str
    value: Any  # JSON: a seat, a suit, a card, a number or a text, as ``kind`` says
    kind: str  # "seat" | "suit" | "card" | "number" | "text"


# the optional keys in a total=False subclass: NotRequired is not seen at run time under
# ``from __future__ import annotations`` (Python 3.11)
class Fact(_FactBase, total=False):
    """A (key, value) fact of the view; ``kind`` says how the bot shows the value."""

    seat: int | None  # the seat the fact is about, where it is about one
    count: int  # how many things ``value`` sums (melds: the bot says "meld" or "melds")
    melds: list[str]  # the kinds of the melds ``value`` sums ("terz", "fifty"), DB-MELD-7
    # each of those melds: {"kind": "terz", "cards": ["AC", "KC", "QC"], "points": 2}; a card
    # may serve in two (BB-MELD-3), so the shown cards alone do not say which meld is which
    each: list[dict[str, Any]]


class Call(TypedDict):
    """One call of the bidding of the deal."""

    seat: int
    call: str


class _ViewBase(TypedDict):
    game: str
    phase: str
    deal: int
    sheet_deal: int
    to_move: int | None
    dealer: int | None
    seat: int | None
    hand_counts: list[int]
    tricks_won: list[int]
    groups: dict[str, list[PlacedCard]]
    facts: list[Fact]
    deal_points: list[float]
    totals: list[float]
    pot: float
    sides: list[Side]
    calls: list[Call]


class View(_ViewBase, total=False):
    """What one seat (``view(seat)``) or everyone (``public_view()``) may see: the schema above.

    ``hand`` and ``private`` are only in ``view(seat)``. Numbers are ints, or floats where a game
    counts half points (Berg).
    """

    hand: list[str]
    private: list[Fact]
    last_word: bool  # Bazar-Belot: the highest bidder holds the last word (BB-BID-18)


class SheetRow(TypedDict):
    """One row of the score sheet: the rules doc's notation per side and the points written."""

    deal: int
    cells: list[str]  # ASCII, exactly the rules doc's notation (``BT``, ``vs(81)``, ``14S +``)
    points: list[float]  # what each side wrote in this row (0 after BT)
    note: str


class _SheetResultBase(TypedDict):
    winner: int | None
    line: str
    score: list[float]


class SheetResult(_SheetResultBase, total=False):
    """The match's result: the winning side (None: no single winner), the rules doc's final
    line (English, the notation of the rules) and ``score``, the figures that line gives, one
    per side in side order (Deberts: the awarded score, e.g. 501 and 500 when both sides are
    over, DB-SHEET-5; a short game's nets; elsewhere the final totals, Berg's in points).

    ``reason``, where a rule other than the higher total chose the winner, names it: Deberts
    with three players, several over the target and the last trick's winner among them,
    ``"last_trick"`` (DB-3P-12). Derived from the stored state, never stored itself.
    """

    reason: str
    claim: bool  # True when a claim ended the match (Deberts DB-MOS-15 "wins by claim")


class ScoreSheet(TypedDict):
    """The running score sheet, one shape for every game (docs/design.md "Score sheet")."""

    sides: list[Side]
    rows: list[SheetRow]
    totals: list[float]  # running totals per side (half points as decimals in Berg)
    pot: float  # a pending hanging-bait pot; 0 where the game has none
    result: SheetResult | None


def sheet_result(result: Mapping[str, Any] | None, totals: Sequence[float],
                 reason: str = "") -> SheetResult | None:
    """A match's stored result as the sheet gives it (a copy), or None while it runs.

    Args:
        result: ``{"winner", "line", "score"}`` as the game stored it; a result stored before
            ``score`` existed takes ``totals`` (the sheet's final totals, side order).
        reason: the rule that chose the winner, if not the higher total (``SheetResult``).
    """
    if not result:
        return None
    score = result.get("score")
    out: SheetResult = {"winner": result["winner"], "line": str(result["line"]),
                        "score": list(score if score is not None else totals)}
    if reason:
        out["reason"] = reason
    if result.get("claim"):
        out["claim"] = True
    return out


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game: its key, allowed values, default and rule id."""

    key: str
    values: tuple[Any, ...]
    default: Any
    rule_id: str
    implemented: tuple[Any, ...] | None = None  # None: every value is implemented
    lobby: bool = False  # offered to the table's creator in the lobby
    #: ``(key, values)`` pairs: the option has an effect only while each option ``key`` has
    #: one of ``values`` (Deberts' stake ladder only in the short game with dave); empty:
    #: always.
    applies_when: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    @property
    def choices(self) -> tuple[Any, ...]:
        """The values a match can be started with (the implemented ones), in declared order."""
        return self.implemented if self.implemented is not None else self.values

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Whether the option has an effect with ``options`` (key -> value; a key missing
        there counts as any value): see ``applies_when``."""
        return all(options[key] in values for key, values in self.applies_when
                   if key in options)


@dataclass(frozen=True)
class GameInfo:
    """What ``engine.list_games()`` tells about a game."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionInfo, ...] = field(default_factory=tuple)
    #: Player counts at which the game is played in two fixed pairs, partners opposite: seats
    #: 0 and 2 against 1 and 3 (docs/design.md "Seats"). Empty for a game of single players.
    pairs_at: tuple[int, ...] = ()

    def in_pairs(self, players: int) -> bool:
        """True when ``players`` play as two pairs (seats 0+2 against 1+3)."""
        return players in self.pairs_at

    def options_schema(self) -> dict[str, dict[str, Any]]:
        """``{key: {"values": [...], "default": v, "rule_id": id, "implemented": [...]}}``."""
        return {
            o.key: {
                "values": list(o.values),
                "default": o.default,
                "rule_id": o.rule_id,
                "implemented": list(o.implemented if o.implemented is not None else o.values),
                "lobby": o.lobby,
            }
            for o in self.options
        }


class Match(abc.ABC):
    """A match in progress. Mutable; ``apply`` is the only way to change it."""

    game_id: str = ""

    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """Seat whose turn it is; ``None`` when the match is over."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Action codes ``seat`` may apply now, sorted; empty when none (or match over)."""

    @abc.abstractmethod
    def apply(self, seat: int, code: str) -> list[Event]:
        """Apply ``code`` for ``seat``; return the events it caused.

        Raises:
            IllegalAction: the code is malformed or the rules forbid it (reason + rule id).
        """

    @abc.abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may see (the view schema in this module's docstring)."""

    @abc.abstractmethod
    def public_view(self) -> View:
        """What everyone may see: the view schema without ``hand`` and ``private``."""

    @property
    @abc.abstractmethod
    def events(self) -> list[Event]:
        """Every event since the match began, in order."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool:
        """True once the match has a result."""

    @property
    @abc.abstractmethod
    def score_sheet(self) -> ScoreSheet:
        """The running sheet in the shape docs/design.md "Score sheet" gives every game."""

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """Number of seats."""

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict that ``Game.from_json`` turns back into an equal match."""

    def clone(self) -> Match:
        """A deep copy, independent of this match (for AI playouts)."""
        return copy.deepcopy(self)


class Game(abc.ABC):
    """A registered game: its info, a constructor and a decoder."""

    info: GameInfo

    @property
    def id(self) -> str:
        """The game id (``deberts``, ``bazar_belot``, ``berg``, ``married_bridge``)."""
        return self.info.id

    @abc.abstractmethod
    def new_match(
        self,
        *,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: Sequence[str] | None = None,
    ) -> Match:
        """Start a match and deal the first deal.

        Args:
            players: number of seats.
            options: option key -> value (see ``info.options``); missing keys take defaults.
            seed: drives every shuffle; same seed and actions give the same match.
            deck: the full card order of the first deal, top first (tests set up hands this way).

        Raises:
            InvalidOptions: unknown option, bad value, bad deck or player count.
        """

    @abc.abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> Match:
        """Rebuild a match from ``Match.to_json()`` output."""
