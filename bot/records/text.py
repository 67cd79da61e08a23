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
from bot.show.cells import LAST_TRICK_BONUS_OF, side_name
from bot.show.common import (
    TableInfo,
    bot_name,
    card_text,
    num,
    order_text,
    said_text,
    sort_hand,
)
from bot.show.events import render_event, with_tie_reasons
from bot.show.sheet import result_line
from engine.cards import SUIT_SYMBOLS
from storage.records import GameStats, HistoryEntry, TopEntry

#: Telegram's limit on a message is 4096 characters; texts are cut below it.
MAX_TEXT = 3900
#: A label for a bot seat where no name is stored.
BOT_NAME = "🤖"
_NO_VIEW: dict[str, Any] = {"groups": {}, "facts": []}
#: Bazar-Belot's strains without one trump suit, by their words (BB-BID-2).
_STRAIN_WORDS = {"NT": "val.no_trumps", "AT": "val.all_trumps"}


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
    """A player's record per game: played, won, deals, baits and capots where the game has them
    (``stats.details.<game>``), average points, rated and unrated matches apart, current streak,
    and his rating in this chat (``ratings``: game -> shown rating)."""
    scope = tr("stats.scope_all") if everywhere else tr("stats.scope_chat")
    if not stats:
        return tr("stats.none", name=escape(name))
    lines = [tr("stats.title", name=escape(name), scope=scope)]
    for s in stats:
        pct = round(100 * s.won / s.played) if s.played else 0
        lines.append("")
        lines.append(tr("stats.game", game=escape(game_title(tr, s.game)), played=s.played,
                        won=s.won, pct=pct))
        # only what the game has: Berg and Married bridge have neither baits nor capots
        details = {"deals": s.deals, "baits": s.baits, "capots": s.capots,
                   "avg": num(tr, round(s.avg_points, 1))}
        lines.append(tr.maybe(f"stats.details.{s.game}", tr("stats.details", **details),
                              **details))
        extra = [tr("stats.rated_split", rated=s.rated, unrated=s.played - s.rated)]
        if s.streak:
            extra.append(tr(f"stats.streak.{s.streak_outcome}", n=s.streak))
        if s.game in ratings:
            extra.append(tr("stats.rating", rating=ratings[s.game]))
        if extra:
            lines.append(" · ".join(extra))
    if ratings:
        lines.append(tr("rating.about"))  # what the number is (OpenSkill, not zero-sum)
    return "\n".join(lines)


def render_top(tr: Translator, game: str, entries: Sequence[TopEntry]) -> str:
    """The chat's leaderboard of one game."""
    lines = [tr("top.title", game=escape(game_title(tr, game)))]
    for place, e in enumerate(entries, 1):
        rating = shown_rating(e.mu - 3 * e.sigma)
        lines.append(tr("top.line", place=place, name=escape(e.name), rating=rating,
                        matches=e.matches, wins=e.wins))
    if entries:
        lines.append(tr("rating.about"))
    return "\n".join(lines)


def _history_names(tr: Translator, entry: HistoryEntry) -> tuple[str, ...]:
    """Each seat's name as the table showed it: a bot seat by its level ("🤖 easy 2", the seat
    number when several bots sat), a bare "🤖" (numbered) where no level is stored."""
    levels = entry.levels or (None,) * len(entry.names)
    several = sum(1 for n in entry.names if n is None) > 1
    return tuple(
        name if name is not None
        else bot_name(tr, level, seat if several else None) if level
        else f"{BOT_NAME} {seat + 1}" if several else BOT_NAME
        for seat, (name, level) in enumerate(zip(entry.names, levels, strict=True)))


def history_line(tr: Translator, entry: HistoryEntry) -> str:
    """``#12 · 29.11.2026 · Deberts · Alice, Bob · Alice wins, 511 : 373``."""
    table = entry.table
    names = _history_names(tr, entry)
    players = ", ".join(names)
    result = entry.result
    if result is None or table.status != "finished":
        outcome = tr("history.stopped")
    else:
        info = TableInfo(table.id or 0, 0, table.game, "", names)
        sheet = {"sides": [{"seats": s} for s in result.sides], "totals": result.totals,
                 "result": {"winner": result.winner_side, "line": table.result_line or "",
                            "score": result.totals}}
        outcome = result_line(tr, info, sheet)
    when = table.finished_at.strftime("%d.%m.%Y") if table.finished_at else "—"
    return tr("history.line", id=table.id, date=when, game=escape(game_title(tr, table.game)),
              players=escape(players), result=outcome)


def render_history(tr: Translator, entries: Sequence[HistoryEntry], *,
                   mine: bool = False) -> str:
    """The chat's last matches (``mine``: the asker's own, in every chat), newest first."""
    if not entries:
        return tr("history.none.mine" if mine else "history.none")
    return "\n".join([tr("history.title"), *(history_line(tr, e) for e in entries)])


def rating_lines(tr: Translator, changes: Sequence[tuple[str, float, float]]) -> str:
    """``Rating: Alice 1000 → 1078 (+78) · Bob 1000 → 974 (−26)`` and the line saying what a
    rating is (``rating.about``: an OpenSkill estimate, so the changes need not add up to 0)."""
    parts = []
    for name, before, after in changes:
        delta = round(after) - round(before)
        sign = "+" if delta >= 0 else "−"
        parts.append(tr("rec.rating_change", name=escape(name), before=round(before),
                        after=round(after), delta=f"{sign}{abs(delta)}"))
    if not parts:
        return ""
    return tr("rec.rating", changes=Html(" · ".join(parts))) + "\n" + tr("rating.about")


# -- a deal's record --------------------------------------------------------------------------


def _cards(tr: Translator, cards: Sequence[str]) -> str:
    return " ".join(card_text(c, tr) for c in cards)


def _hand(tr: Translator, info: TableInfo, cards: Sequence[str], trump: str | None) -> str:
    """A hand as a player sorts it: trumps first, then suit after suit (S H D C), each in the
    game's rank order, strongest first; jokers last."""
    return _cards(tr, sort_hand(cards, trump, info.game)) or "—"


def _move_text(tr: Translator, info: TableInfo, e: dict[str, Any]) -> str | None:
    """One move of a game without tricks (Berg): a card, a frame, a draw, a pass."""
    kind = e["type"]
    who = escape(info.names[e["seat"]]) if isinstance(e.get("seat"), int) else ""
    if kind == "play":
        card, call = str(e["card"]), str(e.get("call") or "")
        text = f"{who} {card_text(card, tr)}"
        if call in SUIT_SYMBOLS:  # a queen names a suit: "Q♥ → ♦" (BERG-CODES play:<queen>)
            return f"{text} → {SUIT_SYMBOLS[call]}"
        if call:  # a jack orders a rank or the joker: "J♠ orders king" (play:<jack>:<order>)
            return tr("rec.orders", move=Html(text), order=order_text(tr, call))
        return text
    if kind == "frame":  # a final jack's order as a single jack's (BERG-FRAME-3)
        order = f" → {order_text(tr, str(e['order']))}" if e.get("order") else ""
        return tr("rec.frame", name=who, cards=_cards(tr, e.get("cards", [])) + order)
    if kind == "up_card_order":  # the dealer's order for a jack or queen up-card (BERG-DEAL-6)
        return tr("rec.up_card_order", name=who, card=card_text(str(e["card"]), tr),
                  order=order_text(tr, str(e["order"])))
    if kind == "declare":
        return _declared(tr, info, e)
    if kind == "drew":
        return tr.plural("rec.drew", int(e.get("count", 1)), name=who)
    if kind == "passed":
        return tr("rec.passed", name=who)
    if kind == "skipped":
        return tr("rec.skipped", name=who)
    if kind == "turnover":
        return tr("rec.turnover")
    return None


def _declared(tr: Translator, info: TableInfo, e: dict[str, Any]) -> str | None:
    """A declaration as a sentence: a Berg captain's ("Alex fired the opposing captain",
    BERG-DECL-14; whose cards he opened, BERG-DECL-10), a meld (Deberts' terz) by its name;
    None for "none", unless it was made for the player (his only call, bot/state/forced.py)."""
    if e.get("what") in (None, "", "none"):
        return tr("rec.declared.none.forced", name=escape(info.names[e["seat"]])) \
            if e.get("forced") else None
    what, name = str(e["what"]), escape(info.names[e["seat"]])
    verb, _, arg = what.partition(":")
    text = tr.maybe(f"rec.declared.{verb}", f"{name}: {tr.maybe('val.' + what, what)}",
                    name=name)
    if arg.isdigit() and int(arg) < len(info.names):
        return tr.maybe(f"rec.declared.{verb}.one", text, name=name,
                        whom=escape(info.names[int(arg)]))
    if arg:
        return tr.maybe(f"rec.declared.{verb}.{arg}", text, name=name)
    return text


def _calls(tr: Translator, info: TableInfo, events: Sequence[dict[str, Any]], *,
           declarations: bool = True) -> list[str]:
    """The bidding, the contract and (with ``declarations``) the declarations of the deal; a
    game without tricks tells its declarations among its moves."""
    lines = []
    view = {**_NO_VIEW, "game": info.game}  # the game's own words for its calls
    bids = [f"{escape(info.names[e['seat']])} {said_text(tr, e['call'], view)}"
            for e in events if e["type"] == "bid"]
    if bids:
        lines.append(f"{tr('rec.bidding')}: " + ", ".join(bids))
    for e in events:
        kind = e["type"]
        if kind == "trump":
            strain, name = str(e["suit"]), escape(info.names[e["seat"]])
            word = _STRAIN_WORDS.get(strain)
            if word:  # a contract without one trump suit (BB-BID-2): its words, its declarer
                declarer = tr("fact.declarer")
                lines.append(f"{tr('fact.bid_strain')}: {tr(word)}; "
                             f"{declarer[:1].lower() + declarer[1:]}: {name}")
            else:
                suit = SUIT_SYMBOLS.get(strain) or tr.maybe(f"strain.{strain}", strain)
                lines.append(f"{tr('fact.trump')}: {suit} ({name})")
        elif kind == "contract_reached":
            code = str(e["contract"])  # "7SX": shown as the sheet shows it, "7♠ контра"
            lines.append(tr("rec.contract", contract=escape(tr.maybe(f"val.{code}", code)),
                            name=escape(info.names[e["declarer"]])))
        elif kind == "exchange":
            lines.append(tr("rec.exchange", name=escape(info.names[e["seat"]]),
                            gave=card_text(e["gave"], tr), took=card_text(e["took"], tr)))
        elif kind == "declare" and declarations and (text := _declared(tr, info, e)):
            lines.append(text)
        elif kind == "melds_shown":
            shown = render_event(tr, info, e)
            if shown:
                lines.append(shown)
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


def _trick_lines(tr: Translator, info: TableInfo, events: Sequence[dict[str, Any]]
                 ) -> list[str]:
    """One line per trick of ``events``: its cards (a bela or rebela said with its card),
    its winner, its card points where the game's tricks have some, and the talon cards each
    player drew after it (Married bridge's preliminary tricks, MB-PRE-5)."""
    calls = {(e["seat"], e["card"]): str(e["call"]) for e in events if e["type"] == "play"
             and e.get("call") and tr.catalogs.has("en", f"call.{e['call']}")}
    tricks = [i for i, e in enumerate(events) if e["type"] == "trick"]
    scored = any(events[i].get("points") for i in tricks)
    lines = []
    for k, i in enumerate(tricks, 1):
        t = events[i]
        cards = []
        for p, c in t["cards"]:
            said = calls.get((p, c))
            cards.append(f"{escape(info.names[p])} {card_text(c, tr)}"
                         + (f" ({tr('call.' + said)})" if said else ""))
        key = "rec.trick" if scored else "rec.trick.no_points"
        points = num(tr, t.get("points", 0))
        bonus = LAST_TRICK_BONUS_OF.get(info.game)
        if bonus and k == len(tricks) and any(e["type"] == "deal_scored" for e in events):
            points = tr("rec.trick.with_last", points=points, n=bonus)  # BEL-LAST-1
        line = tr(key, n=k, cards=Html(" · ".join(cards)), name=escape(info.names[t["winner"]]),
                  points=points)
        end = tricks[k] if k < len(tricks) else len(events)
        drawn = [f"{escape(info.names[e['seat']])} {card_text(e['card'], tr)}"
                 for e in events[i + 1:end] if e["type"] == "talon_draw" and e.get("card")]
        if drawn:
            line += f"; {tr('rec.drawn')}: " + ", ".join(drawn)
        lines.append(line)
    return lines


def _melds_scored(tr: Translator, info: TableInfo, scored: dict[str, Any] | None) -> list[str]:
    """Who wrote melds and belas in the deal (what the sheet counts, not what was declared)."""
    if scored is None:
        return []
    lines = []
    count = len(info.sides) if info.sides else len(info.names)
    for p, side in enumerate(scored["sides"][:count]):
        name = escape(side_name(tr, info, p))
        if side.get("melds"):
            lines.append(tr("rec.melds_scored", name=name, n=num(tr, side["melds"])))
        if side.get("bela"):
            lines.append(tr("rec.bela_scored", name=name, n=num(tr, side["bela"])))
    return lines


def render_deal_record(tr: Translator, info: TableInfo, record: DealRecord,
                       sheet_rows: Sequence[Mapping[str, Any]] = ()) -> str:
    """Every trick of the deal (every move in a game without tricks), the hands as they were
    dealt (sorted), the bidding and the deal's result (explained from the sheet's
    ``sheet_rows`` of the deal). A game with tricks before its auction (Married bridge's
    preliminary play, MB-PRE) shows them first, with the talon's cards drawn after each, then
    the hands the auction began with. Only for a deal that is over."""
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
    trump = next((str(e["suit"]) for e in events if e["type"] == "trump"), None)
    lines.append(f"<b>{tr('rec.hands')}</b>")
    for seat, hand in enumerate(record.hands):
        if seat in _never_seen(info, events):
            lines.append(f"{escape(info.names[seat])}: {tr('rec.hand_unseen')}")
            continue
        lines.append(f"{escape(info.names[seat])}: {_hand(tr, info, hand, trump)}")
    first_bid = next((i for i, e in enumerate(events) if e["type"] == "bid"), 0)
    before = events[:first_bid]
    if any(e["type"] == "trick" for e in before):
        lines.append(f"<b>{tr.maybe(f'rec.tricks.{info.game}.draw', tr('rec.tricks'))}</b>")
        lines += _trick_lines(tr, info, before)
        events_after = events[first_bid:]
    else:
        events_after = events
    if record.auction_hands:
        lines.append(f"<b>{tr('rec.hands.auction')}</b>")
        lines += [f"{escape(info.names[seat])}: {_hand(tr, info, hand, trump)}"
                  for seat, hand in enumerate(record.auction_hands)]
    tricks = any(e["type"] == "trick" for e in events)
    lines += _calls(tr, info, events, declarations=tricks)
    if any(e["type"] == "trick" for e in events_after):
        lines.append(f"<b>{tr('rec.tricks')}</b>")
        lines += _trick_lines(tr, info, events_after)
    elif not tricks:
        moves = [m for e in events if (m := _move_text(tr, info, e))]
        if moves:
            lines.append(f"<b>{tr('rec.moves')}</b>")
            lines.append("; ".join(moves))
    lines += _melds_scored(tr, info, scored)
    last_winner = next((int(e["winner"]) for e in reversed(events) if e["type"] == "trick"),
                       None)
    played = None  # the card that ended the deal, where a player went out (Berg)
    for e in with_tie_reasons(events):  # why a tie was a tie (BERG-TIE-1, -2, -10)
        played = e if e["type"] in ("play", "frame") else played
        if e["type"] in ("deal_scored", "thrown_in"):
            text = render_event(tr, info, e, sheet_rows=sheet_rows, last_winner=last_winner,
                                played=played)
            if text:
                lines.append("")
                lines.append(text)
    return cut("\n".join(lines))
