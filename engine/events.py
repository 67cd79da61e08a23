"""Events: what happened, in the past tense, public to every player (DESIGN.md "Events").

Every event is a frozen dataclass; ``to_dict()`` gives ``{"type": ..., ...}`` with plain JSON
values and ``event_from_dict`` reverses it. No event holds a card that the rules keep hidden from
any player: hands live only in ``Match.view(seat)``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar

_EVENT_TYPES: dict[str, type[Event]] = {}


@dataclass(frozen=True)
class Event:
    """Base of all events. ``type`` is the stable identifier used in the stored log."""

    type: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _EVENT_TYPES[cls.type] = cls

    def to_dict(self) -> dict[str, Any]:
        """``{"type": <type>, <field>: <JSON value>, ...}``; tuples become lists."""
        out: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from ``to_dict()`` output.

    Raises:
        KeyError: the ``type`` is unknown (a corrupt log, never a player's input).
    """
    cls = _EVENT_TYPES[data["type"]]
    kwargs = {
        f.name: (data[f.name] if isinstance(data[f.name], dict) else _frozen(data[f.name]))
        for f in dataclasses.fields(cls)
        if f.name in data
    }
    return cls(**kwargs)


@dataclass(frozen=True)
class Dealt(Event):
    """A new deal was dealt. ``public`` maps card-group names to the cards everyone sees."""

    type: ClassVar[str] = "deal"
    deal: int
    dealer: int
    public: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Bid(Event):
    """A call in the bidding (``call`` is the action code, e.g. ``pass``, ``take``, ``trump:C``)."""

    type: ClassVar[str] = "bid"
    seat: int
    call: str


@dataclass(frozen=True)
class TrumpChosen(Event):
    """The contract is made: ``declarer`` plays with ``suit`` as trumps."""

    type: ClassVar[str] = "trump"
    seat: int
    suit: str


@dataclass(frozen=True)
class CardsAdded(Event):
    """Cards were dealt after the contract; ``public`` holds any card turned face up."""

    type: ClassVar[str] = "cards_added"
    counts: tuple[int, ...]
    public: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Exchanged(Event):
    """``seat`` exchanged ``gave`` (now face up) for the public card ``took``."""

    type: ClassVar[str] = "exchange"
    seat: int
    gave: str
    took: str


@dataclass(frozen=True)
class Declared(Event):
    """``seat`` made a declaration: ``what`` is a meld kind (``terz``, ``fifty``) or ``none``."""

    type: ClassVar[str] = "declare"
    seat: int
    what: str


@dataclass(frozen=True)
class MeldsShown(Event):
    """The comparison winner shows his melds (``melds``: ``[{"kind", "cards", "points"}]``)."""

    type: ClassVar[str] = "melds_shown"
    seat: int
    melds: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Played(Event):
    """``seat`` played ``card``; ``call`` is a word said with it (``bela``) or empty."""

    type: ClassVar[str] = "play"
    seat: int
    card: str
    call: str = ""


@dataclass(frozen=True)
class TrickTaken(Event):
    """A trick was completed. ``cards`` is ``[[seat, card], ...]`` in play order."""

    type: ClassVar[str] = "trick"
    number: int
    cards: tuple[tuple[int, str], ...]
    winner: int
    points: int


@dataclass(frozen=True)
class ThrownIn(Event):
    """The deal was thrown in without scoring (``reason``: ``four_passes``, ``four_sevens``...)."""

    type: ClassVar[str] = "thrown_in"
    reason: str
    seat: int | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class DealScored(Event):
    """A deal was scored.

    ``sides`` is one dict per side: ``card_points``, ``melds``, ``bela``, ``deal_points``,
    ``written`` (points added to the total, pot included), ``cell`` (sheet notation), ``total``.
    ``outcome`` is ``made``, ``bait`` or ``hanging``; ``pot`` is the pot after the deal.
    """

    type: ClassVar[str] = "deal_scored"
    deal: int
    declarer: int | None
    outcome: str
    sides: tuple[dict[str, Any], ...]
    pot: int = 0
    pot_awarded: int = 0


@dataclass(frozen=True)
class MatchOver(Event):
    """The match is over: ``winner`` is a side index (None for no winner), ``line`` the result."""

    type: ClassVar[str] = "match_over"
    winner: int | None
    line: str
    totals: tuple[float, ...] = ()
