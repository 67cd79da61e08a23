"""Takebacks' state at a table (bot/tables/takeback.py has the use cases): the button codes and
what the table's options say (bot/state/load.py names them); read by the screens and the use
cases alike."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.state.load import LAST_HUMAN, TAKEBACK, Loaded, takeback_request

#: Button codes (not engine actions: they start with "@"): ask, accept, decline or withdraw.
ASK = "@undo"
YES = "@undo:yes"
NO = "@undo:no"
CODES = (ASK, YES, NO)
#: Event types that end a deal: its result is told in the group, so no takeback crosses them.
DEAL_ENDS = ("deal_scored", "thrown_in")


def ends_deal(events: list[dict[str, Any]]) -> bool:
    """Whether a move's ``events`` (``Event.to_dict`` shapes) end a deal (scored or thrown
    in)."""
    return any(e.get("type") in DEAL_ENDS for e in events)


def allows_takebacks(options: Mapping[str, Any]) -> bool:
    """Whether a table's lobby ``options`` turned takebacks on: the option is stored as "off"
    or "on"."""
    return options.get("takebacks") == "on"



def enabled(loaded: Loaded) -> bool:
    """Whether the table's lobby turned takebacks on."""
    return allows_takebacks(loaded.table.options)


def note_human_move(loaded: Loaded, seat: int, seq: int, code: str,
                    events: list[dict[str, Any]], view: dict[str, Any] | None = None) -> bool:
    """After a move a human made himself (action ``seq``, its ``events``): it becomes the one
    he may take back (unless it ended a deal), and a pending request lapses (the next human
    acted). ``view``: what the move's label needs of the table as it was before the move
    (``bot.show.takeback.label_view``), kept so that the move is named as its button named
    it. The caller saves the table. Returns whether anything changed (False where takebacks
    are off)."""
    if not enabled(loaded):
        return False
    options = {k: v for k, v in loaded.table.options.items() if k != TAKEBACK}
    options[LAST_HUMAN] = {"seat": seat, "seq": seq, "code": code,
                           "deal_over": ends_deal(events),
                           **({"view": view} if view is not None else {})}
    loaded.table.options = options
    return True


def note_deal_end(loaded: Loaded, events: list[dict[str, Any]]) -> None:
    """After any move (a bot's too): when its ``events`` end a deal, the human move before it
    can no longer be taken back (the deal's result is out). The caller saves the table."""
    last = loaded.table.options.get(LAST_HUMAN)
    if isinstance(last, dict) and not last.get("deal_over") and ends_deal(events):
        loaded.table.options = {**loaded.table.options, LAST_HUMAN: {**last, "deal_over": True}}


def past_a_deal(loaded: Loaded, seat: int) -> bool:
    """Whether ``seat``'s last move would be his to take back but a deal ended since (with it
    or after it): the reason he is refused."""
    last = loaded.table.options.get(LAST_HUMAN)
    return enabled(loaded) and isinstance(last, dict) and last.get("seat") == seat \
        and bool(last.get("deal_over"))


def drop_request(loaded: Loaded) -> bool:
    """A move made for a human (his time ran out) ends a pending request unanswered; returns
    whether there was one (the caller saves the table)."""
    if takeback_request(loaded.table) is None:
        return False
    loaded.table.options = {k: v for k, v in loaded.table.options.items() if k != TAKEBACK}
    return True


def may_ask(loaded: Loaded, seat: int) -> dict[str, Any] | None:
    """The move ``seat`` may ask to take back now (``{"seat", "seq", "code"}``), or None."""
    last = loaded.table.options.get(LAST_HUMAN)
    if not enabled(loaded) or not isinstance(last, dict) or last.get("seat") != seat \
            or last.get("deal_over") or takeback_request(loaded.table) is not None \
            or loaded.match is None or loaded.match.is_over or loaded.record is None \
            or last.get("seq", 0) > loaded.record.snapshot_seq:
        return None
    return last


def humans(loaded: Loaded, but: int) -> list[int]:
    """The seats played by people themselves (not by a bot for them), other than ``but``."""
    return [s.seat for s in loaded.seats
            if s.seat != but and s.user_id is not None and s.bot_level is None]


def waiting_for(loaded: Loaded, request: dict[str, Any]) -> list[int]:
    """The seats whose answer the request still waits for: people asked who are still playing
    their seats themselves and have not accepted (a seat handed to the bot accepts)."""
    now = set(humans(loaded, request["seat"]))
    return [s for s in request.get("asked", []) if s in now and s not in request.get("yes", [])]
