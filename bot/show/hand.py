"""A player's hand message: his cards, what he knows, and buttons for exactly his legal moves
(long choices open in a second step).

This module renders a hand from a view and a list of codes (``render_hand``). The entry point
the bot calls is ``hand_screen`` in bot/show/display.py: it takes the seat's legal moves from
the match and adds the takeback lines and buttons (bot/show/takeback.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.markup import escape
from bot.model import ActData, Button, ExpandData, Screen
from bot.show.berg_hand import frame_button, frame_key, frame_label, no_move_line
from bot.show.common import (
    TableInfo,
    arg_order,
    card_text,
    code_label,
    counted,
    deal_number,
    game_text,
    group,
    num,
    render_facts,
    said_text,
    side_names,
    total_text,
)
from bot.show.melds_once import melds_said_once
from bot.show.table import QUIET_IN_AUCTION, calls_line
from bot.state.drastic import drastic_why
from engine.cards import is_card_code

CARDS_PER_ROW = 5
#: Telegram allows 100 buttons; beyond this many codes, choices open in a second step.
MAX_BUTTONS = 40
#: A numeric ladder of more levels than this is cut (Bazar-Belot's 8 to 112, BB-BID-7): the
#: first screen offers the ``LADDER_NEAR`` levels above the highest bid, the lowest
#: ``LADDER_DIRECT`` of them (the common bids) at once and the others as a level opening its
#: strains; every higher level sits behind one "N♠ and up" button per strain, opening that
#: strain's bids: any bid takes two taps at most, and no page holds more than 100 buttons
#: (Telegram's limit: 97 levels at most, 16 to 112).
LADDER_PAGE = 15
LADDER_DIRECT = 2
LADDER_NEAR = 8
#: Buttons per row of the "and up" buttons (their labels are longer than a bid's).
HIGHER_ROW = 3
#: Bids of one level share a row (six strains in Bazar-Belot).
LADDER_ROW = 6
#: A ladder of more bids than this (two full rows) is chosen in two steps however few codes
#: there are: first the level (calls such as pass and contra beside it, one tap), then the
#: strain (Married bridge's 35 bids: seven levels, then five strains).
LADDER_FLAT = 12
RANGE_RE = re.compile(r"([a-z_]+):(\d+)\.\.(\d+)(?::([A-Z]+))?")
#: A card with this many codes or more (a Berg jack's orders, a queen's suits) opens them in a
#: second step, however few codes there are; a card and its bela stay side by side.
ORDER_CHOICES = 3
#: Labels this short share a row (suits, levels, short words).
SHORT_LABEL = 12
#: Ladder order of the last argument of a bid: suits from the lowest, then no-trumps, all-trumps.
STRAIN_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4, "AT": 5}


def _order_arg(code: str) -> tuple[int, int, str]:
    """Sort key of a code by the order it ends in (a Berg jack frame's: ranks from the lowest,
    then the joker, as a jack's, BERG-EFF-7)."""
    return arg_order(code.rsplit(":", 1)[1])


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
    """The codes a choice opens: ``verb:arg`` (that first argument), ``verb:lo..hi`` (a range
    of numeric first arguments, for long ladders such as Bazar-Belot's 8 to 112) or
    ``verb:lo..hi:strain`` (that range in one strain, the last argument)."""
    m = RANGE_RE.fullmatch(prefix)
    if m:
        verb, lo, hi, strain = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        return [c for c in codes if (p := c.split(":"))[0] == verb and len(p) > 1
                and p[1].isdigit() and lo <= int(p[1]) <= hi
                and (strain is None or p[-1] == strain)]
    return [c for c in codes if c == prefix or c.startswith(prefix + ":")]


def hand_buttons(
    tr: Translator,
    info: TableInfo,
    view: Mapping[str, Any],
    codes: Sequence[str],
    *,
    expanded: str | None = None,
) -> tuple[tuple[Button, ...], ...]:
    """Keyboard from legal codes, the same for every game (docs/design.md "Views").

    Codes that share a verb and a first argument (``play:KH`` and ``play:KH:bela``; a jack and
    the ranks it may order; a bid level and its strains) form one choice. When all codes fit
    (``MAX_BUTTONS``) they are shown at once: cards in hand order, several per row, a ladder row
    per first argument, other codes one per row. When they do not fit, each multi-code choice
    becomes one button that opens its options, and a long numeric ladder is cut into ranges
    (``expanded`` is then the opened prefix, and a Back button returns to the whole keyboard).
    A ladder of more than ``LADDER_FLAT`` bids opens by level in any case.
    """
    if expanded:
        back = (Button(tr("button.back"), ExpandData(info.table_id, info.version, "")),)
        inner = _layout(tr, info, view, select_codes(codes, expanded), opened=expanded)
        return (*inner, back)
    return _layout(tr, info, view, codes)


def _layout(tr: Translator, info: TableInfo, view: Mapping[str, Any],
            codes: Sequence[str], opened: str = "") -> tuple[tuple[Button, ...], ...]:
    if RANGE_RE.fullmatch(opened):  # a page of levels: every bid on it, lowest first
        return tuple(_rows([btn_of(tr, info, view, c) for c in sorted(
            codes, key=lambda c: (int(c.split(":")[1]), _strain_order(c)))], LADDER_ROW))

    def btn(code: str) -> Button:
        return btn_of(tr, info, view, code)

    def plain(code: str, members: Sequence[str]) -> Button:
        """A card played without the word its sibling says (``play:QH`` beside
        ``play:QH:rebela``) says what it gives up, so no press drops a bela silently
        (BB-PLAY-11)."""
        words = [m.split(":")[2] for m in members if m.count(":") == 2
                 and tr.catalogs.has("en", f"call.without.{m.split(':')[2]}")]
        if code.count(":") != 1 or not words:
            return btn(code)
        label = f"{code_label(tr, code, view, info.names)} {tr(f'call.without.{words[0]}')}"
        return Button(label, ActData(info.table_id, info.version, code))

    def more(prefix: str, label: str) -> Button:
        return Button(label + " …", ExpandData(info.table_id, info.version, prefix))

    hand = shown_hand(view)
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
            # a jack's orders from the lowest rank, a queen's suits as the hand sorts them; the
            # card with its word (bela) before the card without it
            card_buttons += [plain(c, members) for c in sorted(
                members, key=lambda c: arg_order(c.split(":")[2]) if c.count(":") > 1
                else (4, 0, ""))]
    rows += _rows(card_buttons, CARDS_PER_ROW)
    by_verb: dict[str, list[str]] = {}
    for prefix in groups:
        if not is_card_group(prefix):
            by_verb.setdefault(prefix.split(":")[0], []).append(prefix)
    for verb, prefixes in by_verb.items():
        # Berg's jack frames open their orders (BERG-FRAME-3): named by the jack left on top
        # and in the other frames' order
        frames = verb == "frame" and info.game == "berg"
        ladder = sorted((p for p in prefixes
                         if len(groups[p]) > 1 or ":" in groups[p][0][len(p):]),
                        key=frame_key if frames else _arg_key)

        def opener(p: str, frames: bool = frames) -> Button:
            return more(p, frame_label(tr, info, view, p) if frames
                        else code_label(tr, p, view))

        by_arg = _order_arg if frames else _strain_order
        # a page already opened (a level, a range of levels) shows every bid it holds
        split = collapse or (not opened and sum(len(groups[p]) for p in ladder) > LADDER_FLAT)
        if split and ladder:
            numeric = [p for p in ladder if _arg_key(p)[0] == 0]
            if len(numeric) > LADDER_PAGE:
                for p in numeric[:LADDER_DIRECT]:  # the common bids: one tap
                    rows += _rows([btn(c) for c in sorted(groups[p], key=_strain_order)],
                                  LADDER_ROW)
                rows += _rows([more(p, code_label(tr, p, view))
                               for p in numeric[LADDER_DIRECT:LADDER_NEAR]], LADDER_ROW)
                rows += _rows(_higher(tr, info, view, verb, [
                    c for p in numeric[LADDER_NEAR:] for c in groups[p]]), HIGHER_ROW)
                expanders = [more(p, code_label(tr, p, view)) for p in ladder
                             if p not in numeric]
            else:
                expanders = [opener(p) for p in ladder]
            rows += _rows(expanders, 1 if frames else CARDS_PER_ROW)
        else:
            for p in ladder:
                buttons = [btn(c) for c in sorted(groups[p], key=by_arg)]
                if all(len(b.text) <= SHORT_LABEL for b in buttons):
                    rows += _rows(buttons, LADDER_ROW)
                elif p != opened and len(buttons) > 3:  # long labels cut off on a phone when
                    # five share a row: one button opens the strains (Bazar-Belot's kapo on one
                    # hand, BB-BID-4)
                    rows.append((opener(p),))
                else:  # a few long labels, one per row (Berg's "Open cards: Boris (−0.5)")
                    rows += _rows(buttons, 1)
        singles = [groups[p][0] for p in prefixes if p not in ladder]
        if verb == "order":  # an up-card's orders as a jack's: from the lowest rank (BERG-DEAL-6)
            singles.sort(key=lambda c: arg_order(c.split(":")[1]))
        if verb == "frame" and info.game == "berg":
            singles.sort(key=frame_key)
            labels = [frame_button(tr, info, view, c) for c in singles]
        else:
            labels = [btn(c) for c in singles]
        if len(labels) > 1 and all(len(b.text) <= SHORT_LABEL for b in labels):
            rows += _rows(labels, CARDS_PER_ROW)
        else:
            rows += [(b,) for b in labels]
    return tuple(rows)


def btn_of(tr: Translator, info: TableInfo, view: Mapping[str, Any], code: str) -> Button:
    """The button making ``code`` at the table's version, labelled as the code reads."""
    label = code_label(tr, code, view, info.names)
    if code == "declare:insure" and info.insurance_price:  # priced as the other declarations
        label += f" (−{num(tr, info.insurance_price, pattern='0.0')})"
    return Button(label, ActData(info.table_id, info.version, code))


def _higher(tr: Translator, info: TableInfo, view: Mapping[str, Any], verb: str,
            codes: Sequence[str]) -> list[Button]:
    """One button per strain of the higher bids ``codes`` (``verb:n:strain``), in ladder order:
    "16♠ and up…" opens that strain's bids from its lowest level to its highest."""
    by_strain: dict[str, list[int]] = {}
    for code in codes:
        _, level, strain = code.split(":")
        by_strain.setdefault(strain, []).append(int(level))
    buttons = []
    for strain in sorted(by_strain, key=lambda s: STRAIN_ORDER.get(s, 9)):
        lo, hi = min(by_strain[strain]), max(by_strain[strain])
        label = tr("button.bid_higher", bid=code_label(tr, f"{verb}:{lo}:{strain}", view))
        buttons.append(Button(label, ExpandData(info.table_id, info.version,
                                                f"{verb}:{lo}..{hi}:{strain}")))
    return buttons


def out_of_play_line(tr: Translator, info: TableInfo, view: Mapping[str, Any]) -> str | None:
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


def _last_word(tr: Translator, view: Mapping[str, Any], seat: int,
               codes: Sequence[str]) -> str:
    """Bazar-Belot's last word (the view's ``last_word``, BB-BID-18: three passes followed
    ``seat``'s highest bid and he is on turn again): what a pass, a raise and a change do (a
    new player took the bid list shown again for a call to outbid himself), each told only
    when ``codes`` (his legal calls) hold it: after a kapo bid a pass is all there may be.
    Empty otherwise."""
    if not view.get("last_word"):
        return ""
    bid = next((c for c in reversed(view.get("calls") or []) if c["call"] != "pass"), None)
    if bid is None or bid["seat"] != seat:
        return ""
    text = said_text(tr, bid["call"], view)
    strain = str(bid["call"]).rsplit(":", 1)[-1]
    # no suit in AT and NT: a raise is in all-trumps or no-trumps again
    own = f".{strain}" if strain in ("AT", "NT") else ""
    bids = [c.split(":") for c in codes if c.startswith("bid:")]
    raises = [b for b in bids if b[2] == strain]
    parts = [tr("hand.bazar_belot.last_word.pass", bid=text)] if "pass" in codes else []
    if any(b[1] != "kapo1" for b in raises):
        parts.append(tr(f"hand.bazar_belot.last_word.raise{own}"))
    elif raises:  # kapo on one hand is the only raise left over a kapo bid
        kapo = said_text(tr, ":".join(raises[0]), view)
        parts.append(tr("hand.bazar_belot.last_word.kapo1", kapo=kapo))
    if any(b[2] != strain for b in bids):
        parts.append(tr(f"hand.bazar_belot.last_word.change{own}"))
    return f"{tr('hand.bazar_belot.last_word', bid=text)} {'; '.join(parts)}."


def _auction_prompt(tr: Translator, info: TableInfo, view: Mapping[str, Any],
                    codes: Sequence[str]) -> str:
    """What the seat to call may do, for a game whose catalog has the lines (Married bridge):
    ``opens`` for the first call of the auction, which must be a bid (MB-BID-1, MB-BID-4);
    ``doubled`` when the last call doubled his bid (pass or recontra, MB-BID-6), and
    ``doubled.escape`` when his ``codes`` also hold a higher bid (``escape_after_contra``);
    ``answer`` otherwise (a higher bid, contra or pass, MB-BID-5). Empty when the game has none."""
    calls = view.get("calls") or []
    if not calls:
        key = "opens"
    elif calls[-1]["call"] == "contra":
        key = "doubled.escape" if any(c.startswith("bid:") for c in codes) else "doubled"
    else:
        key = "answer"
    return tr.maybe(f"hand.{info.game}.{key}", "")


def shown_hand(view: Mapping[str, Any]) -> list[str]:
    """``view``'s hand (card codes) in the order the screen shows it: Married bridge's main
    play puts the trumps first, as the other games' hands do (issue #20; its engine keeps one
    suit order through the preliminary tricks and the auction, when there is no trump yet);
    otherwise the engine's order."""
    hand = list(view.get("hand") or [])
    trump = next((f["value"] for f in view.get("facts", ()) if f["key"] == "trump"), None)
    if view.get("game") != "married_bridge" or view.get("phase") != "main_play" or not trump:
        return hand
    return [c for c in hand if c[1:] == trump] + [c for c in hand if c[1:] != trump]


def render_hand(
    tr: Translator,
    info: TableInfo,
    view: Mapping[str, Any],
    codes: Sequence[str],
    *,
    expanded: str | None = None,
    auto: bool = False,
    confirming: str | None = None,
    undo: bool = False,
    told_drawn: bool = False,
) -> Screen:
    """A player's private message from ``view(seat)`` and his legal codes.

    ``auto``: the bot plays this seat for its owner; the only button is "I'm back".
    ``confirming``: a drastic call among ``codes`` the player pressed once (the misclick
    guard, bot/state/drastic.py): the buttons are then "Yes" (the call, confirmed) and "No"
    (back to every move).
    ``undo``: a "Take back" button follows (bot/show/takeback.py): the waiting line says so.
    ``told_drawn``: the card he drew (Married bridge's preliminary play, MB-PRE-5; Berg's
    stock, BERG-DRAW-1) was told to him as it came (the terminal's "You get: 2♥"): the hand
    does not say it again.
    """
    seat = view["seat"]
    # A seat waiting with nothing to press leaves out what every move changes (a trick it has
    # no card in yet; the table message shows it): its hand message is then edited only when
    # its own content or the seat to move changes (issue #11: a move edits the mover's and the
    # next hand, and the hands whose card lies in the trick; issue #18: the waiting line names
    # the seat to move).
    waiting = view["to_move"] is not None and view["to_move"] != seat and not codes
    title = tr.maybe(f"game.{info.game}", info.game)
    where = f"{escape(info.chat_title)} · " if info.chat_title else ""  # the terminal has none
    lines = [f"🃏 <b>{escape(title)}</b> · {where}{tr('table.deal', n=deal_number(view))}"]
    out = out_of_play_line(tr, info, view)
    facts, _, private = melds_said_once(tr, info.game, view, seat)  # a meld in one line
    if out:
        lines.append(out)  # it says what the table's "out of play" fact says, to this seat
        facts = [f for f in facts if not (f["key"] == "out_of_play" and f["value"] == seat)]
    if view.get("phase") == "bidding":
        # the calls line names the contra and the prompt tells its target what to answer: a
        # "Contra: ..." line above them said it a third time (MB-BID-6, issue #18)
        facts = [f for f in facts if f["key"] not in QUIET_IN_AUCTION]
    lines += render_facts(tr, info, facts, phase=view.get("phase"), calls=view.get("calls"))
    for name in ("up_card", "bottom_card", "trick", "last_trick"):
        cards = view["groups"].get(name)
        # a waiting seat sees the trick it has played to (edited by each card until it is
        # taken), not the one still coming to it
        if cards and not (waiting and name == "trick"
                          and not any(c.get("seat") == seat for c in cards)):
            lines.append(group(tr, info, name, cards, view.get("phase"), view["facts"]))
    if view.get("phase") == "bidding":
        # the auction so far stays in sight while he waits, his own last call included
        calls = calls_line(tr, info, view)
        if calls:
            lines.append(calls)
        if view["to_move"] == seat:
            if last_word := _last_word(tr, view, seat, codes):
                lines.append(last_word)
            elif prompt := _auction_prompt(tr, info, view, codes):
                lines.append(prompt)
    hand = " ".join(card_text(c, tr) for c in shown_hand(view))
    lines.append(f"{tr('hand.your_cards')}: <b>{hand or '—'}</b>")
    if told_drawn or view.get("phase") != "preliminary":
        # the card drawn after the 13th preliminary trick is one of the hand's now: the
        # auction's hand shows the hand and the calls (MB-PRE-10, issue #18)
        private = [f for f in private if f["key"] != "mb_drawn"]
    if told_drawn:
        private = [f for f in private if f["key"] != "drawn_card"]
    for lost in [f for f in private if f["key"] == "my_melds_lost"]:
        # Deberts: only the senior meld's owner scores (DB-MELD-8); "your melds: 20" under
        # another's senior melds read as points he would still write
        private.remove(lost)
        said = {"name": escape(info.names[lost["value"]])}
        lines.append(counted(tr, "hand.melds_outranked", int(lost.get("count", 2)),
                             tr("hand.melds_outranked", **said), **said))
    lines += render_facts(tr, info, private)
    if view["phase"] == "play" and any(view.get("deal_points") or ()):
        pts = " · ".join(f"{escape(n)} {num(tr, p)}" for n, p in
                         zip(side_names(tr, info, view), view["deal_points"], strict=True))
        lines.append(f"{tr('table.deal_points')}: {pts}")
    # the pairs' players named once, with the score ("NS (Anna, Vera) 120", BB-SHEET-1)
    score = " · ".join(f"{escape(n)} {total_text(tr, info.game, t, view)}" for n, t in
                       zip(side_names(tr, info, view, players=True), view["totals"],
                           strict=True))
    lines.append(f"{game_text(tr, info.game, 'hand.score')}: {score}")
    if view["to_move"] == seat:
        lines.append("▶ <b>" + tr("hand.your_move") + "</b>")
        if info.game == "berg" and (why := no_move_line(tr, view, codes)):
            lines.append(why)  # a lone "Draw" button said nothing of why (#18)
        if info.clock:  # his own deadline, where he presses (the hand is edited as it starts)
            lines.append(info.clock)
    elif waiting:
        # whom he waits for: at two players always the other one (no edit per move); at three
        # or four a move edits most hands anyway (the trick), and this line adds few edits
        key = "hand.waiting_takeback" if undo else "hand.waiting"
        lines.append(tr(key, name=escape(info.names[view["to_move"]])))
    elif view["to_move"] is not None:  # not his turn, but he has calls out of turn: say so
        lines.append(game_text(tr, info.game, "hand.off_turn",
                               name=escape(info.names[view["to_move"]])))
    else:
        lines.append(game_text(tr, info.game, "table.over"))
    if auto:
        lines.append("🤖 " + tr("hand.auto"))
        back = Button(tr("button.back_to_seat"), ActData(info.table_id, info.version, "@back"))
        return Screen("\n".join(lines), ((back,),))
    if confirming is not None and confirming in codes:
        call = code_label(tr, confirming, view, info.names)
        lines.append("⚠️ <b>" + tr("confirm.ask", call=call) + "</b>")
        why = drastic_why(tr, info.game, confirming, call)
        if why:  # what the call costs, so the question says why it is asked
            lines.append(why)
        return Screen("\n".join(lines), confirm_buttons(tr, info, confirming, call))
    return Screen("\n".join(lines), hand_buttons(tr, info, view, codes, expanded=expanded))


def confirm_buttons(tr: Translator, info: TableInfo, code: str, call: str
                    ) -> tuple[tuple[Button, ...], ...]:
    """The misclick guard's two buttons: "Yes" makes ``code`` (labelled ``call``) at the
    table's version, "No" closes the question (an empty choice: back to every move)."""
    yes = Button(tr("confirm.yes", call=call),
                 ActData(info.table_id, info.version, code, confirmed=True))
    no = Button(tr("confirm.no"), ExpandData(info.table_id, info.version, ""))
    return ((yes,), (no,))


def declared_for_you(tr: Translator, seat: int, events: Sequence[Mapping[str, Any]]) -> str:
    """The line telling ``seat`` that nothing was declared in his name by the change's
    ``events`` (a ``declare`` event the table marked ``made_for``: ``forced``, his only call,
    DB-MELD-5; ``timed_out``, his time ran out), or "" (he declared himself, or something).
    Forced right after his own exchange of the trump 7 (DB-DEAL-6), the line says the
    exchange left him nothing: his hand had offered «no declaration» beside the exchange."""
    exchanged = False
    for e in events:
        if e.get("type") == "exchange" and e.get("seat") == seat:
            exchanged = True
        if e.get("type") == "declare" and e.get("seat") == seat and e.get("what") == "none" \
                and e.get("made_for") in ("forced", "timed_out"):
            why = "after_exchange" if exchanged and e["made_for"] == "forced" else e["made_for"]
            return "ℹ️ " + tr(f"hand.declared_none.{why}")
    return ""
