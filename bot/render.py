"""Rendering engine views and events into ``Screen``s: the same code for every game.

Group messages are rendered only from ``public_view()``, the score sheet and events (all public);
a hand only from ``view(seat)`` of its holder (STYLE.md "what we take" 4). Texts are HTML in
Telegram's subset; every name is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from babel.numbers import format_decimal

from bot.i18n import Translator
from bot.markup import Html, escape, unescape
from bot.model import ActData, Button, ExpandData, LobbyData, Screen
from engine.cards import RANKS, SUIT_SYMBOLS, display, is_card_code

CARDS_PER_ROW = 5
#: The bot players a lobby can add (engine.ai.LEVELS).
BOT_LEVELS = ("easy", "normal", "strong")
#: Telegram allows 100 buttons; beyond this many codes, choices open in a second step.
MAX_BUTTONS = 40
#: A numeric ladder with more choices than this is cut: its lowest ``LADDER_DIRECT`` levels
#: (the common bids) are shown at once, the rest in ranges of ``LADDER_RANGE`` levels, each
#: opening a page with every bid of its levels: any bid takes two taps at most.
LADDER_PAGE = 15
LADDER_DIRECT = 2
LADDER_RANGE = 5
#: Bids of one level share a row (six strains in Bazar-Belot).
LADDER_ROW = 6
#: A contract cell of a sheet (BB-SHEET-3): kapo mark, number, strain, contra marks.
CONTRACT_RE = re.compile(r"(K1|K)?(\d*)(NT|AT|S|H|D|C)(\+{0,2})")
#: The awarded score in a belote result line: "Result: A wins, 501 : 500".
AWARDED_RE = re.compile(r"wins(?: by claim)?, (-?[\d.]+(?: : -?[\d.]+)+)$")
RANGE_RE = re.compile(r"([a-z_]+):(\d+)\.\.(\d+)")
#: A card with this many codes or more (a Berg jack's orders, a queen's suits) opens them in a
#: second step, however few codes there are; a card and its bela stay side by side.
ORDER_CHOICES = 3
#: Labels this short share a row (suits, levels, short words).
SHORT_LABEL = 12


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


def bot_name(tr: Translator, level: str | None, seat: int | None = None) -> str:
    """How a bot player is named at the table: "🤖 normal"; with ``seat`` (0-based) the seat
    number as the lobby counts seats (1-based) follows: "🤖 normal 2"."""
    name = "🤖 " + tr.maybe(f"level.{level}", str(level))
    return name if seat is None else f"{name} {seat + 1}"


def seat_names(tr: Translator, seats: Sequence[tuple[str | None, str | None]]) -> tuple[str, ...]:
    """Each seat's display name from ``(player's name or None, bot level or None)`` per seat
    (in seat order). A seat with no player is a bot; when several seats are bots each gets
    its seat number ("🤖 normal 2", "🤖 normal 4") so bids, sheets and results tell them apart."""
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
    if kind == "text":
        return tr.maybe(f"val.{value}", str(value))
    return str(value)


def fact_label(tr: Translator, info: TableInfo, key: str) -> str:
    """A fact's label: the game's own word (``fact.<game>.<key>``) before the common one."""
    return tr.maybe(f"fact.{info.game}.{key}", tr.maybe(f"fact.{key}", key))


def render_facts(tr: Translator, info: TableInfo, facts: Sequence[dict[str, Any]]) -> list[str]:
    """One line per fact: ``Trump: ♥``, ``Alice: declared fifty``."""
    lines = []
    for f in facts:
        label = fact_label(tr, info, f["key"])
        value = _value(tr, info, f.get("kind", "text"), f["value"])
        line_key = f"fact.{info.game}.{f['key']}.line"  # a game's own word order
        if f.get("seat") is not None and tr.catalogs.has("en", line_key):
            lines.append(tr(line_key, name=escape(info.names[f["seat"]]), value=value))
        elif f.get("seat") is not None:
            lines.append(f"{escape(info.names[f['seat']])}: {label} {value}")
        else:
            lines.append(f"{label}: {value}")
    return lines


def _group(tr: Translator, info: TableInfo, name: str, cards: Sequence[dict[str, Any]]) -> str:
    label = tr.maybe(f"group.{name}", name)
    parts = []
    for c in cards:
        if c.get("seat") is None:
            parts.append(card_text(c["card"], tr))
        else:
            parts.append(f"{escape(info.names[c['seat']])} {card_text(c['card'], tr)}")
    return f"{label}: " + (", ".join(parts) if parts else "—")


def side_names(info: TableInfo, view: dict[str, Any]) -> list[str]:
    """Display name of each side: its players' names joined (plain text)."""
    return [", ".join(info.names[s] for s in side["seats"]) for side in view["sides"]]


def deal_number(view: dict[str, Any]) -> int:
    """The deal's number as the score sheet writes it: the engine's ``sheet_deal`` (a game may
    write several rows for one deal, Berg's declarations, BERG-SCORE-7; thrown-in deals get
    none, DB-SHEET-6), never a count of the sheet's rows."""
    return int(view.get("sheet_deal", view.get("deal", 0)))


def _header(tr: Translator, info: TableInfo, view: dict[str, Any]) -> list[str]:
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


def num(tr: Translator, x: float | int, *, pattern: str = "0.#") -> str:
    """A number of points in the language's style (Babel's locale data): whole numbers plain,
    half-points with its decimal sign (Russian and Ukrainian ``3,5``, BERG-SCORE-7); ``pattern``
    ``0.0`` keeps one decimal (Berg's cells, ``4,0``)."""
    return format_decimal(x, format=pattern, locale=tr.lang)


#: A number as the engine writes it in a sheet cell or a line (``4.0``, ``-0.5``, ``12``).
NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")


def localize_numbers(tr: Translator, text: str) -> str:
    """Every number of an engine-written text (``13.5 - 8.0``, ``3.5``) with the language's
    decimal sign, keeping its decimals."""
    def one(m: re.Match[str]) -> str:
        digits = m.group(0)
        decimals = len(digits.split(".")[1]) if "." in digits else 0
        return num(tr, float(digits) if decimals else int(digits),
                    pattern="0." + "0" * decimals if decimals else "0")
    return NUMBER_RE.sub(one, text)


def _turn_line(tr: Translator, info: TableInfo, view: dict[str, Any]) -> str:
    if view["to_move"] is None:
        return tr("table.over")
    return "▶ " + tr("table.to_move", name=escape(info.names[view["to_move"]]))


def _calls_line(tr: Translator, info: TableInfo, view: dict[str, Any]) -> str | None:
    calls = view.get("calls") or []
    if not calls:
        return None
    parts = [f"{escape(info.names[c['seat']])} "
             f"{tr.maybe('said.' + c['call'].replace(':', '.'), code_label(tr, c['call'], view))}"
             for c in calls]
    return f"{tr('table.calls')}: " + ", ".join(parts)


def render_table(tr: Translator, info: TableInfo, view: dict[str, Any]) -> Screen:
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
        lines.append(_group(tr, info, name, cards))
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


def code_label(tr: Translator, code: str, view: dict[str, Any]) -> str:
    """Button text for an action code, game-agnostic.

    ``play:<card>[:<word>]`` shows the card (and the word, e.g. bela, or the order it names).
    Otherwise the catalog's ``code.<verb>.<args>`` if present, else ``code.<verb>`` followed by
    the arguments (cards and suits drawn, other words translated as ``arg.<word>``).
    Templates may use ``{a1}``, ``{a2}``, ``{suit}``, ``{up_card}``, ``{up_suit}``, ``{trump}``
    and ``{best_meld}``.
    """
    parts = code.split(":")
    verb, args = parts[0], parts[1:]
    if verb == "play" and args:
        text = card_text(args[0], tr)
        for extra in args[1:]:
            if tr.catalogs.has("en", f"call.{extra}"):  # a word said with the card (bela)
                text += " " + tr(f"call.{extra}")
            else:  # what the card orders (a rank, a suit, the joker)
                text += " → " + _arg_text(tr, extra)
        return text
    ctx = _label_context(tr, view)
    shown = [_arg_text(tr, a) for a in args]
    ctx.update({f"a{i + 1}": t for i, t in enumerate(shown)})
    if args and args[0] in SUIT_SYMBOLS:
        ctx["suit"] = SUIT_SYMBOLS[args[0]]
    game = view.get("game", "")
    for full in (f"code.{game}." + ".".join(parts), "code." + ".".join(parts)):
        if tr.catalogs.has(tr.lang, full) or tr.catalogs.has("en", full):
            return tr(full, **ctx)
    key = f"code.{game}.{verb}" if tr.catalogs.has("en", f"code.{game}.{verb}") \
        else f"code.{verb}"
    template = tr.maybe(key, verb)
    if "{" in template:
        return tr(key, **ctx)
    return " ".join([template, *shown])


def _label_context(tr: Translator, view: dict[str, Any]) -> dict[str, str]:
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


#: Ladder order of the last argument of a bid: suits from the lowest, then no-trumps, all-trumps.
STRAIN_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "AT": 5}


def _strain_order(code: str) -> tuple[int, str]:
    last = code.rsplit(":", 1)[-1]
    return (STRAIN_ORDER.get(last, 9), code)


def _rows(buttons: Sequence[Button], width: int) -> list[tuple[Button, ...]]:
    return [tuple(buttons[i:i + width]) for i in range(0, len(buttons), width)]


def _arg_key(prefix: str) -> tuple[int, int, str]:
    """Sort key of a ladder prefix: numbers numerically, then words."""
    arg = prefix.split(":", 1)[1] if ":" in prefix else prefix
    return (0, int(arg), "") if arg.isdigit() else (1, 0, arg)


def select_codes(codes: Sequence[str], prefix: str) -> list[str]:
    """The codes a choice opens: ``verb:arg`` (that first argument) or ``verb:lo..hi`` (a range
    of numeric first arguments, for long ladders such as Bazar-Belot's 8 to 112)."""
    m = RANGE_RE.fullmatch(prefix)
    if m:
        verb, lo, hi = m.group(1), int(m.group(2)), int(m.group(3))
        return [c for c in codes if (p := c.split(":"))[0] == verb and len(p) > 1
                and p[1].isdigit() and lo <= int(p[1]) <= hi]
    return [c for c in codes if c == prefix or c.startswith(prefix + ":")]


def hand_buttons(
    tr: Translator,
    info: TableInfo,
    view: dict[str, Any],
    codes: Sequence[str],
    *,
    expanded: str | None = None,
) -> tuple[tuple[Button, ...], ...]:
    """Keyboard from legal codes, the same for every game (DESIGN.md "Views").

    Codes that share a verb and a first argument (``play:KH`` and ``play:KH:bela``; a jack and
    the ranks it may order; a bid level and its strains) form one choice. When all codes fit
    (``MAX_BUTTONS``) they are shown at once: cards in hand order, several per row, a ladder row
    per first argument, other codes one per row. When they do not fit, each multi-code choice
    becomes one button that opens its options, and a long numeric ladder is cut into ranges
    (``expanded`` is then the opened prefix, and a Back button returns to the whole keyboard).
    """
    if expanded:
        back = (Button(tr("button.back"), ExpandData(info.table_id, info.version, "")),)
        inner = _layout(tr, info, view, select_codes(codes, expanded), opened=expanded)
        return (*inner, back)
    return _layout(tr, info, view, codes)


def _layout(tr: Translator, info: TableInfo, view: dict[str, Any],
            codes: Sequence[str], opened: str = "") -> tuple[tuple[Button, ...], ...]:

    def btn(code: str) -> Button:
        return Button(code_label(tr, code, view), ActData(info.table_id, info.version, code))

    def more(prefix: str, label: str) -> Button:
        return Button(label + " …", ExpandData(info.table_id, info.version, prefix))

    hand = view.get("hand") or []
    order = {c: i for i, c in enumerate(hand)}
    groups: dict[str, list[str]] = {}
    for code in codes:
        parts = code.split(":")
        groups.setdefault(":".join(parts[:2]), []).append(code)
    collapse = len(codes) > MAX_BUTTONS

    def is_card_group(prefix: str) -> bool:
        parts = prefix.split(":")
        return len(parts) == 2 and is_card_code(parts[1], jokers=True)

    rows: list[tuple[Button, ...]] = []
    card_buttons: list[Button] = []
    for prefix in sorted((p for p in groups if is_card_group(p)),
                         key=lambda p: (order.get(p.split(":")[1], 99), p)):
        members = groups[prefix]
        if prefix != opened and ((collapse and len(members) > 1)
                                 or len(members) >= ORDER_CHOICES):
            card_buttons.append(more(prefix, card_text(prefix.split(":")[1], tr)))
        else:
            card_buttons += [btn(c) for c in members]
    rows += _rows(card_buttons, CARDS_PER_ROW)
    by_verb: dict[str, list[str]] = {}
    for prefix in groups:
        if not is_card_group(prefix):
            by_verb.setdefault(prefix.split(":")[0], []).append(prefix)
    for verb, prefixes in by_verb.items():
        ladder = sorted((p for p in prefixes
                         if len(groups[p]) > 1 or ":" in groups[p][0][len(p):]), key=_arg_key)
        if collapse and ladder:
            numeric = [p for p in ladder if _arg_key(p)[0] == 0]
            if len(numeric) > LADDER_PAGE:
                for p in numeric[:LADDER_DIRECT]:  # the common bids: one tap
                    rows += _rows([btn(c) for c in sorted(groups[p], key=_strain_order)],
                                  LADDER_ROW)
                expanders = []
                rest = numeric[LADDER_DIRECT:]
                for i in range(0, len(rest), LADDER_RANGE):
                    chunk = rest[i:i + LADDER_RANGE]
                    lo, hi = chunk[0].split(":")[1], chunk[-1].split(":")[1]
                    expanders.append(more(f"{verb}:{lo}..{hi}",
                                          f"{code_label(tr, chunk[0], view)}–{hi}"))
                expanders += [more(p, code_label(tr, p, view)) for p in ladder
                              if p not in numeric]
            else:
                expanders = [more(p, code_label(tr, p, view)) for p in ladder]
            rows += _rows(expanders, CARDS_PER_ROW)
        else:
            for p in ladder:
                rows += _rows([btn(c) for c in sorted(groups[p], key=_strain_order)],
                              LADDER_ROW)
        singles = [groups[p][0] for p in prefixes if p not in ladder]
        labels = [btn(c) for c in singles]
        if len(labels) > 1 and all(len(b.text) <= SHORT_LABEL for b in labels):
            rows += _rows(labels, CARDS_PER_ROW)
        else:
            rows += [(b,) for b in labels]
    return tuple(rows)


def out_of_play_line(tr: Translator, info: TableInfo, view: dict[str, Any]) -> str | None:
    """For a seat whose cards are out of play this deal (the fact ``out_of_play`` names it: the
    lone player's partner in Bazar-Belot's kapo on one hand, BB-BID-4, BB-PLAY-10), a plain line
    saying so and naming the partner who plays alone; else None."""
    seat = view.get("seat")
    if seat is None or not any(f["key"] == "out_of_play" and f["value"] == seat
                               for f in view.get("facts", ())):
        return None
    partner = next((s for side in view.get("sides", ()) if seat in side["seats"]
                    for s in side["seats"] if s != seat), None)
    name = escape(info.names[partner]) if partner is not None else "—"
    return "⛔ " + tr.maybe(f"hand.{info.game}.out_of_play", tr("hand.out_of_play", name=name),
                           name=name)


def render_hand(
    tr: Translator,
    info: TableInfo,
    view: dict[str, Any],
    codes: Sequence[str],
    *,
    expanded: str | None = None,
    auto: bool = False,
) -> Screen:
    """A player's private message from ``view(seat)`` and his legal codes.

    ``auto``: the bot plays this seat for its owner; the only button is "I'm back".
    """
    seat = view["seat"]
    # A seat waiting with nothing to press leaves out what every move changes (the trick,
    # whose move it is; the table message shows both): its hand message is then edited only
    # when its own content changes (issue #11: a move edits the mover's and the next hand).
    waiting = view["to_move"] is not None and view["to_move"] != seat and not codes
    title = tr.maybe(f"game.{info.game}", info.game)
    lines = [f"🃏 <b>{escape(title)}</b> · {escape(info.chat_title)} · "
             f"{tr('table.deal', n=deal_number(view))}"]
    out = out_of_play_line(tr, info, view)
    facts = view["facts"]
    if out:
        lines.append(out)  # it says what the table's "out of play" fact says, to this seat
        facts = [f for f in facts if not (f["key"] == "out_of_play" and f["value"] == seat)]
    lines += render_facts(tr, info, facts)
    for name in ("up_card", "bottom_card", "trick", "last_trick"):
        cards = view["groups"].get(name)
        if cards and not (waiting and name == "trick"):
            lines.append(_group(tr, info, name, cards))
    hand = " ".join(card_text(c, tr) for c in view.get("hand", []))
    lines.append(f"{tr('hand.your_cards')}: <b>{hand or '—'}</b>")
    lines += render_facts(tr, info, view.get("private", []))
    if view["phase"] == "play" and any(view.get("deal_points") or ()):
        pts = " · ".join(f"{escape(n)} {num(tr, p)}" for n, p in
                         zip(side_names(info, view), view["deal_points"], strict=True))
        lines.append(f"{tr('table.deal_points')}: {pts}")
    score = " · ".join(f"{escape(n)} {num(tr, t)}" for n, t in
                       zip(side_names(info, view), view["totals"], strict=True))
    lines.append(f"{tr('hand.score')}: {score}")
    if view["to_move"] == seat:
        lines.append("▶ <b>" + tr("hand.your_move") + "</b>")
    elif waiting:
        lines.append(tr("hand.waiting"))  # the same line whoever moves: no edit per move
    elif view["to_move"] is not None:
        lines.append(tr("table.to_move", name=escape(info.names[view["to_move"]])))
    else:
        lines.append(tr("table.over"))
    if auto:
        lines.append("🤖 " + tr("hand.auto"))
        back = Button(tr("button.back_to_seat"), ActData(info.table_id, info.version, "@back"))
        return Screen("\n".join(lines), ((back,),))
    return Screen("\n".join(lines), hand_buttons(tr, info, view, codes, expanded=expanded))


def cell_text(tr: Translator, cell: str) -> str:
    """A sheet cell for display: ``BT`` is translated (Russian ``БТ``), a contract cell such as
    ``14S+`` / ``KNT`` / ``K1H`` gets the language's strain letters (BB-SHEET-3), the rest is
    kept (``vs(81)``, ``313 [+81 vs]``)."""
    if cell == "BT":
        return tr("cell.BT")
    if NUMBER_RE.fullmatch(cell):  # Berg's "4.5": the language's decimal sign (BERG-SCORE-7)
        return localize_numbers(tr, cell)
    m = CONTRACT_RE.fullmatch(cell)
    if not m:
        return cell
    kapo, number, strain, marks = m.groups()
    text = (tr.maybe(f"cell.{kapo}", kapo) if kapo else "") + number
    text += tr.maybe(f"strain.{strain}", strain)
    if marks:
        text += tr.maybe("cell.mark_sep", "").replace("_", " ") + marks
    return text


def note_text(tr: Translator, info: TableInfo, note: str) -> str:
    """A sheet row's note for display: the game's own words where it has them (Berg's reasons,
    bot/render_deals.py), else as a cell (a contract, BB-SHEET-3). Plain text: the sheet is
    escaped as a whole."""
    from bot.render_deals import NOTE_TEXT  # the games' own words build on this module

    if info.game in NOTE_TEXT:  # built with the translator (escaped names): back to plain text
        return unescape(NOTE_TEXT[info.game](tr, info, note))
    return cell_text(tr, note)


#: The longest sheet text (a message holds 4096 characters; a line may precede the sheet).
SHEET_TEXT = 3000


def render_sheet(tr: Translator, info: TableInfo, sheet: dict[str, Any], *,
                 with_result: bool = True, limit: int = SHEET_TEXT) -> str:
    """The score sheet as a monospace table in the rules doc's notation (DB-SHEET, BB-SHEET).

    A game whose rows carry the contract in ``note`` names that column in its catalog
    (``sheet.note.<game>``, e.g. "Contract"); the totals follow the last row, since ``BT`` rows
    hide a side's total. A sheet longer than ``limit`` characters keeps its newest rows and
    says how many earlier ones the picture holds.
    """
    text = _sheet_text(tr, info, sheet, with_result=with_result)
    shown = len(sheet["rows"])
    while len(text) > limit and shown > 1:
        shown //= 2
        text = _sheet_text(tr, info, {**sheet, "rows": sheet["rows"][-shown:]},
                           with_result=with_result)
        text += "\n" + tr("rec.sheet_cut", n=len(sheet["rows"]) - shown)
    return text


def _sheet_text(tr: Translator, info: TableInfo, sheet: dict[str, Any], *,
                with_result: bool) -> str:
    note_header = tr.maybe(f"sheet.note.{info.game}", "")
    header = [tr("sheet.deal"), *side_names(info, sheet)] + ([note_header] if note_header else [])
    body = [[str(r["deal"])] + [cell_text(tr, str(c)) for c in r["cells"]]
            + ([note_text(tr, info, str(r.get("note", "")))] if note_header else [])
            for r in sheet["rows"]]
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    lines = [" | ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip()
             for row in [header, *body]]
    if sheet["rows"]:
        totals = " · ".join(f"{name} {num(tr, t)}" for name, t in
                            zip(side_names(info, sheet), sheet["totals"], strict=True))
        lines.append(unescape(tr("sheet.totals", totals=totals)))  # escaped with the rest
    if sheet.get("pot"):
        lines.append(tr("table.pot", pot=num(tr, sheet["pot"])))
    text = f"<b>{escape(tr.maybe(f'game.{info.game}', info.game))}</b>\n<pre>" \
           + escape("\n".join(lines)) + "</pre>"
    if sheet.get("result") and with_result:
        text += "\n" + result_line(tr, info, sheet)
    return text


def result_line(tr: Translator, info: TableInfo, sheet: dict[str, Any]) -> str:
    """``Result: Alice wins, 511 : 373`` in the chat's language.

    The score is the one the engine's line awards when it has the belote form ("... wins,
    501 : 500", DB-SHEET-5), else the running totals.
    """
    result = sheet["result"]
    winner = result.get("winner")
    m = AWARDED_RE.search(str(result["line"]))
    if m:  # the belote form already puts the winner's figure first
        score = localize_numbers(tr, m.group(1))
    else:
        # the winner's total first, as every game's notation writes it (DB-SHEET-5,
        # BERG-END-3 "13,5 - 8,0"); a game may name its own separator
        totals = list(sheet.get("totals", []))
        order = ([winner] if winner is not None else []) + \
            [i for i in range(len(totals)) if i != winner]
        score = tr.maybe(f"result.sep.{info.game}", " : ").join(
            num(tr, totals[i], pattern=tr.maybe(f"num.pattern.{info.game}", "0.#"))
            for i in order)
    if winner is None:
        # No single winner (short Deberts games settle in stakes, DB-SHORT-6; a drawn rubber):
        # each side with its total, signed.
        totals = sheet.get("totals", [])
        score = " · ".join(
            f"{name} {'+' if t > 0 else ''}{num(tr, t)}"
            for name, t in zip(side_names(info, sheet), totals, strict=False))
        return tr("result.none", score=escape(score))
    seats = sheet["sides"][winner]["seats"]
    name = ", ".join(info.names[s] for s in seats)
    # a pair wins in the plural ("X, Y win", "выигрывают X, Y")
    return tr("result.win.pair" if len(seats) > 1 else "result.wins",
              name=escape(name), score=escape(score))


def side_name(info: TableInfo, side: int) -> str:
    if info.sides and side < len(info.sides):
        return ", ".join(info.names[s] for s in info.sides[side])
    return info.names[side]


def render_event(tr: Translator, info: TableInfo, event: dict[str, Any], *,
                 last_trick: dict[str, Any] | None = None,
                 row: dict[str, Any] | None = None,
                 sheet_rows: Sequence[dict[str, Any]] = ()) -> str | None:
    """A group message for an event worth its own message, else None.

    Deal results (with the deal's last trick, whose cards are all played; ``row``: the score
    sheet row the deal wrote, for the games that explain it, bot/render_deals.py; else found
    in ``sheet_rows``, the sheet's rows, whose rows of the deal are all shown where a game
    writes several, Berg's declarations), throw-ins, and the melds a comparison winner shows
    (public by DB-MELD-7 / DB-PLAY-8).
    """
    kind = event["type"]
    if kind == "thrown_in":
        who = escape(info.names[event["seat"]]) if event.get("seat") is not None else ""
        cards = " ".join(card_text(c, tr) for c in event.get("cards", []))
        return tr.maybe(f"event.thrown_in.{event['reason']}", event["reason"],
                        name=who, cards=cards)
    if kind == "melds_shown":
        melds = ", ".join(
            tr.maybe("val." + str(m["kind"]), str(m["kind"])) + " "
            + " ".join(card_text(c, tr) for c in m.get("cards", []))
            + f" ({m.get('points', '')})" for m in event.get("melds", []))
        return tr("event.melds_shown", name=escape(info.names[event["seat"]]), melds=melds)
    if kind == "deal_scored":
        from bot.render_deals import DEAL_LINES  # the games' own lines build on this module

        deal_rows = [r for r in sheet_rows if r.get("deal") == event.get("deal")]
        row = row or (deal_rows[-1] if deal_rows else None)
        own = DEAL_LINES[info.game](tr, info, event, row, deal_rows) \
            if row and info.game in DEAL_LINES else None
        outcome = own[0] if own else tr.maybe(f"val.{event['outcome']}", event["outcome"])
        lines = [tr("event.deal_scored", n=event["deal"], outcome=outcome)]
        if event.get("declarer") is not None and not own:
            lines.append(f"{fact_label(tr, info, 'declarer')}: "
                         f"{escape(info.names[event['declarer']])}")
        if last_trick:
            cards = ", ".join(f"{escape(info.names[p])} {card_text(c, tr)}"
                              for p, c in last_trick["cards"])
            name = escape(info.names[last_trick["winner"]])
            # a game without a last-trick bonus (Married bridge) words it without one
            lines.append(tr.maybe(f"score.last_trick.{info.game}",
                                  tr("score.last_trick", cards=Html(cards), name=name),
                                  cards=Html(cards), name=name))
        if own:
            return "\n".join(lines + own[1:])
        for side_index, side in enumerate(event["sides"]):
            parts = []
            if "tricks" in side:
                parts.append(f"{tr('score.tricks')} {num(tr, side['tricks'])}")
            if "card_points" in side:
                parts.append(f"{tr('score.cards')} {num(tr, side['card_points'])}")
            if side.get("melds"):
                parts.append(f"{tr('score.melds')} {num(tr, side['melds'])}")
            if side.get("bela"):
                parts.append(f"{tr('call.bela')} {num(tr, side['bela'])}")
            taken = _taken_terms(tr, event, side_index)
            parts += taken
            line = f"{escape(side_name(info, side_index))}: " + ", ".join(parts)
            if "deal_points" in side:
                total = side["written"] if taken else side["deal_points"]
                line += f" = <b>{num(tr, total)}</b>"
            if "cell" in side:
                line += f" · {tr('score.sheet')}: {escape(cell_text(tr, str(side['cell'])))}"
            lines.append(line)
        if event.get("pot_awarded"):
            lines.append(tr("score.pot_awarded", pot=event["pot_awarded"]))
        if event.get("pot"):
            lines.append(tr("table.pot", pot=event["pot"]))
        return "\n".join(lines)
    return None


def _taken_terms(tr: Translator, event: dict[str, Any], side: int) -> list[str]:
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


def option_value(tr: Translator, key: str, value: Any) -> str:
    """An option's value in players' words (``optval.<key>.<value>``), or the value itself."""
    return tr.maybe(f"optval.{key}.{value}", str(value))


def render_lobby(
    tr: Translator,
    *,
    table_id: int,
    game: str,
    names: Sequence[str | None],
    options: dict[str, Any],
    choices: dict[str, list[Any]],
    min_players: int,
    max_players: int,
    closed: str | None = None,
    pairs: bool = False,
) -> Screen:
    """The lobby message: seats, options, and Join / Leave / Start / Cancel buttons.

    Args:
        names: one entry per seat so far (None for an empty seat); with ``pairs``, one per seat
            of the table, by seat number.
        min_players, max_players: how many may start the game.
        options: chosen option values; ``choices``: values the creator may cycle through.
        closed: a reason key (``lobby.cancelled``, ``lobby.started``) for a closed lobby.
        pairs: a pair game (``GameInfo.pairs_at``): the seats are laid out as two pairs,
            partners opposite (seats 1+3 against 2+4 as shown, 0+2 against 1+3 in the engine),
            and each free seat gets a button to take it or move to it.
    """
    title = escape(tr.maybe(f"game.{game}", game))
    lines = [f"🃏 <b>{title}</b> · {tr('lobby.title')}"]
    pair_seats = [list(range(p, len(names), 2)) for p in (0, 1)] if pairs else []
    for p, members in enumerate(pair_seats):
        shown = " · ".join(f"{s + 1}. {escape(n) if (n := names[s]) else '—'}" for s in members)
        lines.append(tr("lobby.pair", n=p + 1, seats=Html(shown)))
    for i, n in enumerate(names if not pairs else ()):
        lines.append(f"{i + 1}. {escape(n) if n else '—'}")
    for key, value in options.items():
        if key in choices:
            lines.append(f"{tr.maybe(f'opt.{key}', key)}: {option_value(tr, key, value)}")
    if closed:
        lines.append(tr(closed))
        return Screen("\n".join(lines))
    lines.append(tr("lobby.hint_pairs" if pairs else "lobby.hint", min=min_players,
                    max=max_players))
    rows: list[tuple[Button, ...]] = [
        (Button(tr("lobby.join"), LobbyData(table_id, "join")),
         Button(tr("lobby.leave"), LobbyData(table_id, "leave"))),
    ]
    for members in pair_seats:  # one row per pair: its free seats
        sit = tuple(Button(tr("lobby.sit", seat=s + 1), LobbyData(table_id, "sit", str(s)))
                    for s in members if names[s] is None)
        if sit:
            rows.append(sit)
    for key, values in choices.items():
        current = options.get(key)
        nxt = values[(values.index(current) + 1) % len(values)] if current in values else values[0]
        label = tr.maybe(f"opt.{key}", key)
        shown = f"{option_value(tr, key, current)} → {option_value(tr, key, nxt)}"
        rows.append((Button(f"{label}: {shown}",
                            LobbyData(table_id, "opt", f"{key}={nxt}"), foldable=True),))
    rows.append((*(Button("🤖+ " + tr.maybe(f"level.{level}", level),
                          LobbyData(table_id, "bot", level)) for level in BOT_LEVELS),
                 Button("🤖−", LobbyData(table_id, "unbot"))))
    rows.append((Button(tr("lobby.start"), LobbyData(table_id, "start")),
                 Button(tr("lobby.cancel"), LobbyData(table_id, "cancel"))))
    return Screen("\n".join(lines), tuple(rows))
