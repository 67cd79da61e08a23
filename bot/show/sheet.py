"""The score sheet in the rules' notation, its cells and the match's result line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from bot.i18n import Translator
from bot.markup import Html, escape, unescape
from bot.show.cells import CONTRACT_RE, cell_text
from bot.show.common import (
    TableInfo,
    game_text,
    num,
    pair_name,
    points,
    side_names,
)
from bot.show.deals import NOTE_TEXT

#: A hanging bait's cell (DB-SHEET-3, ``vs(81)``) and a pot won, in brackets (DB-SHEET-4,
#: ``313 [+81 vs]``): the rules' notation, kept, and said in words under the text.
HANGING_RE = re.compile(r"vs\((\d+)\)")
POT_WON_RE = re.compile(r"\[\+\d+ vs\]")

def notation_keys(tr: Translator, cells: Iterable[str]) -> list[str]:
    """What the rules' Deberts marks among ``cells`` mean, a line each (HTML): ``vs(81)`` (a
    hanging bait: equal points, the declarer's 81 hang until the next deal, DB-SCORE-4,
    DB-SHEET-3) and ``[+81 vs]`` (hung points won, DB-SHEET-4); [] when neither is there."""
    cells = list(cells)
    hanging = next((m for c in cells if (m := HANGING_RE.search(c))), None)
    keys = [tr("sheet.deberts.vs_key", n=hanging.group(1))] if hanging else []
    if any(POT_WON_RE.search(c) for c in cells):
        keys.append(tr("sheet.deberts.pot_key"))
    return keys


def note_text(tr: Translator, info: TableInfo, note: str) -> str:
    """A sheet row's note for display: the game's own words where it has them (Berg's reasons,
    bot/show/deals.py), else as a cell (a contract, BB-SHEET-3). Plain text: the sheet is
    escaped as a whole."""
    if info.game in NOTE_TEXT:  # built with the translator (escaped names): back to plain text
        return unescape(NOTE_TEXT[info.game](tr, info, note))
    return cell_text(tr, note)


#: The longest sheet text (a message holds 4096 characters; a line may precede the sheet).
SHEET_TEXT = 3000


def render_sheet(tr: Translator, info: TableInfo, sheet: Mapping[str, Any], *,
                 with_result: bool = True, limit: int = SHEET_TEXT) -> str:
    """The score sheet as a monospace table in the rules doc's notation (DB-SHEET, BB-SHEET).

    A game whose rows carry the contract in ``note`` names that column in its catalog
    (``sheet.note.<game>``, e.g. "Contract"); the totals follow the last row, since ``BT`` rows
    hide a side's total. A sheet longer than ``limit`` characters keeps its newest rows and
    says how many earlier ones the picture holds. A sheet with no row yet says that no deal
    was played to its end (``sheet.no_deals``) instead of a bare header.
    """
    if not sheet["rows"]:
        return f"{_title(tr, info)}\n{tr('sheet.no_deals')}"
    text = _sheet_text(tr, info, sheet, with_result=with_result)
    shown = len(sheet["rows"])
    while len(text) > limit and shown > 1:
        shown //= 2
        text = _sheet_text(tr, info, {**sheet, "rows": sheet["rows"][-shown:]},
                           with_result=with_result)
        cut = len(sheet["rows"]) - shown  # "(выше ещё 68 строк ...)", in the count's form
        text += "\n" + tr.plural("rec.sheet_cut", cut)
    return text


def _title(tr: Translator, info: TableInfo) -> str:
    """The sheet's heading: the game's name in bold."""
    return f"<b>{escape(tr.maybe(f'game.{info.game}', info.game))}</b>"


def _sheet_text(tr: Translator, info: TableInfo, sheet: Mapping[str, Any], *,
                with_result: bool) -> str:
    note_header = tr.maybe(f"sheet.note.{info.game}", "")
    header = [tr("sheet.deal"), *side_names(tr, info, sheet),
              *([note_header] if note_header else [])]
    body = [[str(r["deal"])] + [cell_text(tr, str(c)) for c in r["cells"]]
            + ([note_text(tr, info, str(r.get("note", "")))] if note_header else [])
            for r in sheet["rows"]]
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    lines = [" | ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip()
             for row in [header, *body]]
    if sheet["rows"]:
        lines.append(totals_line(tr, info, sheet))  # escaped with the rest
    if sheet.get("pot"):
        lines.append(tr("score.pot_now", pot=num(tr, sheet["pot"])))
    text = f"{_title(tr, info)}\n<pre>" + escape("\n".join(lines)) + "</pre>"
    for key in notation_keys(tr, (str(c) for r in sheet["rows"] for c in r["cells"])):
        text += "\n" + key
    key = legend(tr, info, sheet)
    if key:
        text += "\n" + escape(key)
    if sheet.get("result") and with_result and totals_winner(info, sheet) is None:
        text += "\n" + result_line(tr, info, sheet)
    return text


def legend(tr: Translator, info: TableInfo, sheet: Mapping[str, Any]) -> str:
    """The sheet's notation in words, plain text: ``Key: number — the bid in tens of points;
    S — spades ♠; K — kapo (all tricks); + — contra; BT — bait: ...`` for the codes this sheet
    uses (BB-SHEET-2, BB-SHEET-3), else "" (a game without contract cells, or no row yet)."""
    if info.game in NOTE_TEXT or not tr.maybe(f"sheet.note.{info.game}", ""):
        return ""
    strains: list[str] = []
    kapos: list[str] = []
    marks: list[str] = []
    for row in sheet["rows"]:
        m = CONTRACT_RE.fullmatch(str(row.get("note", "")))
        if m:
            kapo, _number, strain, mark = m.groups()
            for found, seen in ((strain, strains), (kapo, kapos), (mark, marks)):
                if found and found not in seen:
                    seen.append(found)
    cells = {str(c) for row in sheet["rows"] for c in row["cells"]}
    items = [tr("legend.number")] if strains else []
    items += [f"{cell_text(tr, s)} — {tr(f'legend.strain.{s}')}"
              for s in _ORDER if s in strains]
    items += [f"{tr(f'cell.{k}')} — {tr(f'legend.{k}')}" for k in ("K", "K1") if k in kapos]
    items += [f"{k} — {tr(f'legend.{k}')}" for k in ("+", "++") if k in marks]
    items += [f"{cell_text(tr, 'BT')} — {tr('legend.BT')}"] if "BT" in cells else []
    items += [tr("legend.-")] if "-" in cells else []  # the dash itself says it
    return tr("legend.title") + "; ".join(items) if items else ""


#: The strains in the order the legend names them (BB-SHEET-3).
_ORDER = ("S", "H", "D", "C", "NT", "AT")


#: The match target the engine's result line names (BB-SHEET-4: "... (target 301)").
TARGET_RE = re.compile(r"\(target (\d+)\)")


def totals_winner(info: TableInfo, sheet: Mapping[str, Any]) -> int | None:
    """The winning side when the totals line names it (Bazar-Belot's last line at the end of
    the match, BB-SHEET-4, with the target the engine's result names), else None: then the
    result line says who won."""
    result = sheet.get("result") or {}
    winner = result.get("winner")
    if info.game != "bazar_belot" or not isinstance(winner, int):
        return None
    return winner if TARGET_RE.search(str(result.get("line", ""))) else None


def totals_line(tr: Translator, info: TableInfo, sheet: Mapping[str, Any]) -> str:
    """``Totals: Anna, Vera 2,5 · Boris, Gleb -1,0`` as plain text, in the game's own number
    style (Berg keeps one decimal, BERG-SCORE-7); a pair named by the club's name has its
    players after it, "NS (Anna, Vera) 325", and Bazar-Belot's line names the winner at the
    end of the match, "— NS win (target 301)" (BB-SHEET-4)."""
    result = sheet.get("result") or {}
    # a result with no single winner (short Deberts' stakes, DB-SHORT-6) is signed: the totals
    # say "+1" as the result line does
    signed = bool(result) and result.get("winner") is None
    names = side_names(tr, info, sheet, players=True)
    totals = " · ".join(f"{name} {'+' if signed and t > 0 else ''}{points(tr, info.game, t)}"
                        for name, t in zip(names, sheet["totals"], strict=True))
    winner = totals_winner(info, sheet)
    target = TARGET_RE.search(str(result.get("line", "")))
    if winner is not None and target:
        return unescape(tr(f"sheet.totals.{info.game}.won", totals=totals, target=target[1],
                           pair=side_names(tr, info, sheet)[winner]))
    if signed:  # the stakes won and lost, not points (DB-SHORT-6)
        return unescape(tr("sheet.totals.stakes", totals=totals))
    return unescape(game_text(tr, info.game, "sheet.totals", totals=totals))


def result_score(tr: Translator, info: TableInfo, sheet: Mapping[str, Any]) -> str:
    """The figures of the result line, plain text: the winner's first, " : " between
    (``511 : 373``); with three players the others by name, highest first (``351 : Vera 300 :
    Boris 243``, DB-3P-11). See ``result_line``."""
    result = sheet["result"]
    winner = result.get("winner")
    figures = list(result.get("score") or sheet.get("totals", []))
    others = sorted((i for i in range(len(figures)) if i != winner), key=lambda i: -figures[i])
    if len(figures) > 2 and winner is not None:
        # the other totals would stand without names; the winner is named by the line itself
        names = side_names(tr, info, sheet)
        return " : ".join([points(tr, info.game, figures[winner])] + [
            f"{names[i]} {points(tr, info.game, figures[i])}" for i in others])
    order = ([winner] if winner is not None else []) + others
    return " : ".join(points(tr, info.game, figures[i]) for i in order)


def nets_text(tr: Translator, info: TableInfo, sheet: Mapping[str, Any]) -> str:
    """Each side with its result total, signed: "Alice +1 · Boris −1" (a result without a
    single winner: short Deberts games' stakes, DB-SHORT-6; a drawn rubber)."""
    figures = list(sheet["result"].get("score") or sheet.get("totals", []))
    return " · ".join(f"{name} {'+' if t > 0 else ''}{num(tr, t)}"
                      for name, t in zip(side_names(tr, info, sheet), figures, strict=False))


def result_line(tr: Translator, info: TableInfo, sheet: Mapping[str, Any]) -> str:
    """``Result: Alice wins — 511 : 373``, ``Result: Anna and Vera win — 400 : 245`` in the
    chat's language.

    The figures are the result's ``score`` (the engine's numbers: Deberts' awarded 501 : 500,
    DB-SHEET-5; elsewhere the final totals), the winner's first as every game's notation writes
    it (DB-SHEET-5, BERG-END-3), parted by " : " in every game (Berg too: a hyphen before a
    total below zero, "5,5 - −9,5", read as a subtraction): "Result: Boris and Dave take the
    berg — 5.5 : −0.5". With three players the others follow by
    name, highest total first ("Anna wins — 351 : Vera 300 : Boris 243"; the winner is named
    once).
    """
    result = sheet["result"]
    winner = result.get("winner")
    figures = list(result.get("score") or sheet.get("totals", []))
    score = result_score(tr, info, sheet)
    if winner is None:
        # No single winner (short Deberts games settle in stakes, DB-SHORT-6; a drawn rubber):
        # each side with its total, signed.
        score = nets_text(tr, info, sheet)
        # a stake game has the one side that won its stake (DB-SHORT-6): named
        up = [i for i, t in enumerate(figures) if t > 0]
        if info.game == "deberts" and len(up) == 1:
            return tr("result.stake", name=escape(side_names(tr, info, sheet)[up[0]]),
                      score=escape(score))
        return tr("result.none", score=escape(score))
    seats = sheet["sides"][winner]["seats"]
    if info.game == "berg" and len(seats) == 2:  # the pair that took the berg (BERG-END-1)
        return tr("result.berg", captain=info.names[seats[0]], partner=info.names[seats[1]],
                  score=escape(score))
    if info.game == "bazar_belot":  # the pair by the club's name and its players (BB-END-4)
        return tr("result.win.pair", name=pair_name(tr, info, seats, players=True),
                  score=escape(score))
    names = [info.names[s] for s in seats]
    # a pair's two players joined by the language's "and" ("Anna and Vera"), not a comma
    # chain the score would seem to continue; a pair wins in the plural ("побеждают")
    name = Html(tr("pair.and", first=", ".join(names[:-1]), second=names[-1])) \
        if len(names) > 1 else escape(names[0])  # the catalog escapes the names
    key = "result.win.pair" if len(seats) > 1 else "result.wins"
    if result.get("claim"):  # "wins by claim" (DB-SHEET-5), a total the sheet has no row for
        key = "result.wins.claim"
    said: dict[str, str] = {}
    if result.get("claim") and winner is not None:  # his total on the sheet + the deal's points
        before = sheet.get("totals", figures)[winner]
        said = {"before": points(tr, info.game, before),
                "points": points(tr, info.game, figures[winner] - before)}
    line = tr(key, name=name, score=escape(score), **said)
    if result.get("reason"):  # the rule that chose him, as the engine names it (DB-3P-12)
        line += " " + tr(f"result.{info.game}.{result['reason']}")
    return line
