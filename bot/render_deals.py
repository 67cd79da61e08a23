"""A deal's result in the game's own words, so that a player can redo the sum on paper.

``render.render_event`` lists what every game has (tricks, card points, melds); the games whose
sum needs more (Bazar-Belot's contract, rounding and contra, BB-SCORE; Berg's notes of why a row
was written, BERG-SCORE-7) get their lines here. Input: the ``deal_scored`` event and the score
sheet row the deal wrote (its ``note`` holds the contract or the reason).
"""

from __future__ import annotations

from html import escape
from typing import Any

from bot.i18n import Translator
from bot.render import CONTRACT_RE, TableInfo, cell_text, num, side_name
from engine.bazar_belot.scoring import CAPOT, Contract, score_deal

MULTIPLIERS = {"": 1, "+": 2, "++": 4}


def _contract(note: str, declarer: int) -> Contract | None:
    """The contract a Bazar-Belot sheet note names (BB-SHEET-3: ``14S+``, ``KNT``, ``K1H``)."""
    m = CONTRACT_RE.fullmatch(note)
    if not m:
        return None
    kapo, number, strain, marks = m.groups()
    level: int | str = {"K": "kapo", "K1": "kapo1"}[kapo] if kapo else int(number)
    return Contract(level, strain, MULTIPLIERS[marks], declarer % 2)


def bazar_belot_lines(tr: Translator, info: TableInfo, event: dict[str, Any],
                      row: dict[str, Any]) -> list[str] | None:
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
    melds = [int(s.get("melds", 0)) + int(s.get("bela", 0)) for s in sides]
    score = score_deal(contract, card_points=cards, tricks=tricks, melds=melds)
    d, o = contract.pair, 1 - contract.pair
    g, b, m = contract.game_value, contract.value, contract.multiplier
    outcome = tr("bb.made" if score.made else "bb.failed")
    lines = [tr("bb.contract", cell=cell_text(tr, str(row["note"])),
                name=escape(side_name(info, d)),
                declarer=escape(info.names[declarer]), outcome=outcome)]
    if isinstance(contract.level, int):  # BB-SCORE-2: cards + 10 x melds against 10 x n
        lines.append(tr("bb.needed", need=10 * contract.level, cards=cards[d],
                        melds=10 * melds[d], got=cards[d] + 10 * melds[d]))
    terms: list[list[str]] = [[], []]

    def trick_term(p: int, big: int) -> str:
        if tricks[p] == 8:
            return tr("bb.capot", n=CAPOT)
        return tr("bb.cards", small=cards[p], big=big)

    if m == 1 and score.made:  # BB-SCORE-5, BB-SCORE-6
        terms[d] = [tr("bb.value", n=b), trick_term(d, score.rounded)]
        if tricks[d] != 8:
            terms[o] = [trick_term(o, g - score.rounded)]
        terms[d] += [tr("bb.melds", n=melds[d])] if melds[d] else []
        terms[o] += [tr("bb.melds", n=melds[o])] if melds[o] else []
    else:  # BB-SCORE-7..10: one pair takes everything, the other is marked BT
        taker = d if score.made else o
        value = tr("bb.value", n=b) if m == 1 else tr("bb.value_times", m=m, n=b, total=m * b)
        game = tr("bb.capot", n=CAPOT) if tricks[taker] == 8 else tr("bb.game", n=g)
        terms[taker] = [value, game]
        terms[taker] += [tr("bb.melds", n=melds[taker])] if melds[taker] else []
        terms[taker] += [tr("bb.their_melds", n=melds[1 - taker])] if melds[1 - taker] else []
    for p, side in enumerate(sides):
        name = escape(side_name(info, p))
        sheet = f"{tr('score.sheet')}: {cell_text(tr, str(side['cell']))}"
        if score.bait[p]:
            lines.append(f"{name}: {cell_text(tr, 'BT')} = <b>0</b>")
        else:
            sum_ = " + ".join(terms[p]) or "0"
            lines.append(f"{name}: {sum_} = <b>{num(tr, side['deal_points'])}</b> · {sheet}")
    return lines


#: Games whose deal result has lines of their own: (tr, info, event, sheet row) -> lines.
DEAL_LINES = {"bazar_belot": bazar_belot_lines}
