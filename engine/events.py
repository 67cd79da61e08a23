"""Events: what happened, in the past tense, public to every player (docs/design.md "Events").

Every event is a frozen dataclass; ``to_dict()`` gives ``{"type": ..., ...}`` with plain JSON
values and ``event_from_dict`` reverses it. No event holds a card that the rules keep hidden from
any player: hands live only in ``Match.view(seat)``.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

_EVENT_TYPES: dict[str, type[Event]] = {}
#: each event class's field names, looked up once (``dataclasses.fields`` builds a new tuple each
#: call, and ``to_dict`` runs for every event of every move)
_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}
#: the field types ``to_dict`` copies as they are
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _field_names(cls: type[Event]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


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
        for name in _field_names(type(self)):
            out[name] = _plain(getattr(self, name))
        return out


def _plain(value: Any) -> Any:
    if type(value) in _SCALARS:  # most fields: returned as they are, without the checks below
        return value
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
        name: (data[name] if isinstance(data[name], dict) else _frozen(data[name]))
        for name in _field_names(cls)
        if name in data
    }
    return cls(**kwargs)



class EventLog:
    """A match's events in order, decoded from its snapshot only when someone reads them.

    A match decoded from a snapshot (``Game.from_json``) keeps the stored event dicts as they
    came; a move appends its ``Event`` objects; ``to_dicts`` hands the stored dicts back as they
    are, followed by the new events' ``to_dict()``. So a move of a stored match (the bot loads,
    applies and stores one per press) costs the same early and late in a deal, and the events
    are decoded once, when ``events`` is first read (the bot players follow the deal there).

    The stored dicts are shared, not copied: neither ``from_json``'s input nor ``to_json``'s
    output may be changed in place while the match is used.
    """

    __slots__ = ("_events", "_pending", "_stored")

    def __init__(self, events: Iterable[Event] = (),
                 stored: Sequence[dict[str, Any]] = ()) -> None:
        #: the first events as stored (``to_dict`` form), then ``_events`` after them until read
        self._stored: tuple[dict[str, Any], ...] = tuple(stored)
        self._events: list[Event] = list(events)
        self._pending = bool(self._stored)  # the stored ones are not decoded yet

    def items(self) -> list[Event]:
        """Every event, in order (the list itself: ``Match.events``)."""
        if self._pending:
            self._events[:0] = [event_from_dict(d) for d in self._stored]
            self._pending = False
        return self._events

    def extend(self, events: Iterable[Event]) -> None:
        """Append the events of a move."""
        self._events.extend(events)

    def to_dicts(self) -> list[dict[str, Any]]:
        """Every event in ``to_dict()`` form: the stored ones as they came, then the rest."""
        rest = self._events if self._pending else itertools.islice(
            self._events, len(self._stored), None)
        return [*self._stored, *(e.to_dict() for e in rest)]

    def copy(self) -> EventLog:
        """An independent log with the same events (the stored dicts shared)."""
        twin = EventLog.__new__(EventLog)
        twin._stored, twin._events, twin._pending = self._stored, list(self._events), \
            self._pending
        return twin


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


_PLAYED: dict[tuple[int, str, str], Played] = {}


def played(seat: int, card: str, call: str = "") -> Played:
    """``Played(seat=seat, card=card, call=call)``, one shared object per (seat, card, call).

    An event is frozen and holds only text and numbers, so equal ones may be one object; the
    card play makes one per action (the bots' playouts thousands per decision) and a lookup
    costs a tenth of building one. At most four seats times 53 cards times a few calls.
    """
    key = (seat, card, call)
    event = _PLAYED.get(key)
    if event is None:
        event = _PLAYED[key] = Played(seat, card, call)
    return event


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
    ``trump`` is the deal's trump suit (``S``, ``H``, ``D``, ``C``) where the game has one and
    no contract row names it (Deberts, DB-BID-5), else None (and in events stored before it).
    """

    type: ClassVar[str] = "deal_scored"
    deal: int
    declarer: int | None
    outcome: str
    sides: tuple[dict[str, Any], ...]
    pot: int = 0
    pot_awarded: int = 0
    trump: str | None = None


@dataclass(frozen=True)
class DealTied(Event):
    """The deal just scored (the ``deal_scored`` before this event) was a tie, and why: Berg's
    ``fifth_turnover``, ``exhausted`` or ``bound`` (BERG-TIE-1, -2, -10)."""

    type: ClassVar[str] = "deal_tied"
    reason: str


@dataclass(frozen=True)
class MatchOver(Event):
    """The match is over: ``winner`` is a side index (None for no winner), ``line`` the result."""

    type: ClassVar[str] = "match_over"
    winner: int | None
    line: str
    totals: tuple[float, ...] = ()


@dataclass(frozen=True)
class TalonDrawn(Event):
    """Married bridge: ``seat`` drew from the talon after a preliminary trick (never the card).

    ``kind``: ``regular``, ``out_of_turn`` (an irregular draw before the trick's leader),
    ``second_card`` (a second card, seen and put back on top) or ``privileged`` (the opponent
    kept one of the two top cards). ``talon`` is the number of cards left in the talon.
    """

    type: ClassVar[str] = "talon_draw"
    seat: int
    kind: str
    talon: int


@dataclass(frozen=True)
class ContractReached(Event):
    """Married bridge: the auction ended. ``contract`` is the sheet form (``2HXX``)."""

    type: ClassVar[str] = "contract_reached"
    declarer: int
    level: int
    strain: str
    multiplier: int
    contract: str


@dataclass(frozen=True)
class Asked(Event):
    """A table-talk question the engine answered for the table (Deberts DB-MOS-10, DB-MOS-14).

    ``question`` is ``height`` or ``trump``. For ``height`` (the asker's declaration), ``answer``
    is the rank letter of the top card of the opponent's declared meld and ``trump`` whether that
    meld is in trumps; for ``trump`` ("does my trump pass?") ``answer`` is ``passes`` or
    ``does_not_pass``.
    """

    type: ClassVar[str] = "ask"
    seat: int
    question: str
    answer: str
    trump: bool = False


@dataclass(frozen=True)
class Claimed(Event):
    """``seat`` claimed the match after a trick he won (Deberts DB-MOS-15).

    ``points`` are what the claim counted from the deal in progress (card points, melds, bela);
    ``total`` is his running total plus those points.
    """

    type: ClassVar[str] = "claim"
    seat: int
    points: int
    total: int


@dataclass(frozen=True)
class StakeCall(Event):
    """A call on the stake of a short game (Deberts "dave", DB-DAVE-1).

    ``call`` is ``dave``, ``dave:accept`` or ``dave:concede``; ``stake`` is the stake offered
    (``dave``), the new stake (``dave:accept``) or the stake paid (``dave:concede``).
    """

    type: ClassVar[str] = "stake"
    seat: int
    call: str
    stake: int


@dataclass(frozen=True)
class Drew(Event):
    """Berg: ``seat`` took ``count`` cards from the stock (which ones stays hidden).

    ``forced``: the draws of a card's effect on a skipped seat (BERG-EFF-6), not his own draw.
    """

    type: ClassVar[str] = "drew"
    seat: int
    count: int
    forced: bool = False


@dataclass(frozen=True)
class Passed(Event):
    """Berg: ``seat`` ended his turn without a move after drawing (BERG-DRAW-2)."""

    type: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True)
class Skipped(Event):
    """Berg: ``seat`` missed his turn because of an attacking card (BERG-TURN-3)."""

    type: ClassVar[str] = "skipped"
    seat: int


@dataclass(frozen=True)
class UpCardOrdered(Event):
    """Berg: the dealer announced the order of a jack or queen up-card (BERG-DEAL-6)."""

    type: ClassVar[str] = "up_card_order"
    seat: int
    card: str
    order: str


@dataclass(frozen=True)
class FramePlayed(Event):
    """Berg: ``seat`` placed a frame, ``cards`` in placement order; ``order`` is the final
    jack's order or empty (BERG-FRAME-3)."""

    type: ClassVar[str] = "frame"
    seat: int
    cards: tuple[str, ...]
    order: str = ""


@dataclass(frozen=True)
class PileTurned(Event):
    """Berg: the pile was turned over into a new stock of ``stock`` cards; ``count`` is the
    deal's turnover counter now; ``shuffled`` whether the shuffle convention applied
    (BERG-TURNOVER)."""

    type: ClassVar[str] = "turnover"
    count: int
    stock: int
    shuffled: bool = False


@dataclass(frozen=True)
class DeckExchanged(Event):
    """Berg two-deck no-tie: the deck was exchanged (BERG-TIE-5..8). ``up_card`` is the new
    ownerless top card, ``counts`` the hand sizes, ``queen_returned`` whether QH went back
    into the pack, ``count`` the deal's exchanges so far."""

    type: ClassVar[str] = "deck_exchange"
    count: int
    up_card: str
    counts: tuple[int, ...]
    queen_returned: bool = False


@dataclass(frozen=True)
class Suggested(Event):
    """Berg: a non-captain suggested a declaration to his captain (BERG-DECL-3)."""

    type: ClassVar[str] = "suggest"
    seat: int
    what: str


@dataclass(frozen=True)
class JokersShown(Event):
    """Berg dobor: jokers made public (BERG-DECL-5, -8). ``jokers`` is ``[[seat, card], ...]``;
    ``seats`` are the seats that showed their hands' jokers (all four at a declaration, where a
    seat not in ``jokers`` holds none; the drawing seat for a joker drawn under a dobor);
    ``void``: the dobor was void at once (BERG-DECL-6)."""

    type: ClassVar[str] = "jokers_shown"
    jokers: tuple[tuple[int, str], ...]
    seats: tuple[int, ...]
    void: bool = False


@dataclass(frozen=True)
class HandOpened(Event):
    """Berg: ``seat``'s hand was bought open and is public from now on (BERG-DECL-10)."""

    type: ClassVar[str] = "hand_opened"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Penalised(Event):
    """A penalty ended the deal: ``seat`` committed the offence of ``rule`` (BERG-PEN-2)."""

    type: ClassVar[str] = "penalty"
    seat: int
    rule: str


# ---- fast constructors -----------------------------------------------------------------------
# A frozen dataclass's generated ``__init__`` sets every field through ``object.__setattr__``
# (about 2 µs per event, as much as a bot playout's whole action otherwise costs). Every event
# class gets an equivalent ``__init__`` that writes its instance dict directly: the same
# signature, defaults and resulting object (equality, hash, repr and frozenness unchanged).

_NO_DEFAULT = object()


def _fast_init(cls: type[Event]) -> None:
    params: list[str] = []
    body: list[str] = ["    d = self.__dict__"]
    env: dict[str, Any] = {"_NO_DEFAULT": _NO_DEFAULT}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            env[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
            body.append(f"    d[{f.name!r}] = {f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            env[f"_f_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_NO_DEFAULT")
            body.append(f"    d[{f.name!r}] = _f_{f.name}() if {f.name} is _NO_DEFAULT "
                        f"else {f.name}")
        else:
            params.append(f.name)
            body.append(f"    d[{f.name!r}] = {f.name}")
    src = f"def __init__(self, {', '.join(params)}) -> None:\n" + "\n".join(body) + "\n"
    exec(src, env)  # generated from the class's own field names, no outside input
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]


for _cls in list(_EVENT_TYPES.values()):
    _fast_init(_cls)
