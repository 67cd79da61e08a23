"""The terminal's words: the bot's HTML screens as plain text, the seats' names, and every event
told as a sentence (a deal's result, a throw-in, melds shown: as the group message tells them,
bot/show/events.py; every other move by this module's catalog keys, ``term.ev.*``).
"""

from __future__ import annotations

import html
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.markup import Html, escape
from bot.show.common import (
    TableInfo,
    card_text,
    cards_and,
    code_label,
    counted,
    jokers_by_holder,
    num,
    order_text,
    pair_name,
    seat_names,
)
from bot.show.events import render_event
from bot.show.sheet import nets_text, render_sheet, result_line, result_score
from engine.cards import SUIT_SYMBOLS

#: An HTML tag of Telegram's subset (``<b>``, ``</pre>``, ``<a href=...>``).
TAG_RE = re.compile(r"<(/?)([a-z]+)[^>]*>")
BOLD, RESET = "\033[1m", "\033[0m"
#: A terminal has no message limit and no sheet picture: its sheet keeps every row.
WHOLE_SHEET = sys.maxsize
#: Events the table shows and a sentence would only repeat: a regular draw after each
#: preliminary trick (Married bridge, MB-PRE-9); "no melds".
QUIET = {("talon_draw", "regular"), ("declare", "none")}


def plain(text: str, *, bold: bool = False) -> str:
    """An HTML screen (Telegram's subset) as terminal text: tags dropped (``<b>`` as the
    terminal's bold when ``bold``), entities decoded."""
    def tag(m: re.Match[str]) -> str:
        if bold and m.group(2) == "b":
            return RESET if m.group(1) else BOLD
        return ""
    return html.unescape(TAG_RE.sub(tag, text))


def names_of(tr: Translator, players: int, me: int, level: str) -> tuple[str, ...]:
    """Each seat's name: the human's seat "You" (``term.you``), the others bot players named
    as the bot names them, numbered from 1 when there are several ("🤖 normal #2")."""
    return seat_names(tr, [(tr("term.you"), None) if s == me else (None, level)
                           for s in range(players)])


def numbers_apart(tr: Translator, text: str, info: TableInfo) -> str:
    """``text`` (HTML) with a colon after a name where a number follows it: after each pair's
    name (its score) and after a seat's name that ends with its seat number (a card, a bid).
    A bot's name ends with its seat's number ("🤖 normal #3"), so "You, 🤖 normal #3 0" or
    "🤖 normal #2 8♠" would read as one number ("You, 🤖 normal #3: 0", "🤖 normal #2: 8♠");
    a card with a letter takes the colon too ("🤖 normal #4: A♣"), so that a trick's line
    does not have it after some names and not others."""
    names = [pair_name(tr, info, seats, players=players) for seats in info.sides
             if len(seats) > 1 for players in (True, False)]
    names += [name for name in info.names if name[-1:].isdigit()]
    for name in names:
        text = re.sub(re.escape(escape(name)) + r" (?=[−+-]?\d|[^\W\d_][♠♥♦♣])",
                      lambda m: m.group(0)[:-1] + ": ", text)
    return text


def call_text(tr: Translator, call: str, view: Mapping[str, Any]) -> str:
    """What a seat says in the auction: the label of the button that makes the call, in lower
    case as said in a sentence ("pass", "play ♥", "contra"; "NT" and bids such as "8♣" stay as
    they are)."""
    return in_sentence(code_label(tr, call, view))


def in_sentence(label: str) -> str:
    """A button's label as said inside a sentence: its first letter in lower case, unless the
    label starts with a capital word ("NT") or a number."""
    return label[0].lower() + label[1:] if label[1:2].islower() else label


def _lower_first(text: str) -> str:
    """``text`` said after a dash or a semicolon: its first letter in lower case ("У вас" ->
    "у вас"; the human's own line starts the table's line, where it has a capital)."""
    return text[:1].lower() + text[1:]


class Teller:
    """Tells a match's events as sentences, in the player's language.

    Args:
        tr: the player's translator.
        info: the table's names and sides (``names[me]`` is "You").
        me: the human's seat (0-based); his own moves are told in the second person.
    """

    def __init__(self, tr: Translator, info: TableInfo, me: int) -> None:
        self.tr = tr
        self.info = info
        self.me = me
        self._last_trick: dict[str, Any] | None = None
        self._placed = ""  # Berg: the card whose effect the next skip is ("7♣ (Boris)")
        self._forced: dict[int, tuple[int, str]] = {}  # Berg: a seat's forced draws, cards
        self._played: dict[str, Any] | None = None  # the last card played (who went out)
        self.aside: list[str] = []  # what to tell before the last event's text (told_before)

    def _say(self, key: str, seat: int | None = None, **kwargs: Any) -> str:
        """``key`` with the seat's name; the human's own form (``<key>.you``) for his seat; with
        a count ``n``, in its plural form (``Translator.plural``)."""
        tr = self.tr
        if seat == self.me and tr.catalogs.has("en", key + ".you"):
            key, name = key + ".you", None
        else:
            name = self.info.names[seat] if seat is not None else ""
        named = {"name": name} if name is not None else {}
        if isinstance(kwargs.get("n"), int):  # a count: the language's plural form of it
            n = kwargs.pop("n")
            return tr.plural(key, n, **named, **kwargs)
        return tr(key, **named, **kwargs)

    def _cards(self, cards: Sequence[str]) -> str:
        return " ".join(card_text(c, self.tr) for c in cards)

    def event(self, event: dict[str, Any], view: Mapping[str, Any],
              sheet: Mapping[str, Any], *, cards: str = "") -> str | None:
        """One event (``Event.to_dict()``) as a sentence (HTML), or None for one not worth
        telling. ``view``: the human's view after the move (labels use its trump, up card);
        ``sheet``: the match's score sheet (a deal's result is explained from its rows);
        ``cards``: the cards a draw of the human's brought, as said ("К♥ 7♠"), "" when not
        known. Berg's forced draws wait for the skip they come with, told in one sentence with
        the card that made them (``_effect``)."""
        kind = event["type"]
        if kind == "drew" and event.get("forced"):  # BERG-EFF-6: told with the skip
            n, got = self._forced.get(event["seat"], (0, ""))
            self._forced[event["seat"]] = (n + int(event.get("count", 1)),
                                           " ".join(c for c in (got, cards) if c))
            return None
        if kind == "skipped":
            return self._effect(int(event["seat"]))
        if kind not in ("turnover", "deck_exchange") and self._forced:
            # draws no skip followed (a turnover the stock could not give ended the deal):
            # said as draws, after their card, on a line of their own before this event
            self.aside += [self._placed_drew(s, n, got) for s, (n, got) in self._forced.items()]
            self._forced = {}
        return self._event(event, view, sheet, cards)

    def told_before(self) -> list[str]:
        """What the last ``event`` call left to tell before its own text (forced draws whose
        skip never came), each its own line; emptied by this call."""
        aside, self.aside = self.aside, []
        return aside

    def _placed_drew(self, seat: int, n: int, cards: str) -> str:
        """Forced draws without their skip: "7♣ (Boris): Vera takes 2 cards from the stock." """
        drew = self._drew(seat, n, cards)
        if not self._placed:
            return drew
        return f"{self._capital_placed()}: {_lower_first(drew) if seat == self.me else drew}"

    def _drew(self, seat: int, n: int, cards: str) -> str:
        """A draw as its own sentence ("Vera takes 2 cards from the stock.")."""
        if seat == self.me and cards:
            return self.tr.plural("term.ev.drew.you.got", n, cards=cards)
        return self._say("term.ev.drew", seat, n=n)

    def _effect(self, seat: int) -> str:
        """A skip with the forced draws it came with, after the card that made them (BERG-EFF-1
        to -4, BERG-DEAL-5): "A♠ (Gleb): you take 1 card (K♥) and miss a turn." """
        tr = self.tr
        n, cards = self._forced.pop(seat, (0, ""))
        if not self._placed:  # no card known to have made them: the draws, then the skip
            return " ".join([*([self._drew(seat, n, cards)] if n else []),
                             self._say("term.ev.skipped", seat)])
        if seat != self.me:
            did = tr.plural("berg.move.takes", n, name=self.info.names[seat]) if n \
                else tr("berg.move.skipped", name=self.info.names[seat])
        elif n:
            did = tr.plural("term.ev.takes.you.got" if cards else "term.ev.takes.you", n,
                            cards=cards)
        else:
            did = tr("term.ev.misses.you")
        return tr("term.ev.effect", placed=Html(self._capital_placed()), did=Html(did))

    def _capital_placed(self) -> str:
        """The card whose effect is told, starting a sentence ("Red joker (Boris)")."""
        return self._placed[:1].upper() + self._placed[1:]

    def _event(self, event: dict[str, Any], view: Mapping[str, Any],
               sheet: Mapping[str, Any], cards: str) -> str | None:
        tr, kind, seat = self.tr, event["type"], event.get("seat")
        self._place(event)
        if kind == "drew" and seat == self.me and cards:  # his own draw names its cards
            return self._drew(seat, int(event.get("count", 1)), cards)
        if (kind, event.get("kind", event.get("what"))) in QUIET:
            return None
        if kind == "trick":
            self._last_trick = event
            key = "term.ev.trick" if event.get("points") else "term.ev.trick.nopoints"
            return self._say(key, event["winner"], n=event["number"],
                             points=num(tr, event.get("points", 0)))
        if kind == "deal_scored":
            rows = sheet["rows"]
            row = next((r for r in reversed(rows) if r["deal"] == event.get("deal")), None)
            played = self._played
            text = render_event(tr, self.info, event, last_trick=self._last_trick, row=row,
                                sheet_rows=rows, played=played)
            self._last_trick = None
            went_out = f"event.{self.info.game}.went_out"
            if text and played and played["seat"] == self.me and tr.catalogs.has("en", went_out):
                # his own: in the second person ("Вы выходите: В♠", not "Вы выходит")
                card = card_text(played["card"], tr)
                text = text.replace(tr(went_out, name=escape(self.info.names[self.me]), card=card),
                                    tr("term.went_out.you", card=card), 1)
            return text
        if kind == "deal_tied":  # why the deal just told was a tie (BERG-TIE-1, -2, -10)
            return tr.maybe(f"event.{self.info.game}.tie.{event.get('reason')}", "") or None
        if kind == "match_over":
            return self.match_over(sheet)
        if kind in ("thrown_in", "melds_shown") and seat == self.me:
            return self._own_show(event)
        if kind in ("thrown_in", "melds_shown"):
            return render_event(tr, self.info, event)
        return self._move(event, view)

    def _place(self, e: Mapping[str, Any]) -> None:
        """Remember the card (or frame, or up-card) whose effect a skip may be (Berg)."""
        tr, kind = self.tr, e["type"]
        if kind == "deal":
            up = (e.get("public") or {}).get("up_card") or []
            self._placed = escape(tr("berg.move.up_card", card=card_text(up[0], tr))) \
                if up else ""
        if kind in ("deal", "play", "frame"):  # a deal ended by a frame names no card
            self._played = dict(e) if kind == "play" else None
        if kind == "play":
            self._placed = escape(f"{card_text(e['card'], tr)} ({self.info.names[e['seat']]})")
        elif kind == "frame":
            cards = self._cards(e.get("cards", []))
            self._placed = escape(f"{tr('code.frame')} {cards} ({self.info.names[e['seat']]})")

    def _own_show(self, event: dict[str, Any]) -> str:
        """The human's own throw-in or melds, in the second person (the group message names
        its player in the third)."""
        if event["type"] == "thrown_in":
            return self.tr("term.ev.thrown_in.you", cards=self._cards(event.get("cards", [])))
        melds = ", ".join(
            self.tr.maybe("val." + str(m["kind"]), str(m["kind"])) + " "
            + self._cards(m.get("cards", [])) + f" ({m.get('points', '')})"
            for m in event.get("melds", []))
        return counted(self.tr, "term.ev.melds_shown.you", len(event.get("melds", [])),
                       self.tr("term.ev.melds_shown.you", melds=melds), melds=melds)

    def _move(self, e: dict[str, Any], view: Mapping[str, Any]) -> str:
        """A move or a public fact of the deal, by its event type."""
        tr, kind, seat = self.tr, e["type"], e.get("seat")
        if kind == "deal":
            line = tr("term.ev.deal", name=self.info.names[e["dealer"]])
            shown = [f"{tr.maybe('group.' + g, g)}: {self._cards(cards)}"
                     for g, cards in (e.get("public") or {}).items() if cards]
            return " ".join([line, *shown])
        if kind == "play":
            code = "play:" + str(e["card"]) + (f":{e['call']}" if e.get("call") else "")
            return self._say("term.ev.play", seat, card=code_label(tr, code, view))
        if kind in ("bid", "stake"):
            said = call_text(tr, str(e["call"]), view)
            if kind == "stake":
                return self._say("term.ev.stake", seat, call=said, stake=e.get("stake", 0))
            return self._say("term.ev.bid", seat, call=said)
        if kind in ("declare", "suggest"):
            return self._say(f"term.ev.{kind}", seat, what=self._declared(str(e["what"]),
                                                                        view))
        if kind == "trump":
            strain = str(e["suit"])
            if strain in ("NT", "AT"):  # "No trumps (NT).", not "Trump: nt."
                return tr(f"term.ev.trump.{strain}")
            return tr("term.ev.trump", suit=SUIT_SYMBOLS.get(strain)
                      or tr.maybe(f"strain.{strain}", strain))
        if kind == "contract_reached":
            code = str(e["contract"])
            return tr("term.ev.contract", contract=tr.maybe(f"val.{code}", code),
                      name=self.info.names[e["declarer"]])
        if kind == "exchange":
            return self._say("term.ev.exchange", seat, gave=card_text(e["gave"], tr),
                             took=card_text(e["took"], tr))
        if kind in ("hand_opened", "frame"):
            cards = self._cards(e.get("cards", []))
            if e.get("order"):
                cards += " → " + order_text(tr, str(e["order"]))
            return self._say(f"term.ev.{kind}", seat, cards=cards)
        if kind == "up_card_order":
            return tr("term.ev.up_card_order", card=card_text(e["card"], tr),
                      order=order_text(tr, str(e["order"])))
        if kind == "jokers_shown":  # each as the table's line says it (BERG-DECL-2)
            by_holder = jokers_by_holder([{"key": "joker_shown", "value": c, "kind": "card",
                                           "seat": s} for s, c in e.get("jokers", [])])
            held: list[str] = []  # both jokers of one holder: named once (issue #18)
            for f in by_holder:
                jokers = cards_and(tr, f["value"] if f["kind"] == "cards" else (f["value"],))
                held.append(  # his own: mid-sentence, no capital
                    _lower_first(tr("fact.berg.joker_shown.you.line", value=jokers))
                    if f["seat"] == self.me else
                    tr("fact.berg.joker_shown.line", name=self.info.names[f["seat"]],
                       value=jokers))
            return tr("term.ev.jokers_shown", jokers=Html("; ".join(held))) if held \
                else tr("term.ev.jokers_shown.none")
        if kind == "cards_added":
            shown = [f"{tr.maybe('group.' + g, g)}: {self._cards(cards)}"
                     for g, cards in (e.get("public") or {}).items() if cards]
            return " ".join([tr("term.ev.cards_added"), *shown])
        if kind == "deck_exchange":
            return tr("term.ev.deck_exchange", up_card=card_text(e["up_card"], tr))
        if kind == "claim":
            return self._say("term.ev.claim", seat, points=e["points"], total=e["total"])
        if kind == "talon_draw":
            return self._say(f"term.ev.talon_draw.{e['kind']}", seat)
        if kind == "ask":
            question = code_label(tr, f"ask:{e['question']}", view)
            answer = str(e["answer"])
            return self._say("term.ev.ask", seat, question=question,
                             answer=tr.maybe(f"val.{answer}", order_text(tr, answer)))
        if kind in ("drew", "passed", "skipped", "penalty", "turnover"):
            return self._say(f"term.ev.{kind}", seat, n=e.get("count", 1))
        # an event type this front-end does not know yet: its name in words, never a dict
        said = tr.maybe(f"val.{kind}", kind.replace("_", " "))
        return self._say("term.ev.other", seat, what=said) if seat is not None else said

    def _declared(self, what: str, view: Mapping[str, Any]) -> str:
        """A declaration by its button's label where it has one of its own (Berg's "Dobor
        (−0.5)"), else by its name (a meld: "terz")."""
        tr, code = self.tr, "declare:" + what
        dotted = [".".join("N" if a.isdigit() else a for a in code.split(":")),
                  code.replace(":", ".")]  # "open:1" has the label of every seat's "open:N"
        keys = [f"code.{self.info.game}.{k}" for k in dotted] + [f"code.{k}" for k in dotted]
        label = code_label(tr, code, view, self.info.names)
        if any(tr.catalogs.has("en", k) for k in keys):
            return in_sentence(label)
        return tr.maybe("val." + what, label)

    def _won_the_stake(self, sheet: Mapping[str, Any]) -> bool:
        """Whether a short Deberts game's one stake went to the human alone (DB-SHORT-6: the
        only side with a total above zero is his)."""
        totals = list((sheet.get("result") or {}).get("score") or sheet.get("totals", []))
        up = [i for i, t in enumerate(totals) if t > 0]
        return self.info.game == "deberts" and len(up) == 1 \
            and list(sheet["sides"][up[0]]["seats"]) == [self.me]

    def match_over(self, sheet: Mapping[str, Any]) -> str:
        """The match's end as the group reads it ("🏆 Result: ..." and the score sheet); a
        human winning alone is told "You win" (the group's line names its winner in the third
        person)."""
        tr, result = self.tr, sheet.get("result") or {}
        winner = result.get("winner")
        seats = sheet["sides"][winner]["seats"] if isinstance(winner, int) else []
        line = tr("term.you_win", score=escape(result_score(tr, self.info, sheet))) \
            if seats == [self.me] else result_line(tr, self.info, sheet)
        if winner is None and self._won_the_stake(sheet):  # DB-SHORT-6: "вы выиграли ставку"
            line = tr("term.you_win.stake", score=escape(nets_text(tr, self.info, sheet)))
        return tr("match.over", line=line) + "\n\n" + render_sheet(tr, self.info, sheet,
                                                                     with_result=False,
                                                                     limit=WHOLE_SHEET)
