"""A deal's result in the game's own words, so that a player can redo the sum on paper.

``show.events.render_event`` lists what every game has (tricks, card points, melds); the games whose
sum needs more (Bazar-Belot's contract, rounding and contra, BB-SCORE; Berg's notes of why a row
was written, BERG-SCORE-7) get their lines here. Input: the ``deal_scored`` event and the score
sheet row the deal wrote (its ``note`` holds the contract or the reason).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.i18n import Translator
from bot.markup import escape, unescape
from bot.show.cells import CONTRACT_RE, card_points_text, cell_text, side_name, side_seats
from bot.show.common import TableInfo, card_text, localize_numbers, num, pair_words
from engine.bazar_belot.scoring import CAPOT, Contract, score_deal
from engine.berg.cards import value_half
from engine.cards import SUIT_SYMBOLS
from engine.married_bridge.scoring import NT_FIRST_TRICK, score_game, trick_value

MULTIPLIERS = {"": 1, "+": 2, "++": 4}
#: Married bridge contra marks (MB-SCORE-5, MB-SCORE-8).
MULTIPLIER_OF = {"": 1, "X": 2, "XX": 4}


def _contract(note: str, declarer: int) -> Contract | None:
    """The contract a Bazar-Belot sheet note names (BB-SHEET-3: ``14S+``, ``KNT``, ``K1H``)."""
    m = CONTRACT_RE.fullmatch(note)
    if not m:
        return None
    kapo, number, strain, marks = m.groups()
    level: int | str = {"K": "kapo", "K1": "kapo1"}[kapo] if kapo else int(number)
    return Contract(level, strain, MULTIPLIERS[marks], declarer % 2)


def contract_words(tr: Translator, cell: str) -> str:
    """A Bazar-Belot contract cell (BB-SHEET-3) in prose: ``16H+`` -> "16♥ contra", ``KNT``
    -> "kapo NT", ``K1H++`` -> "kapo on one hand ♥ recontra". The sheet keeps its codes
    (``cell_text``); a message reads as words. Anything else comes back as a cell."""
    m = CONTRACT_RE.fullmatch(cell)
    if not m:
        return cell_text(tr, cell)
    kapo, number, strain, marks = m.groups()
    words = [tr("val.kapo1" if kapo == "K1" else "val.kapo")] if kapo else []
    symbol = SUIT_SYMBOLS.get(strain)  # "16♥"; a strain word apart and in capitals, "112 БК"
    words.append(number + symbol if symbol else
                 " ".join(w for w in (number, tr.maybe(f"strain.{strain}", strain).upper()) if w))
    if marks:
        words.append(tr("bb.doubled" if marks == "+" else "bb.redoubled"))
    return " ".join(w for w in words if w)


def bazar_belot_lines(tr: Translator, info: TableInfo, event: dict[str, Any],
                      row: dict[str, Any],
                      rows: Sequence[dict[str, Any]] = (), *,
                      last_winner: int | None = None) -> list[str] | None:
    """The contract, whether it was made, and per pair the terms of what it writes: card points
    → big points (BB-SCORE-3), the contract value (times contra), the game value, melds and
    belas (BB-SCORE-5..10), their sum and the sheet's cell. None when the row names no
    contract (then the common lines are shown)."""
    declarer = event.get("declarer")
    if declarer is None:
        return None
    contract = _contract(str(row.get("note", "")), declarer)
    if contract is None:
        return None
    sides = event["sides"]
    cards = [int(s["card_points"]) for s in sides]
    tricks = [int(s["tricks"]) for s in sides]
    shown = [int(s.get("melds", 0)) for s in sides]  # melds, then bela apart: a reader
    belas = [int(s.get("bela", 0)) for s in sides]  # looks for melds where only bela was
    melds = [m + b for m, b in zip(shown, belas, strict=True)]

    def meld_terms(p: int, their: bool = False) -> list[str]:
        """``melds 14``, ``bela 2`` of pair ``p`` (what it scored of each), as terms."""
        key = "bb.their_" if their else "bb."
        return ([tr(key + "melds", n=shown[p])] if shown[p] else []) + \
            ([tr(key + "bela", n=belas[p])] if belas[p] else [])

    score = score_deal(contract, card_points=cards, tricks=tricks, melds=melds)
    d, o = contract.pair, 1 - contract.pair
    g, b, m = contract.game_value, contract.value, contract.multiplier
    outcome = tr("bb.made" if score.made else "bb.failed")
    lines = [tr("bb.contract", cell=contract_words(tr, str(row["note"])),
                name=escape(side_name(tr, info, d)),
                declarer=escape(info.names[declarer]), outcome=outcome)]
    if isinstance(contract.level, int):  # BB-SCORE-2: cards + 10 x melds against 10 x n
        taken = tr("bb.taken_cards", cards=card_points_text(tr, info, d, cards[d], last_winner))
        if shown[d]:
            taken += " + " + tr("bb.taken_melds", melds=shown[d])
        if belas[d]:
            taken += " + " + tr("bb.taken_bela", melds=belas[d])
        # small points here, big points in the pairs' lines: each says which (issue #20)
        lines.append(tr("bb.needed", level=contract.level, need=10 * contract.level,
                        got=cards[d] + 10 * melds[d], terms=taken))
        lines.append(tr("bb.big_points"))
    else:  # a kapo: all eight tricks, and how many the declarers took (BB-BID-5)
        lines.append(tr("bb.needed_kapo", n=tricks[d]))
    terms: list[list[str]] = [[], []]
    after = ["", ""]  # what a pair's line says after its sum

    def trick_term(p: int, big: int) -> str:
        if tricks[p] == 8:
            return tr("bb.capot", n=CAPOT)
        # the last trick's note is on the "needed" line already: said once (issue #20)
        return tr("bb.cards", small=num(tr, cards[p]), big=big)

    if m == 1 and score.made:  # BB-SCORE-5, BB-SCORE-6
        terms[d] = [tr("bb.value", n=b), trick_term(d, score.rounded)]
        if tricks[d] != 8:  # the complement of the declarers' share, as the paper has it
            # the game less the declarers' share; their own card points after it, apart
            terms[o] = [tr("bb.game_rest", game=g, rounded=score.rounded,
                           name=escape(side_name(tr, info, d)))]
            after[o] = " · " + tr("bb.small_cards",
                                  small=card_points_text(tr, info, o, cards[o], last_winner))
        terms[d] += meld_terms(d)
        terms[o] += meld_terms(o)
    else:  # BB-SCORE-7..10: one pair takes everything, the other is marked BT
        taker = d if score.made else o
        value = tr("bb.value", n=b) if m == 1 else tr("bb.value_times", m=m, n=b, total=m * b)
        game = tr("bb.capot", n=CAPOT) if tricks[taker] == 8 else tr("bb.game", n=g)
        terms[taker] = [value, game]
        terms[taker] += meld_terms(taker) + meld_terms(1 - taker, their=True)
    for p, side in enumerate(sides):
        name = escape(side_name(tr, info, p))
        sheet = f"{tr('score.sheet')}: {cell_text(tr, str(side['cell']))}"
        if score.bait[p]:
            lines.append(f"{name}: {cell_text(tr, 'BT')} = <b>0</b>")
        else:  # nothing to add up (BB-SCORE-6: no melds against a capot): the capot, the 0
            sum_ = " + ".join(terms[p]) + " = " if terms[p] else (
                tr("bb.no_trick", name=escape(side_name(tr, info, 1 - p))) + " = "
                if tricks[p] == 0 else "")
            lines.append(f"{name}: {sum_}<b>{num(tr, side['deal_points'])}</b>{after[p]} · "
                         f"{sheet}")
    return lines


#: A Berg sheet note (BERG-SCORE-7): ``<pair> <what>`` or ``tie``, pairs ``0-2`` / ``1-3``.
BERG_NOTE_RE = re.compile(r"(?:(0-2|1-3) )?(\S+)(?: (.*))?")


def berg_note(tr: Translator, info: TableInfo, note: str) -> str:
    """Why a Berg row was written, in players' words: the pair by its seats and captain, the
    declaration by its name (an opened hand by its player's name), cards drawn, numbers in the
    language's style (BERG-SCORE-7: ``0-2 win run RJ QH QD = 4.0``, ``1-3 open:2 -0.5``,
    ``tie``). Plain text (the sheet is escaped as a whole)."""
    m = BERG_NOTE_RE.fullmatch(note)
    if not m:
        return note
    tag, what, rest = m.groups()
    # the pair by its seats as the lobby numbers them, and its players: "2+4 (Boris, Dave)"
    pair = pair_words(info, side_seats(info, 0 if tag == "0-2" else 1)) if tag else ""
    rest = rest or ""
    if what == "win" and rest.startswith("run "):
        cards, _, points = rest[4:].partition(" = ")
        shown = " + ".join(f"{card_text(c, tr)} {num(tr, value_half(c) / 2, pattern='0.0')}"
                           for c in cards.split())  # each card's value: the sum redone
        if " " not in cards:  # one card: its value is the points («Д♠ 1,5», not «= 1,5»)
            return tr("berg.note.win", pair=pair, points=shown)
        return tr("berg.note.win_run", pair=pair, cards=shown,
                  points=localize_numbers(tr, points))
    if what == "win":
        return tr("berg.note.win", pair=pair, points=localize_numbers(tr, rest))
    if what in ("tie", "surrender", "penalty"):
        return tr(f"berg.note.{what}", pair=pair)
    # a declaration and its cost: "<what> -<cost>"
    return tr("berg.note.declared", pair=pair, what=_declaration(tr, info, what),
              cost=localize_numbers(tr, rest))


def _declaration(tr: Translator, info: TableInfo, what: str) -> str:
    """A declaration of a Berg note (``dobor``, ``open:2``, ``fire``) by its name."""
    verb, _, arg = what.partition(":")
    if verb == "open" and arg.isdigit():
        return tr("berg.decl.open_one", name=info.names[int(arg)])
    return tr.maybe(f"berg.decl.{what.replace(':', '.')}", what)


def berg_lines(tr: Translator, info: TableInfo, event: dict[str, Any],
               row: dict[str, Any], rows: Sequence[dict[str, Any]] = (), *,
               last_winner: int | None = None) -> list[str]:
    """How a Berg deal ended (the row's note in words) and per pair every row it wrote that
    deal: the declarations' costs and the deal's own points, their sum (where there are two
    or more), and its total on the sheet (BERG-SCORE-5..7, BERG-DECL-2). ``rows``: the sheet
    rows of the deal (``row`` last); without them only the deal's own row is known."""
    rows = list(rows) or [row]
    note = escape(unescape(berg_note(tr, info, str(row.get("note", "")))))
    # read on after «Раздача N:» as other games' results do; the sheet keeps the capital
    lines: list[str] = [note[:1].lower() + note[1:]]

    def signed(x: float) -> str:
        return ("+" if x > 0 else "") + num(tr, x, pattern="0.0")

    for p, side in enumerate(event["sides"]):
        terms = []
        for r in rows[:-1]:  # the declarations this pair paid for (a row of the other: 0)
            m = BERG_NOTE_RE.fullmatch(str(r.get("note", "")))
            if float(r["points"][p]) and m:
                terms.append(f"{escape(_declaration(tr, info, m.group(2)))} "
                             f"{signed(float(r['points'][p]))}")
        points = float(side.get("written", side.get("deal_points", 0)))
        total = points + sum(float(r["points"][p]) for r in rows[:-1])
        # a sum of one term would say it twice («раздача +0,5 = +0,5»): the term is the total
        said = f"{', '.join(terms)}, {tr('berg.term.deal')} {signed(points)} = " if terms \
            else f"{tr('berg.term.deal')} "
        lines.append(f"{escape(side_name(tr, info, p))}: {said}<b>{signed(total)}</b>"
                     f" · {tr('score.sheet')}: {_total_text(tr, str(side['cell']))}")
    return lines


def _total_text(tr: Translator, cell: str) -> str:
    """A pair's total after the deal: the sheet's empty cell ``-`` (nothing written yet,
    BERG-SCORE-6) is a total of 0,0 in words; any other cell as the sheet shows it."""
    return num(tr, 0.0, pattern="0.0") if cell == "-" else cell_text(tr, cell)


#: A Married bridge sheet note (MB-SCORE-8): ``2HXX by seat 0, 8 tricks``.
MB_NOTE_RE = re.compile(r"(\S+) by seat (\d), (\d+) tricks")


def married_bridge_note(tr: Translator, info: TableInfo, note: str) -> str:
    """The contract, its declarer by name and his tricks, in the chat's language (plain
    text)."""
    m = MB_NOTE_RE.fullmatch(note)
    if not m:
        return note
    contract, seat, tricks = m.groups()
    return tr("mb.note", contract=tr.maybe(f"val.{contract}", contract),
              name=info.names[int(seat)], tricks=tr.plural("mb.tricks", int(tricks)))


def married_bridge_lines(tr: Translator, info: TableInfo, event: dict[str, Any],
                         row: dict[str, Any],
                         rows: Sequence[dict[str, Any]] = (), *,
                         last_winner: int | None = None) -> list[str] | None:
    """The contract and its declarer, the tricks he needed and took, and what each player
    writes and its running total (MB-SCORE-8)."""
    m = MB_NOTE_RE.fullmatch(str(row.get("note", "")))
    declarer = event.get("declarer")
    if not m or declarer is None:
        return None
    side = event["sides"][declarer]
    # "made" in the game's own word where it has one, as "not made" is said (MB-SCORE-2/4)
    outcome = tr.maybe(f"val.married_bridge.{event['outcome']}",
                       tr.maybe(f"val.{event['outcome']}", event["outcome"]))
    lines = [tr("mb.deal", contract=escape(tr.maybe(f"val.{m.group(1)}", m.group(1))),
                name=escape(info.names[declarer]),
                needed=tr.plural("mb.tricks", int(side["needed"])) if "needed" in side else "?",
                tricks=side["tricks"], outcome=outcome)]
    terms = _mb_terms(tr, m.group(1), int(side["tricks"]), declarer, info.names[declarer])
    for seat, s in enumerate(event["sides"]):
        # "on the sheet" is the running total, as in every other game; the sheet's own cell
        # is the deal's entry ("+480"), which the line has just given
        cell = num(tr, s["total"]) if "total" in s else escape(cell_text(tr, str(s["cell"])))
        if terms.get(seat):
            lines.append(f"{escape(info.names[seat])}: {terms[seat]} = <b>{num(tr, s['written'])}"
                         f"</b> · {tr('score.sheet')}: {cell}")
        else:
            lines.append(f"{escape(info.names[seat])}: <b>{num(tr, s['written'])}</b>"
                         f" · {tr('score.sheet')}: {cell}")
    return lines


#: A Married bridge contract (MB-SCORE-8): level, strain, contra marks.
MB_CONTRACT_RE = re.compile(r"([1-7])(C|D|H|S|NT)(X{0,2})")


def _mb_terms(tr: Translator, contract: str, tricks: int, declarer: int, name: str
              ) -> dict[int, str]:
    """Per seat, the sum behind what it writes (MB-SCORE-2..5), led by what it counts so
    that each step adds up to the figure the line ends with: the declarer's "9 tricks:
    40 + 30 × 8 = 280, redoubled × 4" (a suit: "9 × 30"), the defender's whose undertricks
    he writes, "Boris 2 tricks short — 2 × 20 = 40, doubled × 2", a failed double "the double
    failed"; a seat writing 0 has none. ``name``: the declarer's display name (plain text)."""
    m = MB_CONTRACT_RE.fullmatch(contract)
    if not m:
        return {}
    level, strain, marks = int(m.group(1)), m.group(2), m.group(3)
    mult = MULTIPLIER_OF[marks]
    score = score_game(level=level, strain=strain, multiplier=mult, tricks=tricks)
    value = trick_value(strain)

    def times(base: int) -> str:  # "= 280, redoubled × 4": the last "=" is the caller's
        if mult == 1:
            return ""
        return f" = {base}, {tr('mb.contra' if mult == 2 else 'mb.recontra')} × {mult}"

    defender = 1 - declarer
    if not score.made:
        short = score.undertricks
        return {defender: f"{tr.plural('mb.undertricks', short, name=escape(name))} — "
                          f"{short} × {value}{times(short * value)}"}
    if strain == "NT":  # MB-SCORE-1: 40 for the first trick, 30 for each further one
        taken, base = f"{NT_FIRST_TRICK} + {value} × {tricks - 1}", \
            NT_FIRST_TRICK + value * (tricks - 1)
    else:
        taken, base = f"{tricks} × {value}", tricks * value
    terms = {declarer: f"{tr.plural('mb.tricks', tricks)}: {taken}{times(base)}"}
    if score.defender:  # MB-SCORE-3: the contra failed
        terms[defender] = tr("mb.contra_failed")
    return terms


#: Games whose deal result has lines of their own: (tr, info, event, sheet row) -> lines
#: (the first one says how the deal ended).
DEAL_LINES = {"bazar_belot": bazar_belot_lines, "berg": berg_lines,
              "married_bridge": married_bridge_lines}
#: Games whose sheet notes are worded by the bot: (tr, info, note) -> text.
NOTE_TEXT = {"berg": berg_note, "married_bridge": married_bridge_note}
