"""What every screen shares: the table's names and sides (``TableInfo``), cards, facts, numbers,
action labels.

Group messages are rendered only from ``public_view()``, the score sheet and events (all
public); a hand only from ``view(seat)`` of its holder. Texts are HTML in Telegram's subset;
every name is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from bot.i18n import Translator
from bot.markup import Html, escape, unescape
from engine.belote.common import PLAIN_ORDER, TRUMP_ORDER
from engine.cards import RANKS, SUIT_SYMBOLS, SUITS, display, is_card_code


@dataclass(frozen=True)
class TableInfo:
    """What the renderer needs to know about a table besides the engine's views."""

    table_id: int
    version: int
    game: str
    chat_title: str
    names: tuple[str, ...]  # per seat, plain text (escaped when rendered)
    sides: tuple[tuple[int, ...], ...] = ()  # seats of each side, when known
    clock: str | None = None  # the turn clock line (time left, paused)
    me: int | None = None  # the terminal player's seat, named "You" (facts in the 2nd person)
    #: what a Berg captain pays for insurance (declare:insure, points), from the table's
    #: options: the engine's view does not say it; None where none is bought
    insurance_price: float | None = None
    #: the Berg turnover that ties the deal (BERG-TIE-1, ``with_tie``), from the table's
    #: options; None where turnovers are not limited so
    tie_turnover: int | None = None


def game_text(tr: Translator, game: str, key: str, **kwargs: Any) -> str:
    """The message ``key`` in ``game``'s own words where its catalog has them (``<key>.<game>``:
    Berg's «игра» for the match, where «партия» is one deal, glossary), else the common one."""
    if tr.catalogs.has("en", f"{key}.{game}"):
        return tr(f"{key}.{game}", **kwargs)
    return tr(key, **kwargs)


def bot_name(tr: Translator, level: str | None, seat: int | None = None) -> str:
    """How a bot player is named at the table: "🤖 normal"; with ``seat`` (0-based) the seat
    number as the lobby counts seats (1-based) follows, marked as a number so that a score
    written after the name stays apart from it: "🤖 normal #2" ("🤖 любитель №2")."""
    name = "🤖 " + tr.maybe(f"level.{level}", str(level))
    return name if seat is None else tr("bot.numbered", name=name, n=seat + 1)


def seat_names(tr: Translator, seats: Sequence[tuple[str | None, str | None]]) -> tuple[str, ...]:
    """Each seat's display name from ``(player's name or None, bot level or None)`` per seat
    (in seat order). A seat with no player is a bot; when several seats are bots each gets
    its seat number ("🤖 normal #2", "🤖 normal #4") so bids, sheets and results tell them apart."""
    several = sum(1 for name, _ in seats if name is None) > 1
    return tuple(name if name is not None else bot_name(tr, level, seat if several else None)
                 for seat, (name, level) in enumerate(seats))


def card_text(card: str, tr: Translator | None = None) -> str:
    """``TS`` -> ``10♠``; with ``tr`` the rank letter is the language's (Russian ace ``Т♠``)."""
    if tr is not None and card in ("RJ", "BJ"):  # Berg's jokers by name, not "🃏R"
        return tr.maybe(f"card.{card}", display(card))
    if tr is None or len(card) != 2 or card[1] not in SUIT_SYMBOLS:
        return display(card)
    rank = "10" if card[0] == "T" else card[0]
    return tr.maybe(f"rank.{card[0]}", rank) + SUIT_SYMBOLS[card[1]]


def _value(tr: Translator, info: TableInfo, kind: str, value: Any) -> str:
    if kind == "seat" and isinstance(value, int):
        return escape(info.names[value])
    if kind == "suit":
        return SUIT_SYMBOLS.get(str(value), str(value))
    if kind == "card":
        return card_text(str(value), tr)
    if kind == "cards":  # one seat's jokers (``jokers_by_holder``)
        return cards_and(tr, value)
    if kind == "text":
        return tr.maybe(f"val.{value}", str(value))
    if kind == "number" and isinstance(value, float):  # Berg's height 7.5: «7,5» in ru/uk
        return num(tr, value)
    return str(value)


def fact_label(tr: Translator, info: TableInfo, key: str, phase: str | None = None) -> str:
    """A fact's label: the game's own word for this phase (``fact.<game>.<key>.<phase>``: the
    highest bid of an auction is not yet a contract), the game's own word
    (``fact.<game>.<key>``), then the common one."""
    common = tr.maybe(f"fact.{info.game}.{key}", tr.maybe(f"fact.{key}", key))
    return tr.maybe(f"fact.{info.game}.{key}.{phase}", common) if phase else common


#: Facts a call makes, about another seat's bid: the line names who said the call (Married
#: bridge's "Contra on the bid 5♥ (Boris)"), not the bidder the fact's seat is (MB-INFO-4).
_MADE_BY_CALL: dict[str, str] = {"mb_contra_on": "contra"}


#: Facts that mark another fact of the same value: said on that fact's line (Berg's fired
#: captain, BERG-DECL-12: "Captain: Boris (fired until the end of the deal ...)").
_MARKS: dict[str, str] = {"captain_fired": "captain"}


#: An auction's highest bid, by game, in the phase before it is a contract: its facts (level,
#: strain, bidder) said as one line, "Highest bid: 10♥ (Anna)": the strain is no trump yet
#: (BB-BID-2), and "Bid by: You" read as a form's field.
_HIGH_BID: dict[tuple[str, str], tuple[str, ...]] = {
    ("bazar_belot", "bidding"): ("bid_level", "bid_strain", "high_bidder")}


def _high_bid_line(tr: Translator, info: TableInfo, facts: Sequence[Mapping[str, Any]],
                   phase: str | None, calls: Sequence[Mapping[str, Any]]) -> str | None:
    """The one line of an auction's highest bid (`_HIGH_BID`): the bidder's last bid as the
    calls line says it, and who made it ("yours" for the terminal player); None where the
    game and phase have no such line or no bid is made yet."""
    bidder = next((f["value"] for f in facts if f["key"] == "high_bidder"), None)
    if (info.game, phase or "") not in _HIGH_BID or not isinstance(bidder, int):
        return None
    call = next((str(c["call"]) for c in reversed(calls) if c.get("seat") == bidder
                 and str(c.get("call", "")).startswith("bid:")), None)
    if call is None:
        return None
    bid = said_text(tr, call, {"game": info.game, "groups": {}, "facts": facts})
    if info.me == bidder:
        return tr(f"fact.{info.game}.high_bid.line.you", bid=bid)
    return tr(f"fact.{info.game}.high_bid.line", bid=bid, name=info.names[bidder])


#: Bazar-Belot's contract (BB-BID-20) once the auction is over: its level and strain said as
#: one line, "Contract: 90 AT (all trumps)", "Contract: kapo on one hand ♣ (trump ♣)" (a
#: level line over a strain line read two ways: "All trumps (AT)" but "Trump: ♣").
_CONTRACT = ("bid_level", "bid_strain")
_STRAIN_CODES = {"no_trumps": "NT", "all_trumps": "AT"}


def _contract_line(tr: Translator, info: TableInfo, facts: Sequence[Mapping[str, Any]],
                   phase: str | None) -> str | None:
    """The one line of a Bazar-Belot contract after the auction (`_CONTRACT`): the bid as
    the calls line says it, then its strain in words; None for other games, in the bidding
    or before a contract."""
    found = {f["key"]: f["value"] for f in facts if f["key"] in _CONTRACT}
    if info.game != "bazar_belot" or phase == "bidding" or len(found) < len(_CONTRACT):
        return None
    strain = _STRAIN_CODES.get(str(found["bid_strain"]), str(found["bid_strain"]))
    call = f"bid:{found['bid_level']}:{strain}"
    bid = said_text(tr, call, {"game": info.game, "groups": {}, "facts": facts})
    if strain in _STRAIN_CODES.values():
        gloss = tr(f"fact.bazar_belot.contract.{strain}")
    else:
        gloss = tr("fact.bazar_belot.contract.trump", suit=SUIT_SYMBOLS.get(strain, strain))
    return tr("fact.bazar_belot.contract.line", bid=bid, strain=gloss)


#: Facts said on a card group's line (`group`): the previous trick's taker.
_ON_A_GROUP = frozenset({"last_trick_winner"})


#: Facts naming one seat of each pair, labelled with that pair as the lobby words it (Berg's
#: captains: "Captain of pair 1+3: Anna", not two lines "Captain: ..."): a key per side.
_PAIR_LABELS: dict[tuple[str, str], tuple[str, ...]] = {
    ("berg", "captain"): ("opt.captain_02", "opt.captain_13")}


def pair_seats(seats: Sequence[int]) -> str:
    """A pair's seats as the lobby numbers them (1-based, ascending): ``1+3``, ``2+4``."""
    return "+".join(str(s + 1) for s in sorted(seats))


def pair_label(tr: Translator, game: str, seats: Sequence[int]) -> str:
    """A pair's own name where its game has one (plain text): Bazar-Belot's NS for seats 0
    and 2, EW for 1 and 3 (ru «Ю-С», «З-В»); "" for any other game or side."""
    if game == "bazar_belot" and len(seats) == 2:
        return unescape(tr("pair.bazar_belot.ns" if 0 in seats else "pair.bazar_belot.ew"))
    return ""


def pair_name(tr: Translator, info: TableInfo, seats: Sequence[int], *,
              players: bool = False) -> str:
    """A side's display name (plain text).

    A Bazar-Belot pair as the club writes it on paper, NS for seats 0 and 2, EW for 1 and 3
    (BB-DEAL-1, BB-SHEET-1: ru «Ю-С», «З-В»; ``pair.bazar_belot.*``), with ``players`` its
    players' names after it, "NS (Anna, Vera)" (said once on a screen, where the score is). A
    Berg pair by its captain, the first of its seats, with the pair's seats, "Anna (1+3)": the
    sheet's columns are headed by the captains (BERG-SCORE-6/7). Any other side: its players'
    names joined.

    Args:
        tr: the reader's language; info: the seats' names; seats: the side's seats (0-based).
        players: add the players' names where the side's own name does not hold them.
    """
    if name := pair_label(tr, info.game, seats):
        if players and all(s < len(info.names) for s in seats):
            return f"{name} ({', '.join(info.names[s] for s in seats)})"
        return name
    if info.game == "berg" and len(seats) == 2 and all(s < len(info.names) for s in seats):
        return f"{info.names[seats[0]]} ({pair_seats(seats)})"
    return ", ".join(info.names[s] for s in seats)


def pair_words(info: TableInfo, seats: Sequence[int]) -> str:
    """A Berg pair as a sentence says it after the word "pair" (plain text): its seats as the
    lobby numbers them and both its players, the captain first, "2+4 (Boris, Dave)"
    (BERG-SCORE-7's notes: "Pair 2+4 (Boris, Dave) went out: 4.0"); the captain alone read as
    if he had gone out when his partner did."""
    return f"{pair_seats(seats)} ({', '.join(info.names[s] for s in seats)})"


def _pair_label(tr: Translator, info: TableInfo, fact: Mapping[str, Any]) -> str | None:
    """The label naming the pair of the seat ``fact`` names (`_PAIR_LABELS`) by its seats as
    the lobby does ("Captain of pair 1+3"), or None."""
    keys = _PAIR_LABELS.get((info.game, fact["key"]))
    side = next((i for i, seats in enumerate(info.sides or ()) if fact["value"] in seats), None)
    if not keys or side is None or side >= len(keys):
        return None
    return tr(keys[side])


def _pair_line(tr: Translator, info: TableInfo, fact: Mapping[str, Any], *,
               fired: bool) -> str | None:
    """The whole line of a fact naming a pair's captain (`_PAIR_LABELS`): the pair by its
    seats, its captain and his partner ("Pair 1+3: Anna (captain), Vera"); a fired captain's
    line says in words what he lost until the end of the deal (BERG-DECL-12). None when the
    fact is not such one or the pair's players are not known."""
    keys = _PAIR_LABELS.get((info.game, fact["key"]))
    side = next((i for i, seats in enumerate(info.sides or ()) if fact["value"] in seats), None)
    if not keys or side is None or side >= len(keys):
        return None
    seats = (info.sides or ())[side]
    if len(seats) != 2 or not all(s < len(info.names) for s in seats):
        return None
    captain = int(fact["value"])
    partner = next(s for s in seats if s != captain)
    key = f"fact.{info.game}.{fact['key']}.pair" + ("_fired" if fired else "")
    return tr(key, pair=pair_seats(seats), captain=info.names[captain],
              partner=info.names[partner])


def render_facts(tr: Translator, info: TableInfo, facts: Sequence[dict[str, Any]], *,
                 phase: str | None = None,
                 calls: Sequence[dict[str, Any]] | None = None) -> list[str]:
    """One line per fact: ``Trump: ♥``, ``Alice: declared fifty``, in ``facts``' order
    (a view's facts put in play order, each meld once, by bot/show/melds_once.py).

    ``phase``: the view's phase, for labels that change with it; ``calls``: the view's calls
    (``{"seat", "call"}``), so that a fact whose value is a call (a contra in force) names who
    made it: ``Doubled: contra ×2 (Gleb)``."""
    lines = []
    if info.game == "married_bridge":
        facts = _mb_play_header(tr, info, facts)
    facts = jokers_by_holder(facts)
    high_bid = _high_bid_line(tr, info, facts, phase, calls or ())
    joined = _HIGH_BID.get((info.game, phase or ""), ())
    if high_bid is None:
        high_bid, joined = _contract_line(tr, info, facts, phase), _CONTRACT
    if high_bid is not None:  # said once, where its first fact stood
        first = next(i for i, f in enumerate(facts) if f["key"] in joined)
        facts = [f for f in facts if f["key"] not in joined]
        facts.insert(first, {"key": "high_bid", "value": high_bid, "kind": "line"})
    present = {(f["key"], f["value"]) for f in facts}
    marks = {(_MARKS[f["key"]], f["value"]): f["key"] for f in facts if f["key"] in _MARKS}
    for f in facts:
        if f.get("kind") == "line":  # a line made whole above
            lines.append(f["value"])
            continue
        if (_MARKS.get(f["key"]), f["value"]) in present or f["key"] in _ON_A_GROUP:
            continue  # said on the line it marks
        mark = marks.get((f["key"], f["value"]))
        pair_line = _pair_line(tr, info, f, fired=mark is not None)
        if pair_line is not None:
            lines.append(pair_line)
            continue
        label = _pair_label(tr, info, f) or fact_label(tr, info, f["key"], phase)
        if "count" in f:  # "senior meld" for one, "senior melds" for more (DB-MELD-7)
            label = counted(tr, f"fact.{f['key']}", int(f["count"]), label)
        value = _value(tr, info, f.get("kind", "text"), f["value"])
        if f.get("melds"):  # what the points are for: "terz, fifty (70)" (DB-MELD-7)
            kinds = ", ".join(tr.maybe(f"val.{k}", str(k)) for k in f["melds"])
            value = Html(f"{escape(kinds)} ({escape(value)})")
        if mark:
            value = tr(f"fact.{info.game}.{mark}.mark", name=value)
        if f["key"] == "turnovers" and info.tie_turnover:  # how far from the tie (BERG-TIE-1)
            value = tr("fact.berg.turnovers.tie_at", n=value, limit=info.tie_turnover)
        said = _MADE_BY_CALL.get(f["key"], f["value"])
        caller = next((c["seat"] for c in reversed(calls or ()) if c.get("call") == said
                       and isinstance(c.get("seat"), int)), None)
        if f["key"] in _MADE_BY_CALL and caller is not None and f.get("seat") is not None:
            # who said it on whose bid: "Contra: Gleb — on the bid 6♣ (Anna)", "on your bid"
            by = f"fact.{f['key']}.by" + (".you" if f["seat"] == info.me else "")
            lines.append(tr(by, caller=escape(info.names[caller]), bid=value,
                            bidder=escape(info.names[f["seat"]])))
            continue
        if caller is not None and f.get("seat") is None:
            value = f"{value} ({escape(info.names[caller])})"
        if f["key"] == "bid_strain" and f["value"] in ("no_trumps", "all_trumps"):
            # "No trumps (NT)" is the line: "Trump: no trumps" read as a contradiction
            lines.append(tr(f"fact.bid_strain.{f['value']}"))
            continue
        line_key = f"fact.{info.game}.{f['key']}.line"  # a game's own word order
        of_value = f"fact.{info.game}.{f['key']}.{f['value']}.line"  # said for this value
        if tr.catalogs.has("en", of_value):  # (Berg's bought insurance: what it forbids)
            line_key = of_value
        you = _you_label(tr, info, f)
        own = _you_line(tr, info, f)
        # how many the line counts, for its plural form: a count of things, or the number
        # itself ("9 tricks", "1 trick": Married bridge's counts, MB-PLAY-7)
        n = f.get("count", f["value"] if f.get("kind") == "number" else None)
        if own:  # the terminal's "Your contract: 1♥", not "You: contract 1♥"
            lines.append(tr(own, value=value) if n is None else
                         counted(tr, own, int(n), tr(own, value=value), value=value))
        elif you:  # the terminal's "You show melds worth 20", not "You: shows ..."
            lines.append(f"{escape(info.names[f['seat']])} {you} {value}".rstrip())
        elif f.get("seat") is not None and tr.catalogs.has("en", line_key):
            said = {"name": escape(info.names[f["seat"]]), "value": value}
            lines.append(counted(tr, line_key, int(n), tr(line_key, **said), **said)
                         if n is not None else tr(line_key, **said))
        elif f.get("seat") is None and tr.catalogs.has("en", line_key):
            # a seatless fact in a game's own words ("Preliminary trick 4 of 13", MB-PRE-6)
            lines.append(tr(line_key, value=value))
        elif f.get("seat") is not None:
            lines.append(f"{escape(info.names[f['seat']])}: {label} {value}")
        else:
            lines.append(f"{label}: {value}")
    return lines


def cards_and(tr: Translator, cards: Sequence[str]) -> str:
    """Cards said in a sentence: "red joker", "red joker and black joker"."""
    named = [card_text(str(c), tr) for c in cards]
    return tr("pair.and", first=", ".join(named[:-1]), second=named[-1]) \
        if len(named) > 1 else "".join(named)


def jokers_by_holder(facts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``facts`` with Berg's shown jokers (``joker_shown``, one card each, BERG-DECL-2) of one
    holder in one fact, where his first stood: ``{"key": "joker_shown", "value": ("RJ",
    "BJ"), "kind": "cards", "seat": 2}`` is said "Vera holds the red joker and black joker",
    not in two lines naming her twice (issue #18). Other facts unchanged."""
    held: dict[Any, list[str]] = {}
    for f in facts:
        if f["key"] == "joker_shown":
            held.setdefault(f.get("seat"), []).append(str(f["value"]))
    if all(len(cards) < 2 for cards in held.values()):
        return list(facts)
    out: list[dict[str, Any]] = []
    for f in facts:
        if f["key"] != "joker_shown":
            out.append(f)
        elif f.get("seat") in held:
            out.append({**f, "value": tuple(held.pop(f.get("seat"))), "kind": "cards"})
    return out


def _mb_play_header(tr: Translator, info: TableInfo, facts: Sequence[dict[str, Any]]
                    ) -> list[dict[str, Any]]:
    """Married bridge's facts once the contract is known, its contract, trump, tricks needed
    and each seat's tricks said in two lines (issue #20): "Boris: contract 6♦, needs 12
    tricks" where the contract stood (its strain is the trump, MB-BID-9) and "Tricks: Anna 0 ·
    Boris 0" in seat order where the first count stood (MB-PLAY-7); the terminal player's own
    contract is "Your contract: 6♦, you need 12 tricks". Other facts unchanged, as are the
    facts of a deal with no contract yet."""
    contract = next((f for f in facts if f["key"] == "mb_contract"), None)
    needed = next((f for f in facts if f["key"] == "mb_needed"), None)
    if contract is None or needed is None:
        return list(facts)
    taken = {f["seat"]: f["value"] for f in facts if f["key"] == "mb_tricks"}
    out: list[dict[str, Any]] = []
    for f in facts:
        if f is contract:
            mine = ".you" if f["seat"] == info.me else ""  # the terminal's "Your contract"
            out.append({"key": "mb_contract", "kind": "line", "value": tr(
                f"fact.married_bridge.contract.line{mine}", name=escape(info.names[f["seat"]]),
                value=_value(tr, info, "text", f["value"]), n=needed["value"])})
        elif f["key"] == "mb_tricks" and taken:
            counts = " · ".join(f"{escape(info.names[s])} {taken[s]}" for s in sorted(taken))
            out.append({"key": "mb_tricks", "kind": "line",
                        # the names are escaped already: the counts are markup
                        "value": tr("fact.married_bridge.tricks.line", value=Html(counts))})
            taken = {}
        elif f["key"] not in ("trump", "mb_needed", "mb_tricks"):
            out.append(f)
    return out


def _you_line(tr: Translator, info: TableInfo, fact: Mapping[str, Any]) -> str:
    """The key of the whole second-person line of a fact about the terminal player's own seat
    (``fact[.<game>].<key>.you.line``, its value as ``{value}``: "Your tricks: 3"), or ""."""
    if info.me is None or fact.get("seat") != info.me:
        return ""
    return next((key for key in (f"fact.{info.game}.{fact['key']}.you.line",
                                 f"fact.{fact['key']}.you.line")
                 if tr.catalogs.has(tr.lang, key)), "")


def _you_label(tr: Translator, info: TableInfo, fact: Mapping[str, Any]) -> str:
    """The second-person label of a fact about the terminal player's own seat
    (``fact[.<game>].<key>.you``: "show melds worth", "предлагаете ..."), or "" where the fact
    is about another seat or its label has no verb to agree (a noun reads the same)."""
    if info.me is None or fact.get("seat") != info.me:
        return ""
    for key in (f"fact.{info.game}.{fact['key']}.you", f"fact.{fact['key']}.you"):
        if tr.catalogs.has(tr.lang, key):
            return counted(tr, key, int(fact["count"]), tr(key)) if "count" in fact else tr(key)
    return ""


def counted(tr: Translator, key: str, n: int, default: str, **kwargs: Any) -> str:
    """``key`` in the plural form the language uses for ``n`` where the catalog writes one
    (``<key>.one``: "senior meld" beside the plural "senior melds"; ``<key>.zero`` for none,
    where "no tricks yet" reads better than "0 tricks"), else ``default``."""
    if n == 0 and tr.catalogs.has(tr.lang, f"{key}.zero"):
        return tr(f"{key}.zero", **kwargs)
    form = f"{key}.{Locale.parse(tr.lang).plural_form(n)}"
    return tr(form, **kwargs) if tr.catalogs.has(tr.lang, form) else default


def group(tr: Translator, info: TableInfo, name: str, cards: Sequence[dict[str, Any]],
          phase: str | None = None, facts: Sequence[Mapping[str, Any]] = ()) -> str:
    """A named card group as one line, ``Trick: Anna 9♦, Boris 10♦``; a player's cards in a
    row are named once (``Shown melds: Anna A♦ K♦ Q♦, Gleb K♠ Q♠``), except in Berg's pile,
    where two cards of one owner lying one on the other are two moves, not one (BERG-INFO-2).
    ``phase``: the view's phase, where a game names a group its own way in it
    (``group.<game>.<name>.<phase>``: Married bridge's last trick in the auction is the last
    preliminary trick). ``facts``: the view's facts, whose ``last_trick_winner`` the previous
    trick's line names at its end ("— Boris takes it")."""
    label = tr.maybe(f"group.{name}", name)
    if phase:
        label = tr.maybe(f"group.{info.game}.{name}.{phase}", label)
    parts: list[str] = []
    last: object = object()
    for c in cards:
        seat = c.get("seat")
        if seat is None:
            parts.append(card_text(c["card"], tr))
        elif seat == last and parts and name != "pile":
            parts[-1] += " " + card_text(c["card"], tr)
        else:
            parts.append(f"{escape(info.names[seat])} {card_text(c['card'], tr)}")
        last = seat
    rounds = [f["value"] for f in facts if f["key"] == "bidding_round"]
    said_up = f"group.{info.game}.{name}.round{rounds[0]}" if rounds and cards else ""
    if tr.catalogs.has("en", said_up):  # the up-card's suit offered, then turned down (DB-BID)
        suit = SUIT_SYMBOLS.get(str(cards[0]["card"])[1:], "")
        return tr(said_up, label=label, card=card_text(cards[0]["card"], tr), suit=suit)
    taker = next((f["value"] for f in facts if f["key"] == "last_trick_winner"), None) \
        if name == "last_trick" and parts else None
    said = "" if taker is None else " " + (  # "— taken by you": the verb agrees with "You"
        tr("group.last_trick.taker.you") if taker == info.me
        else tr("group.last_trick.taker", name=info.names[taker]))
    return f"{label}: " + (", ".join(parts) if parts else "—") + said


def side_names(tr: Translator, info: TableInfo, view: Mapping[str, Any], *,
               players: bool = False) -> list[str]:
    """Display name of each side of ``view`` (its ``sides``), plain text, as `pair_name` says
    it (``players``: with the players' names, where a side's name does not hold them)."""
    return [pair_name(tr, info, side["seats"], players=players) for side in view["sides"]]


def deal_number(view: Mapping[str, Any]) -> int:
    """The deal's number as the score sheet writes it: the engine's ``sheet_deal`` (a game may
    write several rows for one deal, Berg's declarations, BERG-SCORE-7; thrown-in deals get
    none, DB-SHEET-6), never a count of the sheet's rows."""
    return int(view.get("sheet_deal", view.get("deal", 0)))


#: The one minus sign of every number a player reads (text, buttons, ratings, the sheet
#: picture: the shipped DejaVu font draws it), so that a hyphen never reads as a minus.
MINUS = "\u2212"
#: A sheet cell with nothing written yet (Berg's ``-``, BERG-SCORE-6): a dash, not a minus.
EMPTY_CELL = "\u2014"


def num(tr: Translator, x: float | int, *, pattern: str = "0.#") -> str:
    """A number of points in the language's style (Babel's locale data): whole numbers plain,
    half-points with its decimal sign (Russian and Ukrainian ``3,5``, BERG-SCORE-7); ``pattern``
    ``0.0`` keeps one decimal (Berg's cells, ``4,0``); below zero with ``MINUS`` (``−0,5``)."""
    # zero without its sign: -0.0 == 0 would share a cached "−0,0" with every later 0
    return _formatted(x if x else 0, pattern, tr.lang)


@lru_cache(maxsize=4096)
def _formatted(x: float | int, pattern: str, lang: str) -> str:
    """``format_decimal`` remembered, its minus written as ``MINUS``: a screen formats the same
    few scores again on every redraw, and Babel parses the pattern and reads its locale data on
    each call (about a tenth of a move's CPU under load, benchmarks/load.py --profile)."""
    return str(format_decimal(x, format=pattern, locale=lang)).replace("-", MINUS)


def points(tr: Translator, game: str, x: float | int) -> str:
    """A total or a deal's points as the game writes them (``num``): Berg keeps one decimal
    everywhere (``-1,0`` as on its sheet, BERG-SCORE-7; the catalog's ``num.pattern.<game>``),
    other games whole numbers."""
    return num(tr, x, pattern=tr.maybe(f"num.pattern.{game}", "0.#"))


def total_text(tr: Translator, game: str, x: float | int, view: Mapping[str, Any]) -> str:
    """A running total for the table and hand (``points``); in a one-deal stake game (Deberts'
    short formats, whose view has a ``format`` fact, DB-SHORT-6) signed, ``+1``, as its result
    line writes the stakes."""
    stake = game == "deberts" and any(f.get("key") == "format" for f in view.get("facts", ()))
    return ("+" if stake and x > 0 else "") + points(tr, game, x)


#: A number as the engine writes it in a sheet cell or a line (``4.0``, ``-0.5``, ``12``).
NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")
#: A sheet cell holding a number, signed or not (Married bridge's ``+960``, MB-SCORE-8).
SIGNED_RE = re.compile(r"[+-]?\d+(?:\.\d+)?")


def localize_numbers(tr: Translator, text: str) -> str:
    """Every number of an engine-written text (``13.5 - 8.0``, ``3.5``) with the language's
    decimal sign, keeping its decimals."""
    def one(m: re.Match[str]) -> str:
        digits = m.group(0)
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        return num(tr, float(digits) if decimals else int(digits),
                    pattern="0." + "0" * decimals if decimals else "0")
    return NUMBER_RE.sub(one, text)


def _arg_text(tr: Translator, arg: str) -> str:
    """One argument of an action code for a button: cards, suits, ranks, else translated."""
    if is_card_code(arg, jokers=True):
        return card_text(arg, tr)
    if "." in arg and all(is_card_code(a, jokers=True) for a in arg.split(".")):
        return " ".join(card_text(a, tr) for a in arg.split("."))
    if arg in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[arg]
    if len(arg) == 1 and arg in RANKS:
        return tr.maybe(f"rank.{arg}", "10" if arg == "T" else arg)
    return tr.maybe(f"arg.{arg}", arg)


def arg_order(arg: str) -> tuple[int, int, str]:
    """Sort key of an order a card names (Berg's jack and queen, BERG-EFF-7): ranks from the
    lowest (5 ... A), then the joker; suits in the hand's order (S H D C); anything else last."""
    if len(arg) == 1 and arg in RANKS:
        return (0, -RANKS.index(arg), arg)
    if arg == "JK":
        return (1, 0, arg)
    if len(arg) == 1 and arg in SUITS:
        return (2, SUITS.index(arg), arg)
    return (3, 0, arg)


def order_text(tr: Translator, order: str) -> str:
    """A Berg order named by a card (BERG-ORDER): a suit symbol, a rank's name ("король"),
    or the joker."""
    if order in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[order]
    return tr.maybe(f"val.{order}", tr.maybe(f"rank.{order}", "10" if order == "T" else order))


def said_text(tr: Translator, call: str, view: Mapping[str, Any]) -> str:
    """A call as said in a line of calls ("Anna pass, Boris 14♠, Vera contra"): the catalog's
    ``said.<call>``, else the button's label starting in lower case (a button reads
    "Contra", a line "Anna contra")."""
    said = tr.maybe("said." + call.replace(":", "."), "")
    if said:
        return said
    label = code_label(tr, call, view)
    return label[:1].lower() + label[1:]


#: Each game's rank order within a suit, high to low, where it is not the plain A K Q J 10 ...:
#: belote trumps J 9 A 10 K Q 8 7 (BEL-RANK-1) and plain suits A 10 K Q J 9 8 7 (BEL-RANK-2).
_BELOTE_ORDERS: dict[str, tuple[str, str]] = {
    game: (TRUMP_ORDER, PLAIN_ORDER) for game in ("deberts", "bazar_belot")}
#: Bazar-Belot's all-trumps contract: every suit ranks as trumps (BB-BID strain ``AT``).
_ALL_TRUMPS = "AT"


def sort_hand(cards: Sequence[str], trump: str | None = None, game: str = "") -> list[str]:
    """Cards as a player sorts his hand: suit after suit (S H D C, the ``trump`` suit first
    when there is one), each suit in ``game``'s rank order, strongest first (belote games:
    trumps J 9 A 10 K Q 8 7, plain suits A 10 K Q J 9 8 7, every suit as trumps in an
    all-trumps contract; otherwise A K Q J 10 9 ...), jokers last.

    Args:
        cards: card codes. trump: a suit letter, ``NT``/``AT`` or None. game: the game's key.
    """
    order = ([trump] if trump and trump in SUITS else []) + [x for x in SUITS if x != trump]
    trump_ranks, plain_ranks = _BELOTE_ORDERS.get(game, (RANKS, RANKS))

    def key(card: str) -> tuple[int, int]:
        if len(card) == 2 and card[1] in SUITS and card[0] in RANKS:
            ranks = trump_ranks if trump in (card[1], _ALL_TRUMPS) else plain_ranks
            return (order.index(card[1]), ranks.find(card[0]))
        return (len(SUITS), 0)
    return sorted(cards, key=key)


def code_label(tr: Translator, code: str, view: Mapping[str, Any],
               names: Sequence[str] = ()) -> str:
    """Button text for an action code, game-agnostic.

    ``play:<card>[:<word>]`` shows the card (and the word, e.g. bela, or the order it names).
    Otherwise the catalog's ``code.<verb>.<args>`` if present (``N`` in the key standing for any
    number among the args), else ``code.<verb>`` followed by the arguments (cards and suits
    drawn, other words translated as ``arg.<word>``).
    Templates may use ``{a1}``, ``{a2}``, ``{suit}``, ``{up_card}``, ``{up_suit}``, ``{trump}``
    and ``{best_meld}``; ``{name2}`` is the player whose seat number is the second argument
    (Berg's ``declare:open:1``: "Open Boris's cards"), from ``names`` (the table's names in
    seat order), else "player 2".
    """
    parts = code.split(":")
    verb, args = parts[0], parts[1:]
    if verb == "play" and args:
        text = card_text(args[0], tr)
        for extra in args[1:]:
            if tr.catalogs.has("en", f"call.{extra}"):  # a word said with the card (bela)
                text += " " + tr(f"call.{extra}")
            else:  # what the card orders, in the words the table's order line uses
                rank = extra == "JK" or (len(extra) == 1 and extra in RANKS)
                text += " → " + (order_text(tr, extra) if rank else _arg_text(tr, extra))
        return text
    if verb == "frame" and len(args) == 2:  # a frame ending on a jack, and its order
        return f"{code_label(tr, f'frame:{args[0]}', view)} → {order_text(tr, args[1])}"
    if verb == "order" and len(args) == 1:  # the dealer's order for a jack or queen up-card
        top = next((str(f["value"]) for f in view.get("facts", ()) if f["key"] == "top_card"),
                   "")  # said as a played jack's or queen's: "J♣ → king" (BERG-DEAL-6)
        said = order_text(tr, args[0])
        return f"{card_text(top, tr)} → {said}" if top else f"{tr('code.order')} {said}"
    ctx = _label_context(tr, view)
    shown = [_arg_text(tr, a) for a in args]
    ctx.update({f"a{i + 1}": t for i, t in enumerate(shown)})
    for i, a in enumerate(args):
        if a.isdigit() and int(a) < 10:
            seat = int(a)
            ctx[f"name{i + 1}"] = names[seat] if seat < len(names) \
                else tr("label.seat_n", n=seat + 1)
    if args and args[0] in SUIT_SYMBOLS:
        ctx["suit"] = SUIT_SYMBOLS[args[0]]
    game = view.get("game", "")
    # exact keys first; then with ``N`` for each number of the code, so that a label with a
    # number (a bid's level) is written once for every number: ``code.bazar_belot.bid.N.S`` =
    # "{a1}♠" gives "17♠" for ``bid:17:S``
    generic = ["N" if a.isdigit() else a for a in parts]
    for keys in (parts, generic):
        for full in (f"code.{game}." + ".".join(keys), "code." + ".".join(keys)):
            if tr.catalogs.has(tr.lang, full) or tr.catalogs.has("en", full):
                return _filled(tr, full, ctx)
    key = f"code.{game}.{verb}" if tr.catalogs.has("en", f"code.{game}.{verb}") \
        else f"code.{verb}"
    template = tr.maybe(key, verb)
    if "{" in template:
        return _filled(tr, key, ctx)
    return " ".join([template, *shown])


def _filled(tr: Translator, key: str, ctx: dict[str, str]) -> str:
    """``key`` filled from ``ctx``; where the view lacks a value its template names (the meld
    of ``declare:best`` in a view without the mover's private facts), the key's ``.bare`` form
    without it, else the template with those fields left out: a label never shows ``{...}``."""
    text = tr(key, **ctx)
    if "{" not in text:
        return text
    if tr.catalogs.has("en", key + ".bare"):
        return tr(key + ".bare", **ctx)
    return _FIELD.sub("", text).strip(" :")


_FIELD = re.compile(r"\{\w+\}")


def _label_context(tr: Translator, view: Mapping[str, Any]) -> dict[str, str]:
    ctx: dict[str, str] = {}
    up = view["groups"].get("up_card") or []
    if up:
        ctx["up_card"] = card_text(up[0]["card"], tr)
        ctx["up_suit"] = SUIT_SYMBOLS.get(up[0]["card"][1], "")
    for f in list(view.get("facts", [])) + list(view.get("private", [])):
        if f["key"] == "trump":
            ctx["trump"] = SUIT_SYMBOLS.get(f["value"], f["value"])
        if f["key"] == "best_meld":
            ctx["best_meld"] = tr.maybe(f"val.{f['value']}", f["value"])
    return ctx


def taken_terms(tr: Translator, event: dict[str, Any], side: int) -> list[str]:
    """What a side writes beyond its own deal points in a match (Deberts): the declarer's
    points after a bait "bait +23" (DB-SCORE-3) and a pot won "pot +40" (DB-SCORE-5), so the
    line adds up to the sheet. Nothing for a short game, whose written nets are stakes (one of
    them below zero, DB-SHORT-6)."""
    sides = event["sides"]
    if any("written" not in s or "deal_points" not in s or s["written"] < 0 for s in sides):
        return []
    extra = sides[side]["written"] - sides[side]["deal_points"]
    if extra <= 0:
        return []
    pot = int(event.get("pot_awarded") or 0)
    pot = pot if len(sides) == 2 and extra >= pot else 0  # three players share it (DB-3P)
    terms = [f"{tr('score.bait_taken')} +{num(tr, extra - pot)}"] if extra > pot else []
    return terms + ([f"{tr('score.pot_taken')} +{num(tr, pot)}"] if pot else [])
