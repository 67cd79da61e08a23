"""Group messages for events worth their own message: deal results, throw-ins, melds shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.markup import Html, escape
from bot.show.cells import card_points_text, cell_text, side_name
from bot.show.common import TableInfo, card_text, counted, fact_label, num, taken_terms
from bot.show.deals import DEAL_LINES
from bot.show.sheet import notation_keys
from engine.cards import SUIT_SYMBOLS


def _bait_takers(event: dict[str, Any], side: int) -> list[int]:
    """The sides that took ``side``'s deal points in a bait (Deberts' BT: the defender writes
    them, DB-SCORE-3; with three players the two defenders share them, DB-3P-9): those that
    wrote more than their own points. Empty unless ``side`` is marked BT with points."""
    sides = event["sides"]
    if sides[side].get("cell") != "BT" or not sides[side].get("deal_points"):
        return []
    return [i for i, s in enumerate(sides) if i != side
            and "written" in s and s["written"] > s.get("deal_points", s["written"])]


#: The most lines of what a refresh's moves did that the table shows (the newest kept).
MOVE_LINES = 6


def move_lines(tr: Translator, info: TableInfo, events: Sequence[Mapping[str, Any]]
               ) -> list[str]:
    """What the moves of ``events`` did, one line per effect, for the group's table (Berg:
    BERG-INFO-3 makes every draw, pass and skip public): "7♣ (Boris): Vera takes 2 cards and
    misses her turn" for an attacking card (BERG-EFF-1..4, a frame's draws summed,
    BERG-FRAME-4, the up-card's too, BERG-DEAL-5), "Anna draws a card from the stock",
    "Anna passes". A forced draw split by a turnover counts once. Empty for other games."""
    if info.game != "berg":
        return []
    lines: list[str] = []
    placed = ""  # the card or frame whose effect follows, as shown
    forced: dict[int, int] = {}
    for e in events:
        kind = e["type"]
        if kind in ("deal", "play", "frame"):
            placed = placed_text(tr, info, e)
        elif kind == "drew" and e.get("forced"):
            forced[e["seat"]] = forced.get(e["seat"], 0) + int(e["count"])
        elif kind == "drew":
            lines.append(tr("berg.move.drew", name=info.names[e["seat"]]))
        elif kind == "passed":
            lines.append(tr("berg.move.passed", name=info.names[e["seat"]]))
        elif kind == "skipped":
            did = takes_text(tr, info.names[e["seat"]], forced.pop(e["seat"], 0))
            lines.append(f"{escape(upper_first(placed))}: {did}" if placed else did)
    return lines[-MOVE_LINES:]


def upper_first(text: str) -> str:
    """``text`` starting a line: its first letter a capital («Красный джокер (Борис): …»)."""
    return text[:1].upper() + text[1:]


def placed_text(tr: Translator, info: TableInfo, event: Mapping[str, Any]) -> str:
    """The Berg card or frame whose effect follows, as the table names it (plain text): "7♣
    (Boris)", "Frame 8♠ 8♥ 8♦ 8♣ (Boris)", the up-card of a ``deal`` event "Up-card 5♥"
    (BERG-DEAL-5); "" for any other event or a deal without an up-card."""
    kind = event["type"]
    if kind == "deal":
        up = (event.get("public") or {}).get("up_card") or []
        return tr("berg.move.up_card", card=card_text(up[0], tr)) if up else ""
    if kind == "play":
        return f"{card_text(event['card'], tr)} ({info.names[event['seat']]})"
    if kind == "frame":
        cards = " ".join(card_text(c, tr) for c in event["cards"])
        return f"{tr('code.frame')} {cards} ({info.names[event['seat']]})"
    return ""


def takes_text(tr: Translator, name: str, n: int) -> str:
    """What an attacking card did to the seat it skipped: "Vera takes 2 cards and misses her
    turn", or "Vera misses her turn" for no cards (BERG-EFF-1..4, BERG-TURN-3)."""
    return tr.plural("berg.move.takes", n, name=name) if n \
        else tr("berg.move.skipped", name=name)


#: Games whose last trick earns nothing (Married bridge, issue #20): their deal result does not
#: repeat it (the table shows the previous trick while the deal is played).
NO_LAST_TRICK_BONUS = frozenset({"married_bridge"})


def with_tie_reasons(events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` (``to_dict()`` form) with each ``deal_tied``'s reason folded into the
    ``deal_scored`` just before it, as ``render_event`` reads it (``reason``; Berg,
    BERG-TIE-1, -2, -10). The events themselves are not changed."""
    out: list[dict[str, Any]] = []
    for e in events:
        if e["type"] == "deal_tied" and out and out[-1]["type"] == "deal_scored":
            out[-1] = {**out[-1], "reason": e["reason"]}
        out.append(e)
    return out


def render_event(tr: Translator, info: TableInfo, event: dict[str, Any], *,
                 last_trick: dict[str, Any] | None = None,
                 row: dict[str, Any] | None = None,
                 sheet_rows: Sequence[Mapping[str, Any]] = (),
                 last_winner: int | None = None,
                 played: Mapping[str, Any] | None = None,
                 next_deal: bool = False) -> str | None:
    """A group message for an event worth its own message, else None.

    Deal results (with the deal's last trick, whose cards are all played; ``row``: the score
    sheet row the deal wrote, for the games that explain it, bot/show/deals.py; else found
    in ``sheet_rows``, the sheet's rows, whose rows of the deal are all shown where a game
    writes several, Berg's declarations), throw-ins, and the melds a comparison winner shows
    (public by DB-MELD-7 / DB-PLAY-8). ``last_winner``: the seat that took the deal's last
    trick, when ``last_trick`` is not given (a deal record lists the tricks itself): the card
    points of its side say they hold the last trick's bonus (BEL-LAST-2). ``played``: the
    ``play`` (or Berg's ``frame``) event of the move that ended the deal, where a game says who
    went out and with which card (``event.<game>.went_out``: Berg's "Gleb goes out: J♠",
    "Gleb goes out with a frame: K♠ K♥ red joker black joker", BERG-SCORE-1).
    ``next_deal``: the next deal follows in the same move, its table posted in place of this
    deal's, so a game whose result leaves out the last trick (``NO_LAST_TRICK_BONUS``) tells it
    all the same, without a bonus ("Last trick: Anna 5♠, Boris 7♥ → Anna", MB-PLAY-8).
    """
    kind = event["type"]
    if kind == "stake" and event.get("call") == "dave:concede":  # the deal ends unplayed
        return tr("event.dave_conceded", name=escape(info.names[event["seat"]]),
                  stake=event.get("stake", ""))
    if kind == "thrown_in":
        who = escape(info.names[event["seat"]]) if event.get("seat") is not None else ""
        cards = " ".join(card_text(c, tr) for c in event.get("cards", []))
        return tr.maybe(f"event.thrown_in.{event['reason']}", event["reason"],
                        name=who, cards=cards)
    if kind == "claim":  # the match ends in the deal, which gets no row (DB-MOS-15, DB-SHEET-5)
        return tr("event.claim", name=escape(info.names[event["seat"]]),
                  before=num(tr, event["total"] - event["points"]),
                  points=num(tr, event["points"]), total=num(tr, event["total"]))
    if kind == "melds_shown":
        melds = ", ".join(
            tr.maybe("val." + str(m["kind"]), str(m["kind"])) + " "
            + " ".join(card_text(c, tr) for c in m.get("cards", []))
            + f" ({m.get('points', '')})" for m in event.get("melds", []))
        said = {"name": escape(info.names[event["seat"]]), "melds": melds}
        return counted(tr, "event.melds_shown", len(event.get("melds", [])),
                       tr("event.melds_shown", **said), **said)
    if kind == "deal_scored":
        deal_rows = [dict(r) for r in sheet_rows if r.get("deal") == event.get("deal")]
        row = row or (deal_rows[-1] if deal_rows else None)
        if last_trick:
            last_winner = int(last_trick["winner"])
        own = DEAL_LINES[info.game](tr, info, event, row, deal_rows, last_winner=last_winner) \
            if row and info.game in DEAL_LINES else None
        word = str(event["outcome"])  # a game's own word first ("made" says what, in Deberts)
        outcome = own[0] if own else tr.maybe(f"val.{info.game}.{word}",
                                              tr.maybe(f"val.{word}", word))
        lines = [tr("event.deal_scored", n=event["deal"], outcome=outcome)]
        went_out = f"event.{info.game}.went_out"
        if played and event["outcome"] == "win" and tr.catalogs.has("en", went_out):
            name = escape(info.names[played["seat"]])
            if played["type"] == "frame":  # the frame's cards in the order laid, the last on top
                cards = " ".join(card_text(c, tr) for c in played["cards"])
                lines.append(tr(f"{went_out}.frame", name=name, cards=cards))
            else:
                lines.append(tr(went_out, name=name, card=card_text(played["card"], tr)))
        tied = f"event.{info.game}.tie.{event.get('reason') or ''}"
        if event["outcome"] == "tie" and event.get("reason") and tr.catalogs.has("en", tied):
            # why: the stock ran out, or a fifth turnover was due; and the card that made a
            # player draw, which the next deal's table never showed (BERG-TIE-1, -2, -10)
            if played:
                lines.append(tr(f"event.{info.game}.tie_move",
                                name=escape(info.names[played["seat"]]),
                                card=" ".join(card_text(c, tr) for c in played.get(
                                    "cards", [played.get("card")]))))
            lines.append(tr(tied))
        if event.get("trump") and not own:  # the next deal's table no longer shows it
            lines.append(f"{fact_label(tr, info, 'trump')}: "
                         f"{SUIT_SYMBOLS.get(str(event['trump']), str(event['trump']))}")
        if event.get("declarer") is not None and not own:
            lines.append(f"{fact_label(tr, info, 'declarer')}: "
                         f"{escape(info.names[event['declarer']])}")
        if last_trick and (next_deal or info.game not in NO_LAST_TRICK_BONUS):
            cards = ", ".join(f"{escape(info.names[p])} {card_text(c, tr)}"
                              for p, c in last_trick["cards"])
            name = escape(info.names[last_trick["winner"]])
            key = f"score.{info.game}.last_trick" if info.game in NO_LAST_TRICK_BONUS \
                else "score.last_trick"
            lines.append(tr(key, cards=Html(cards), name=name))
        if own:
            return "\n".join(lines + own[1:])
        for side_index, side in enumerate(event["sides"]):
            parts = []
            if "tricks" in side:
                parts.append(f"{tr('score.tricks')} {num(tr, side['tricks'])}")
            if "card_points" in side:
                cards = card_points_text(tr, info, side_index, side["card_points"], last_winner)
                parts.append(f"{tr('score.cards')} {cards}")
            if side.get("melds"):
                parts.append(f"{tr('score.melds')} {num(tr, side['melds'])}")
            if side.get("melds_lost"):  # a comparison won without a trick (DB-MELD-8)
                parts.append(tr("score.melds_lost", n=num(tr, side["melds_lost"])))
            if side.get("bela"):
                parts.append(f"{tr('call.bela')} {num(tr, side['bela'])}")
            taken = taken_terms(tr, event, side_index)
            parts += taken
            line = f"{escape(side_name(tr, info, side_index))}: " + ", ".join(parts)
            if "deal_points" in side:
                total = side["written"] if taken else side["deal_points"]
                if len(parts) > 1 or total != side.get("card_points"):  # a sum, not one term
                    line += f" = <b>{num(tr, total)}</b>"
            takers = _bait_takers(event, side_index)
            if takers:  # a bait: his points went to the other players (DB-SCORE-3)
                names = ", ".join(escape(side_name(tr, info, t)) for t in takers)
                line += " · " + tr("score.bait_goes", names=Html(names))
            if "cell" in side:
                line += f" · {tr('score.sheet')}: {escape(cell_text(tr, str(side['cell'])))}"
            lines.append(line)
        if event.get("pot_awarded"):
            lines.append(tr("score.pot_awarded", pot=event["pot_awarded"]))
        if event.get("pot"):
            lines.append(tr("score.pot_now", pot=num(tr, event["pot"])))
        lines += notation_keys(tr, (str(side.get("cell", "")) for side in event["sides"]))
        return "\n".join(lines)
    return None
