"""Takebacks with consent (issue #18, item 3): a human asks to take back his last move, the
other humans accept or decline by button, bots accept; an accepted takeback rebuilds the match
from its seed and the action log without that move (the engine is deterministic).

Only at a table whose lobby turned the option ``takebacks`` on (such a match is never rated).
The state lives in the table's options (bot/state/load.py): ``LAST_HUMAN``, the last move a
human made himself (the one he may take back, until the next human moves); ``TAKEBACK``, the
request while it waits for answers (bots wait with it); ``TAKEN_BACK``, the moves taken back,
which the deal record lists. Everything a request or an answer decides commits in one
transaction with a new table version, so the buttons drawn before it are stale.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import engine
from bot.i18n import Translator
from bot.model import ActData, Person, Screen, Target
from bot.show.display import Display
from bot.show.takeback import label_view, move_label, takeback_notice
from bot.state.load import (
    LAST_HUMAN,
    TAKEBACK,
    TAKEN_BACK,
    Loaded,
    load,
    refusal,
    takeback_request,
)
from bot.state.undo_state import ASK, NO, humans, may_ask, past_a_deal, waiting_for
from bot.tables.clock import Plan, settle
from bot.tables.kit import Kit
from bot.tables.ping_state import Spent, forget_pings
from storage import Seat, Tx

log = logging.getLogger(__name__)

class Takebacks:
    """The use cases of takebacks (bots wait while a request is pending, and move after it:
    ``settle``).

    Args:
        kit: the service's shared parts.
        display: the screens (the group's notice of a takeback).
    """

    def __init__(self, kit: Kit, display: Display) -> None:
        self.kit = kit
        self.display = display

    async def press(self, person: Person, data: ActData
                    ) -> tuple[str, tuple[Loaded, Spent, Plan] | None]:
        """A takeback button (``ASK``, ``YES``, ``NO``) at ``data.table_id``, under the
        table's lock: the press's answer (empty when it did what it says) and, when the table
        changed, the table as committed, the pings made useless and what comes next (for
        ``Play.redraw_and_arm``).
        The group's notice is posted here.

        ``ASK``: the presser asks to take back his last move; ``YES`` / ``NO``: someone asked
        accepts or declines (``NO`` by the asker withdraws the request). A stale button (the
        table moved on), a stranger, a repeated answer: a notice and nothing changes.
        """
        async with self.kit.store.transaction() as tx:
            loaded = await load(tx, data.table_id, lock=True)
            tr = self.kit.tr(loaded.chat.lang if loaded else None)
            key, seat = refusal(loaded, person, version=data.version, moving=True)
            if key == "notice.stale":
                key = "takeback.stale"
            if loaded is None or seat is None:
                return tr(key), None
            before = loaded.match.public_view() if loaded.match is not None else None
            outcome = await self._decide(tx, loaded, seat, data.code)
        if isinstance(outcome, str):
            return tr(outcome), None
        notice, (spent, after), request = outcome
        name = loaded.user(seat)
        who = name.name if name is not None else "?"
        text = self.notice_text(tr, loaded, notice, request, before, name=who)
        self.display.post(Target(loaded.chat.ext_id, loaded.table.thread_id), Screen(text))
        return "", (loaded, spent, after)

    def notice_text(self, tr: Translator, loaded: Loaded, notice: str,
                    request: dict[str, Any], before: Mapping[str, Any] | None, *,
                    name: str, one: bool = True) -> str:
        """The group's notice ``notice`` about ``request`` (a takeback request: its ``seat``,
        ``code`` and the ``view`` it was made from): ``name`` is who pressed, ``mover`` the
        player whose move it is, ``call`` the move as its button named it (from ``before``,
        the public view before the takeback, where the request kept no view). A platform may
        word it its own way (``<notice>.<platform>``; Discord: the hand is under "My hand").
        Where one other player was asked, ``other`` names him and the singular text
        (``<notice>[.<platform>].one``: "Boris agreed", not "Everyone agreed") is said;
        ``one`` False: the last ones asked left, and the bots now playing their seats accepted
        for them, which the notice says (``bot.show.takeback.takeback_notice``)."""
        mover = _name(loaded, int(request["seat"]))
        call = move_label(tr, request, before) if before is not None else ""
        asked = [int(s) for s in request.get("asked") or []]
        yes = request.get("yes") or []
        by_bot = [_name(loaded, s) for s in asked if s not in yes] if not one else []
        return takeback_notice(tr, self.kit.platform, notice, name=name, mover=mover,
                               call=call, asked=[_name(loaded, s) for s in asked],
                               waiting=[_name(loaded, s) for s in waiting_for(loaded, request)],
                               by_bot=by_bot)

    async def _decide(self, tx: Tx, loaded: Loaded, seat: Seat, code: str
                      ) -> str | tuple[str, tuple[Spent, Plan], dict[str, Any]]:
        """The press's change, stored in ``tx``: a notice key for the group, the pings it made
        useless with the plan of what comes next, and the request it is about; or a notice
        key for the presser alone when nothing changes."""
        request = takeback_request(loaded.table)
        if code == ASK:
            last = may_ask(loaded, seat.seat)
            if last is None:
                return "takeback.deal_over" if past_a_deal(loaded, seat.seat) \
                    else "takeback.not_now"
            request = {**last, "asked": humans(loaded, seat.seat), "yes": []}
            if not waiting_for(loaded, request):  # nobody to ask: bots accept
                return "takeback.done_bots", await self._taken_back(tx, loaded, request), request
            return "takeback.asked", await self._save(tx, loaded, {TAKEBACK: request}), request
        if request is None:
            return "takeback.stale"
        if code == NO and seat.seat == request["seat"]:
            return "takeback.withdrawn", await self._save(tx, loaded, {TAKEBACK: None}), request
        if seat.seat not in waiting_for(loaded, request):
            return "takeback.not_asked"
        if code == NO:
            return "takeback.declined", await self._save(tx, loaded, {TAKEBACK: None}), request
        request = {**request, "yes": [*request.get("yes", []), seat.seat]}
        if waiting_for(loaded, request):
            return ("takeback.accepted_one",
                    await self._save(tx, loaded, {TAKEBACK: request}), request)
        return "takeback.done", await self._taken_back(tx, loaded, request), request

    @staticmethod
    def _set(loaded: Loaded, changes: dict[str, Any]) -> None:
        """Set (None: drop) table options and bump the version (saved by ``settle``)."""
        table = loaded.table
        options = {k: v for k, v in table.options.items() if k not in changes}
        options.update({k: v for k, v in changes.items() if v is not None})
        table.options = options
        table.version += 1  # the buttons drawn before are stale now

    @staticmethod
    async def _save(tx: Tx, loaded: Loaded, changes: dict[str, Any]) -> tuple[Spent, Plan]:
        """``_set`` the options, then the press's one plan (``settle``: the player to move is
        the same, his clock runs on); no ping is made useless."""
        Takebacks._set(loaded, changes)
        return [], await settle(tx, loaded, keep_deadline=True)

    async def _taken_back(self, tx: Tx, loaded: Loaded, request: dict[str, Any]
                          ) -> tuple[Spent, Plan]:
        """``take_back``, then the press's one plan (the clock starts afresh)."""
        spent = await self.take_back(tx, loaded, request)
        return spent, await settle(tx, loaded, keep_deadline=False)

    async def take_back(self, tx: Tx, loaded: Loaded, request: dict[str, Any]) -> Spent:
        """Every answer is in: rebuild the match from its seed and the action log without action
        ``request["seq"]`` and those after it; store the log, the snapshot, the sheet's rows,
        the note for the deal record and a new version. ``loaded`` then holds the new match;
        the caller plans what comes next and saves the table (``settle``). Returns the pings
        made useless, to delete after the commit."""
        table, record = loaded.table, loaded.record
        assert record is not None and loaded.match is not None
        seq = int(request["seq"])
        kept = [a for a in await tx.actions(loaded.id) if a.seq < seq]
        match = engine.get_game(table.game).new_match(
            players=record.players, options=record.options, seed=record.seed, deck=record.deck)
        for action in kept:
            match.apply(action.seat, action.code)
        await tx.drop_actions(loaded.id, seq)
        await tx.drop_score_rows(loaded.id, len(match.score_sheet["rows"]))
        await tx.save_snapshot(loaded.id, match.to_json(), len(kept))
        before = loaded.match.public_view()
        loaded.match = match
        # the seat to move before the takeback is to move no more: his ping is done with (its
        # message deleted after the commit), so his next turn pings him again
        spent = await forget_pings(tx, loaded, mover=-1)
        done = [*table.options.get(TAKEN_BACK, []),
                {"seat": request["seat"], "code": request["code"],
                 "deal": match.public_view()["deal"], "asked": request.get("asked") or [],
                 "view": request.get("view") or label_view(before)}]
        log.info("table %s: action %s %r of seat %s taken back", loaded.id, seq,
                 request["code"], request["seat"])
        self._set(loaded, {TAKEBACK: None, LAST_HUMAN: None, TAKEN_BACK: done})
        return spent


def _name(loaded: Loaded, seat: int) -> str:
    """The name of the person at ``seat`` ("?" where nobody is known there)."""
    row = loaded.row(seat)
    user = loaded.user(row) if row is not None else None
    return user.name if user is not None else "?"
