"""Texts of the records features: /stats, /top, /history, rating changes and a deal's record.

HTML in Telegram's subset, every name escaped, every word from the catalogs (``records.po``);
the same functions serve every platform and every game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.markup import Html, escape
from bot.records.core import DealRecord, shown_rating
from bot.show.common import TableInfo, card_text, code_label, num
from bot.show.events import render_event
from bot.show.sheet import result_line
from engine.cards import SUIT_SYMBOLS
from storage.records import GameStats, HistoryEntry, TopEntry

#: Telegram's limit on a message is 4096 characters; texts are cut below it.
MAX_TEXT = 3900
#: A label for a bot seat where no name is stored.
BOT_NAME = "🤖"
_NO_VIEW: dict[str, Any] = {"groups": {}, "facts": []}


def game_title(tr: Translator, game: str) -> str:
    """The game's name in the chat's language."""
    return tr.maybe(f"game.{game}", game)


def cut(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` cut at a line end to fit ``limit`` characters (an ellipsis marks the cut)."""
    if len(text) <= limit:
        return text
    head = text[:limit].rsplit("\n", 1)[0]
    return head + "\n…"


# -- /stats, /top, /history -----------------------------------------------------------------


def render_stats(tr: Translator, name: str, stats: Sequence[GameStats],
                 ratings: dict[str, int], *, everywhere: bool) -> str:
    """A player's record per game: played, won, deals, baits, capots, average points,
    current streak, and his rating in this chat (``ratings``: game -> shown rating)."""
    scope = tr("stats.scope_all") if everywhere else tr("stats.scope_chat")
    if not stats:
        return tr("stats.none", name=escape(name))
    lines = [tr("stats.title", name=escape(name), scope=scope)]
    for s in stats:
        pct = round(100 * s.won / s.played) if s.played else 0
        lines.append("")
        lines.append(tr("stats.game", game=escape(game_title(tr, s.game)), played=s.played,
                        won=s.won, pct=pct))
        lines.append(tr("stats.details", deals=s.deals, baits=s.baits, capots=s.capots,
                        avg=num(tr, round(s.avg_points, 1))))
        extra = []
        if s.streak:
            extra.append(tr(f"stats.streak.{s.streak_outcome}", n=s.streak))
        if s.game in ratings:
            extra.append(tr("stats.rating", rating=ratings[s.game]))
        if extra:
            lines.append(" · ".join(extra))
    return "\n".join(lines)


def render_top(tr: Translator, game: str, entries: Sequence[TopEntry]) -> str:
    """The chat's leaderboard of one game."""
    lines = [tr("top.title", game=escape(game_title(tr, game)))]
    for place, e in enumerate(entries, 1):
        rating = shown_rating(e.mu - 3 * e.sigma)
        lines.append(tr("top.line", place=place, name=escape(e.name), rating=rating,
                        matches=e.matches, wins=e.wins))
    return "\n".join(lines)


def history_line(tr: Translator, entry: HistoryEntry) -> str:
    """``#12 · 29.11.2026 · Deberts · Alice, Bob · Alice wins, 511 : 373``."""
    table = entry.table
    names = tuple(n or BOT_NAME for n in entry.names)
    players = ", ".join(names)
    result = entry.result
    if result is None or table.status != "finished":
        outcome = tr("history.stopped")
    else:
        info = TableInfo(table.id or 0, 0, table.game, "", names)
        sheet = {"sides": [{"seats": s} for s in result.sides], "totals": result.totals,
                 "result": {"winner": result.winner_side, "line": table.result_line or ""}}
        outcome = result_line(tr, info, sheet)
    when = table.finished_at.strftime("%d.%m.%Y") if table.finished_at else "—"
    return tr("history.line", id=table.id, date=when, game=escape(game_title(tr, table.game)),
              players=escape(players), result=outcome)


def render_history(tr: Translator, entries: Sequence[HistoryEntry]) -> str:
    """The chat's last matches, newest first."""
    if not entries:
        return tr("history.none")
    return "\n".join([tr("history.title"), *(history_line(tr, e) for e in entries)])


def rating_lines(tr: Translator, changes: Sequence[tuple[str, float, float]]) -> str:
    """``Rating: Alice 1000 → 1078 (+78) · Bob 1000 → 974 (−26)``."""
    parts = []
    for name, before, after in changes:
        delta = round(after) - round(before)
        sign = "+" if delta >= 0 else "−"
        parts.append(tr("rec.rating_change", name=escape(name), before=round(before),
                        after=round(after), delta=f"{sign}{abs(delta)}"))
    return tr("rec.rating", changes=Html(" · ".join(parts))) if parts else ""


# -- a deal's record --------------------------------------------------------------------------


def _cards(tr: Translator, cards: Sequence[str]) -> str:
    return " ".join(card_text(c, tr) for c in cards)


def _said(tr: Translator, call: str) -> str:
    return tr.maybe("said." + call.replace(":", "."), code_label(tr, call, _NO_VIEW))


def _move_text(tr: Translator, info: TableInfo, e: dict[str, Any]) -> str | None:
    """One move of a game without tricks (Berg): a card, a frame, a draw, a pass."""
    kind = e["type"]
    who = escape(info.names[e["seat"]]) if isinstance(e.get("seat"), int) else ""
    if kind == "play":
        card, call = str(e["card"]), str(e.get("call") or "")
        text = f"{who} {card_text(card, tr)}"
        if call in SUIT_SYMBOLS:  # a queen names a suit: "Q♥ → ♦" (BERG-CODES play:<queen>)
            return f"{text} → {SUIT_SYMBOLS[call]}"
        if call:  # a jack orders a rank or the joker: "J♠ orders 9" (play:<jack>:<order>)
            order = tr("val.JK") if call == "JK" else tr.maybe(f"rank.{call}", call)
            return tr("rec.orders", move=Html(text), order=order)
        return text
    if kind == "frame":
        return tr("rec.frame", name=who, cards=_cards(tr, e.get("cards", [])))
    if kind == "drew":
        return tr("rec.drew", name=who, n=e.get("count", 1))
    if kind == "passed":
        return tr("rec.passed", name=who)
    if kind == "skipped":
        return tr("rec.skipped", name=who)
    if kind == "turnover":
        return tr("rec.turnover")
    return None


def _calls(tr: Translator, info: TableInfo, events: Sequence[dict[str, Any]]) -> list[str]:
    """The bidding, the contract and the declarations of the deal."""
    lines = []
    bids = [f"{escape(info.names[e['seat']])} {_said(tr, e['call'])}"
            for e in events if e["type"] == "bid"]
    if bids:
        lines.append(f"{tr('rec.bidding')}: " + ", ".join(bids))
    for e in events:
        kind = e["type"]
        if kind == "trump":
            strain = str(e["suit"])
            suit = SUIT_SYMBOLS.get(strain) or tr.maybe(f"strain.{strain}", strain)
            lines.append(f"{tr('fact.trump')}: {suit} ({escape(info.names[e['seat']])})")
        elif kind == "contract_reached":
            code = str(e["contract"])  # "7SX": shown as the sheet shows it, "7♠ контра"
            lines.append(tr("rec.contract", contract=escape(tr.maybe(f"val.{code}", code)),
                            name=escape(info.names[e["declarer"]])))
        elif kind == "exchange":
            lines.append(tr("rec.exchange", name=escape(info.names[e["seat"]]),
                            gave=card_text(e["gave"], tr), took=card_text(e["took"], tr)))
        elif kind == "declare" and e.get("what") not in (None, "", "none"):
            what, name = str(e["what"]), escape(info.names[e["seat"]])
            # a Berg captain's declaration as a sentence ("Alex fired the opposing captain",
            # BERG-DECL-14); a meld (Deberts' terz) by its name
            lines.append(tr.maybe(f"rec.declared.{what.split(':')[0]}",
                                  f"{name}: {tr.maybe('val.' + what, what)}", name=name))
        elif kind == "melds_shown":
            text = render_event(tr, info, e)
            if text:
                lines.append(text)
    return lines


def _never_seen(info: TableInfo, events: Sequence[dict[str, Any]]) -> set[int]:
    """Seats whose hand stays secret after the deal: in Bazar-Belot's kapo on one hand, the
    lone player's partner never plays and his hand "is seen by nobody else" (BB-PLAY-12)."""
    if info.game != "bazar_belot":
        return set()
    played = {e["seat"] for e in events if e["type"] == "play"}
    if not played:
        return set()  # a deal thrown in before the play: every hand went back unseen anyway
    return set(range(len(info.names))) - played


def render_deal_record(tr: Translator, info: TableInfo, record: DealRecord,
                       sheet_rows: Sequence[Mapping[str, Any]] = ()) -> str:
    """Every trick of the deal (every move in a game without tricks), the hands as they were
    dealt, the bidding and the deal's result (explained from the sheet's ``sheet_rows`` of the
    deal). Only for a deal that is over."""
    events = record.events
    deal = events[0] if events else {}
    scored = record.scored
    label = str(scored["deal"]) if scored else tr("rec.unscored")
    lines = [tr("rec.deal_title", game=escape(game_title(tr, info.game)), n=label)]
    if isinstance(deal.get("dealer"), int):
        lines.append(f"{tr('fact.dealer')}: {escape(info.names[deal['dealer']])}")
    for group, cards in (deal.get("public") or {}).items():
        if cards:
            lines.append(f"{tr.maybe('group.' + group, group)}: {_cards(tr, cards)}")
    lines.append(f"<b>{tr('rec.hands')}</b>")
    for seat, hand in enumerate(record.hands):
        if seat in _never_seen(info, events):
            lines.append(f"{escape(info.names[seat])}: {tr('rec.hand_unseen')}")
            continue
        lines.append(f"{escape(info.names[seat])}: {_cards(tr, hand) or '—'}")
    lines += _calls(tr, info, events)
    tricks = [e for e in events if e["type"] == "trick"]
    if tricks:
        lines.append(f"<b>{tr('rec.tricks')}</b>")
        for k, t in enumerate(tricks, 1):
            cards = Html(" · ".join(f"{escape(info.names[p])} {card_text(c, tr)}"
                                    for p, c in t["cards"]))
            lines.append(tr("rec.trick", n=k, cards=cards, name=escape(info.names[t["winner"]]),
                            points=num(tr, t.get("points", 0))))
    else:
        moves = [m for e in events if (m := _move_text(tr, info, e))]
        if moves:
            lines.append(f"<b>{tr('rec.moves')}</b>")
            lines.append("; ".join(moves))
    for e in events:
        if e["type"] in ("deal_scored", "thrown_in"):
            text = render_event(tr, info, e, sheet_rows=sheet_rows)
            if text:
                lines.append("")
                lines.append(text)
    return cut("\n".join(lines))
