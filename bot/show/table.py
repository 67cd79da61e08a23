"""The group's table message: the deal, the score, the cards on the table, whose move it is, the
clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Translator
from bot.markup import escape
from bot.model import Screen
from bot.show.common import TableInfo, code_label, deal_number, group, num, render_facts, side_names


def _header(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> list[str]:
    title = tr.maybe(f"game.{info.game}", info.game)
    lines = [f"🃏 <b>{escape(title)}</b> · {tr('table.deal', n=deal_number(view))}"]
    score = " · ".join(
        f"{escape(name)} <b>{num(tr, total)}</b>"
        for name, total in zip(side_names(info, view), view["totals"], strict=True)
    )
    if view.get("pot"):
        score += f" · {tr('table.pot', pot=num(tr, view['pot']))}"
    lines.append(score)
    return lines


def _turn_line(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> str:
    if view["to_move"] is None:
        return tr("table.over")
    return "▶ " + tr("table.to_move", name=escape(info.names[view["to_move"]]))


def _calls_line(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> str | None:
    calls = view.get("calls") or []
    if not calls:
        return None
    parts = [f"{escape(info.names[c['seat']])} "
             f"{tr.maybe('said.' + c['call'].replace(':', '.'), code_label(tr, c['call'], view))}"
             for c in calls]
    return f"{tr('table.calls')}: " + ", ".join(parts)


def render_table(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> Screen:
    """The group's table message from ``public_view()``; no buttons (moves are private)."""
    lines = _header(tr, info, view)
    if view.get("dealer") is not None:
        lines.append(f"{tr('fact.dealer')}: {escape(info.names[view['dealer']])}")
    lines += render_facts(tr, info, view["facts"])
    calls = _calls_line(tr, info, view)
    if calls and view["phase"] == "bidding":
        lines.append(calls)
    for name, cards in view["groups"].items():
        if name in ("up_card", "bottom_card") and not cards:
            continue
        lines.append(group(tr, info, name, cards))
    counts = " · ".join(
        f"{escape(n)} {tr('table.cards', n=c)}"
        for n, c in zip(info.names, view["hand_counts"], strict=True)
    )
    lines.append(counts)
    if view["phase"] == "play" and any(view.get("deal_points") or ()):
        pts = " · ".join(f"{escape(n)} {num(tr, p)}" for n, p in
                         zip(side_names(info, view), view["deal_points"], strict=True))
        lines.append(f"{tr('table.deal_points')}: {pts}")
    lines.append(_turn_line(tr, info, view))
    if info.clock:
        lines.append(info.clock)
    return Screen("\n".join(lines))
