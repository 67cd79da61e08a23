"""The group's table message: the deal, the score, the cards on the table, whose move it is, the
clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.markup import escape
from bot.model import Screen
from bot.show.common import (
    TableInfo,
    deal_number,
    game_text,
    group,
    num,
    render_facts,
    said_text,
    side_names,
    total_text,
)
from bot.show.events import move_lines
from bot.show.fact_order import FIRST_TURN_KEYS, PLAY_KEYS
from bot.show.melds_once import melds_said_once


def _header(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> list[str]:
    title = tr.maybe(f"game.{info.game}", info.game)
    lines = [f"🃏 <b>{escape(title)}</b> · {tr('table.deal', n=deal_number(view))}"]
    # Berg's totals count this deal's declarations as they are made (BERG-SCORE-7): the label
    # says so, where the deal's result line says what the deal wrote
    score = f"{game_text(tr, info.game, 'hand.score')}: " + " · ".join(
        f"{escape(name)} <b>{total_text(tr, info.game, total, view)}</b>"
        for name, total in zip(side_names(tr, info, view, players=True), view["totals"],
                               strict=True)
    )
    if view.get("pot"):
        score += f" · {tr('table.pot', pot=num(tr, view['pot']))}"
    lines.append(score)
    return lines


def _turn_line(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> str:
    if view["to_move"] is None:
        return game_text(tr, info.game, "table.over")
    return "▶ " + tr("table.to_move", name=escape(info.names[view["to_move"]]))


#: Facts the table and the hands leave out in an auction: what its calls line (and a hand's
#: prompt) already says.
QUIET_IN_AUCTION = frozenset({"mb_contra_on"})


def calls_line(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> str | None:
    """The auction so far, ``Bidding: Anna 9♥, Boris pass``; None before the first call."""
    calls = view.get("calls") or []
    if not calls:
        return None
    parts = [f"{escape(info.names[c['seat']])} {said_text(tr, c['call'], view)}"
             for c in calls]
    return f"{tr('table.calls')}: " + ", ".join(parts)


def render_table(tr: Translator, info: TableInfo, view: Mapping[str, Any],
                 events: Sequence[Mapping[str, Any]] = ()) -> Screen:
    """The group's table message from ``public_view()``; no buttons (moves are private).

    ``events``: the events of the move just made (``to_dict`` form); what they did is said
    above the turn line (`bot.show.events.move_lines`: Berg's draws, skips and passes)."""
    lines = _header(tr, info, view)
    if view.get("dealer") is not None:
        lines.append(f"{tr('fact.dealer')}: {escape(info.names[view['dealer']])}")
    opener = view.get("to_move")  # who calls first, named by the auction's phase line
    phase = tr.maybe(f"table.{info.game}.phase.{view.get('phase')}", "",
                     name=escape(info.names[opener]) if isinstance(opener, int) else "")
    if phase and not view.get("calls"):
        # a phase the table names (Married bridge's auction after the tricks, MB-BID-1) until
        # the auction's own line names it ("Auction: Anna 1♣"): one line says "Auction"
        lines.append(phase)
    facts, groups, _ = melds_said_once(tr, info.game, view)
    top = next((f["value"] for f in facts if f["key"] == "top_card"), None)
    pile = groups.get("pile") or []
    if pile and top is None:
        # the deal ended as a player went out: his last card is still the top (BERG-INFO-2)
        top = pile[-1]["card"]
        facts.append({"key": "top_card", "value": top, "kind": "card", "seat": pile[-1]["seat"]})
    if view.get("phase") == "bidding" and view.get("calls"):
        # the calls line below names the contra and who said it: "Contra: Anna — on the bid
        # 3NT (Boris)" above it said it twice (MB-BID-6, issue #20)
        facts = [f for f in facts if f["key"] not in QUIET_IN_AUCTION]
    # the auction stays in sight until the first card: a raise on the last word or a contra
    # ends it, and the table says so (BB-BID-18, BB-BID-13); so does Married bridge's closing
    # pass, public as every call (MB-BID-10, MB-INFO-4)
    unplayed = not groups.get("trick") and not groups.get("last_trick")
    calls = calls_line(tr, info, view)
    played = view["phase"] in ("play", "main_play")
    if not (calls and (view["phase"] == "bidding" or (played and unplayed))):
        calls = None
    # the auction was over before anyone's first turn, so it reads above what the first turns
    # did (Deberts DB-BID-5, DB-MELD-5; Bazar-Belot BB-BID-21, BB-MELD-4; issue #20)
    # and what the play said (a bela) reads below them all
    later = [f for f in facts if f["key"] in FIRST_TURN_KEYS.get(info.game, ())] + \
        [f for f in facts if f["key"] in PLAY_KEYS.get(info.game, ())]
    lines += render_facts(tr, info, [f for f in facts if f not in later],
                          phase=view.get("phase"), calls=view.get("calls"))
    if calls:
        lines.append(calls)
    if later:
        lines += render_facts(tr, info, later, phase=view.get("phase"), calls=view.get("calls"))
    for name, cards in groups.items():
        if name == "pile" and cards and cards[-1]["card"] == top:
            # its top card has a line of its own; the rest reads top-down, the card under the
            # top first, as a run is counted (BERG-INFO-2, BERG-SCORE-2)
            cards = cards[-2::-1]
            if not cards:
                continue
        if name in ("up_card", "bottom_card") and not cards:
            continue
        if name in ("trick", "last_trick") and not cards and view["phase"] == "bidding":
            continue  # no trick before the play
        if name == "last_trick" and not cards and info.game == "married_bridge":
            continue  # before the first trick of a phase is taken, "Previous trick: —" said nothing
        lines.append(group(tr, info, name, cards, view.get("phase"), view["facts"]))
    counts = " · ".join(
        f"{escape(n)} {tr.plural('table.cards', c)}"
        for n, c in zip(info.names, view["hand_counts"], strict=True)
    )
    lines.append(counts)
    if view["phase"] == "play" and any(view.get("deal_points") or ()):
        pts = " · ".join(f"{escape(n)} {num(tr, p)}" for n, p in
                         zip(side_names(tr, info, view), view["deal_points"], strict=True))
        lines.append(f"{tr('table.deal_points')}: {pts}")
    lines += move_lines(tr, info, events)
    lines.append(_turn_line(tr, info, view))
    if info.clock:
        lines.append(info.clock)
    return Screen("\n".join(lines))
