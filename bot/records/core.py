"""The computations behind the records features, free of I/O: a finished match's outcome per
side, OpenSkill ratings, the export file, and one deal's record rebuilt from the action log.

Everything here works on the engine's public face (``score_sheet``, events, ``view``), the same
for every game, so a new game needs nothing here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

import engine
from bot.state.forced import FORCED, forced_code

#: Outcomes of a side (the values of ``SeatResult.outcome``).
WIN, LOSS, DRAW = "win", "loss", "draw"
#: Shown rating = BASE + SCALE * (mu - 3 sigma): a newcomer shows 1000.
RATING_BASE = 1000.0
RATING_SCALE = 20.0
#: The export file's format (the input of ``python -m engine replay FILE``).
EXPORT_KEYS = ("game", "players", "options", "seed", "deck", "actions")

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class SideOutcome:
    """How one side ended a match."""

    side: int
    seats: tuple[int, ...]
    outcome: str  # WIN | LOSS | DRAW
    place: int  # 1 = best; tied sides share a place
    points: float  # the side's final total
    baits: int  # sheet rows where the side was baited (BT, vs(xx))
    capots: int  # deals in which the side took every trick


@dataclass(frozen=True)
class MatchOutcome:
    """A finished match: its sides' outcomes, deals with a sheet row, winner, totals."""

    sides: tuple[SideOutcome, ...]
    deals: int
    winner: int | None
    totals: tuple[float, ...]

    def side_of(self, seat: int) -> SideOutcome:
        """The side ``seat`` played for.

        Raises:
            KeyError: no side has this seat.
        """
        for side in self.sides:
            if seat in side.seats:
                return side
        raise KeyError(seat)


def is_bait(cell: str) -> bool:
    """True for a sheet cell that marks a bait: ``BT``, or a hanging bait ``vs(xx)``."""
    return cell == "BT" or cell.startswith("vs(")


def deal_spans(events: Sequence[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """``(deal number, first index, end index)`` of each deal's events (from its ``deal``
    event up to the next one), numbered as the engine numbers deals (thrown-in deals count)."""
    starts = [(i, int(e.get("deal", 0))) for i, e in enumerate(events) if e["type"] == "deal"]
    return [(n, i, starts[k + 1][0] if k + 1 < len(starts) else len(events))
            for k, (i, n) in enumerate(starts)]


def capots(events: Sequence[dict[str, Any]], side_of_seat: dict[int, int]) -> list[int]:
    """How many scored deals each side won with every trick (games without tricks: none)."""
    count = [0] * (max(side_of_seat.values(), default=-1) + 1)
    for _, start, end in deal_spans(events):
        span = events[start:end]
        winners = {side_of_seat.get(e["winner"]) for e in span if e["type"] == "trick"}
        scored = any(e["type"] == "deal_scored" for e in span)
        if scored and len(winners) == 1:
            (side,) = winners
            if side is not None:
                count[side] += 1
    return count


def outcome(sheet: Mapping[str, Any], events: Sequence[dict[str, Any]]) -> MatchOutcome:
    """The outcome of a finished match from its score sheet and events.

    Sides are placed by the result's winner first, then by final total (higher is better);
    the side alone in first place wins, sides sharing first place draw, the rest lose.
    """
    sides = [tuple(int(s) for s in side["seats"]) for side in sheet["sides"]]
    totals = tuple(float(t) for t in sheet["totals"])
    result = sheet.get("result") or {}
    winner = result.get("winner")
    keys = [(1 if i == winner else 0, totals[i]) for i in range(len(sides))]
    places = [1 + sum(other > key for other in keys) for key in keys]
    side_of_seat = {seat: i for i, seats in enumerate(sides) for seat in seats}
    caps = capots(events, side_of_seat)
    out = []
    for i, seats in enumerate(sides):
        shared = places.count(places[i]) > 1
        result_word = (DRAW if shared else WIN) if places[i] == 1 else LOSS
        baits = sum(1 for row in sheet["rows"] if is_bait(str(row["cells"][i])))
        out.append(SideOutcome(i, seats, result_word, places[i], totals[i], baits, caps[i]))
    deals = len({row["deal"] for row in sheet["rows"]})
    return MatchOutcome(tuple(out), deals, winner if isinstance(winner, int) else None, totals)


# -- ratings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Skill:
    """An OpenSkill rating."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` (what leaderboards sort by)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The rating as players see it (a newcomer: 1000)."""
        return shown_rating(self.ordinal)


def shown_rating(ordinal: float) -> int:
    """``RATING_BASE + RATING_SCALE * ordinal``, rounded."""
    return round(RATING_BASE + RATING_SCALE * ordinal)


def new_skill() -> Skill:
    """The rating of a player who has not played yet (also every bot seat's fixed rating)."""
    r = _MODEL.rating()
    return Skill(float(r.mu), float(r.sigma))


def rate(teams: Sequence[Sequence[Skill]], places: Sequence[int]) -> list[list[Skill]]:
    """New ratings after a match (OpenSkill Plackett-Luce, which takes partnerships and any
    number of sides): ``teams[i]`` are the players of side i, ``places[i]`` its place (1 =
    best; equal places are a tie)."""
    if len(teams) < 2:
        return [list(team) for team in teams]
    given = [[_MODEL.rating(mu=s.mu, sigma=s.sigma) for s in team] for team in teams]
    rated = _MODEL.rate(given, ranks=[float(p) for p in places])
    return [[Skill(float(r.mu), float(r.sigma)) for r in team] for team in rated]


# -- export and replay --------------------------------------------------------------------------


def export_data(*, game: str, players: int, options: dict[str, Any], seed: int,
                deck: list[str] | None, actions: Sequence[tuple[int, str]]) -> dict[str, Any]:
    """The export file of a match: ``{"game", "players", "options", "seed", "deck",
    "actions": [[seat, code], ...]}``, what ``python -m engine replay FILE`` reads."""
    return {"game": game, "players": players, "options": dict(options), "seed": seed,
            "deck": None if deck is None else list(deck),
            "actions": [[int(seat), str(code)] for seat, code in actions]}


def export_text(data: dict[str, Any]) -> str:
    """The export file's text: JSON with one line per key and per action."""
    head = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
            for k, v in data.items() if k != "actions"]
    actions = ",\n".join(f"  {json.dumps(a, ensure_ascii=False)}" for a in data["actions"])
    return "{\n" + ",\n".join(head) + ',\n "actions": [\n' + actions + "\n ]\n}\n"


def replay(data: dict[str, Any]) -> engine.Match:
    """Rebuild a match from an export file's data by applying every action.

    Raises:
        engine.InvalidOptions / engine.IllegalAction: the file does not describe a legal match.
    """
    game = engine.get_game(str(data["game"]))
    match = game.new_match(players=int(data["players"]), options=data.get("options") or {},
                           seed=int(data["seed"]), deck=data.get("deck"))
    for seat, code in data["actions"]:
        match.apply(int(seat), str(code))
    return match


# -- the record of one deal ---------------------------------------------------------------------


@dataclass
class DealRecord:
    """One deal, now that it is over: hands as dealt and every event of the deal.

    ``number`` is the engine's deal number (thrown-in deals count); ``hands[seat]`` holds the
    cards the seat was dealt, those dealt after the bidding included, in the order received.
    In a game whose players draw from a talon before the auction (Married bridge, MB-PRE-5),
    each ``talon_draw`` event of ``events`` carries the ``card`` drawn, and ``auction_hands``
    holds each seat's hand when the auction began (else it is empty).
    """

    number: int
    hands: list[list[str]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    auction_hands: list[list[str]] = field(default_factory=list)

    @property
    def scored(self) -> dict[str, Any] | None:
        """The deal's ``deal_scored`` event, or None (thrown in, or the match ended in it)."""
        return next((e for e in reversed(self.events) if e["type"] == "deal_scored"), None)



def _take_new(hands: list[list[str]], match: engine.Match, skip: set[str]) -> None:
    """Add the cards each seat holds now and was not known to hold (nor got by exchange)."""
    for seat, held in enumerate(hands):
        held.extend(c for c in match.view(seat).get("hand", []) if c not in held and c not in skip)


def deal_record(data: dict[str, Any], number: int) -> DealRecord | None:
    """Replay the match of an export file's data up to the end of deal ``number`` and return
    that deal's record, or None if the actions never reach that deal.

    The caller checks that the deal is over (`deal_is_over`): its hands are secret until then.
    """
    game = engine.get_game(str(data["game"]))
    players = int(data["players"])
    match = game.new_match(players=players, options=data.get("options") or {},
                           seed=int(data["seed"]), deck=data.get("deck"))
    record: DealRecord | None = None
    exchanged: set[str] = set()  # public cards taken in exchange were not dealt
    held: list[set[str]] = [set() for _ in range(players)]  # each hand before the step

    def absorb(events: Sequence[dict[str, Any]]) -> bool:
        """Take the events of one step; True once the deal is over."""
        nonlocal record
        for event in events:
            if record is not None and event["type"] == "talon_draw":
                # the card drawn: the one the seat holds now and did not before the step
                new = [c for c in match.view(event["seat"]).get("hand", [])
                       if c not in held[event["seat"]]]
                if len(new) == 1:
                    event = {**event, "card": new[0]}
            if record is not None and event["type"] == "bid" and not record.auction_hands \
                    and any(e["type"] == "talon_draw" for e in record.events):
                record.auction_hands = [list(match.view(p).get("hand", []))
                                        for p in range(players)]
            if event["type"] == "deal":
                if record is not None:
                    return True
                if int(event.get("deal", 0)) == number:
                    record = DealRecord(number, [[] for _ in range(players)])
                    _take_new(record.hands, match, exchanged)
            if record is not None:
                record.events.append(event)
                if event["type"] == "exchange":
                    exchanged.add(str(event.get("took", "")))
                if event["type"] == "cards_added":
                    _take_new(record.hands, match, exchanged)
        return False

    def remember() -> None:
        for p in range(players):
            held[p] = set(match.view(p).get("hand", []))

    if absorb([e.to_dict() for e in match.events]):
        return record
    forcible = FORCED.get(game.id, ())
    for seat, code in data["actions"]:
        if record is not None:  # the deal's own steps only: a long match replays fast
            remember()
        # a call made in the player's name, his only one (bot/state/forced.py): said so
        forced = record is not None and code in forcible and forced_code(match, int(seat)) == code
        events = [e.to_dict() for e in match.apply(int(seat), str(code))]
        if forced:
            events = [{**e, "forced": True} if e["type"] == "declare" else e for e in events]
        if absorb(events):
            break
    return record
