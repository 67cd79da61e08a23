"""Berg's own parts of a player's hand message (bot/show/hand.py): the frame buttons, named by
the card each leaves on top (BERG-FRAME-2, -3), and why a turn offers no move (#18/#20): a hand
whose only choice is to draw, or after the draw to pass, says what stops every card, so a lone
button does not leave the player guessing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.model import ActData, Button
from bot.show.common import TableInfo, card_text, code_label, order_text
from engine.cards import SUIT_SYMBOLS, SUITS


def no_move_line(tr: Translator, view: Mapping[str, Any], codes: Sequence[str]) -> str | None:
    """"No card of yours fits 9♠ — draw a card from the stock." for a Berg seat to move whose
    codes hold ``draw`` (BERG-TURN-4) or ``pass`` (BERG-DRAW-2) and no move: what stops him is
    the other pair's dobor when he holds three cards or fewer (BERG-DECL-7), else a jack's card
    order (BERG-PLAY-1), a queen's suit order (BERG-PLAY-2) or the top card (BERG-PLAY-3/4).
    None when he may move, or has neither code (the dealer's up-card order, his partner's
    turn)."""
    if view.get("to_move") != view.get("seat") or any(
            c.startswith(("play:", "frame:")) for c in codes):
        return None
    action = "draw" if "draw" in codes else "pass" if "pass" in codes else None
    if action is None:
        return None
    facts = {f["key"]: f for f in view.get("facts", [])}
    seat = int(view["seat"])
    dobor = [f for f in view.get("facts", []) if f["key"] == "dobor"
             and f["value"] == "dobor_active" and f.get("seat") is not None
             and int(f["seat"]) % 2 != seat % 2]
    if dobor and len(view.get("hand") or ()) <= 3:
        why = tr("hand.berg.no_move.dobor")
    elif "card_order" in facts:
        why = tr("hand.berg.no_move.card_order",
                 order=order_text(tr, str(facts["card_order"]["value"])))
    elif "suit_order" in facts:
        suit = str(facts["suit_order"]["value"])
        why = tr("hand.berg.no_move.suit_order", suit=SUIT_SYMBOLS.get(suit, suit))
    elif "top_card" in facts:
        why = tr("hand.berg.no_move.top", top=card_text(str(facts["top_card"]["value"]), tr))
    else:
        return None
    return f"{why} — {tr(f'hand.berg.no_move.{action}')}"


def frame_key(code: str) -> tuple[int, int, str]:
    """Sort key of a Berg frame ``frame:c1.c2.c3.c4``: by the card left on top (the last,
    BERG-FRAME-3), then by the first card, each in the hand's suit order (♠ ♥ ♦ ♣)."""
    cards = code.split(":")[1].split(".")
    return (_suit_rank(cards[-1]), _suit_rank(cards[0]), code)


def _suit_rank(card: str) -> int:
    """Position of ``card``'s suit in the hand's order; jokers after the suits."""
    return SUITS.index(card[1]) if card[1:] and card[1] in SUITS else len(SUITS)


def frame_button(tr: Translator, info: TableInfo, view: Mapping[str, Any],
                  code: str) -> Button:
    """A frame's button naming the card it leaves on top: of the orderings of one frame only
    the last card changes what follows (BERG-FRAME-2, -3), which the cards alone did not say."""
    return Button(frame_label(tr, info, view, code), ActData(info.table_id, info.version, code))


def frame_label(tr: Translator, info: TableInfo, view: Mapping[str, Any], code: str) -> str:
    """"Frame J♠ J♦ J♣ J♥ — J♥ on top": a frame (its order too, "→ ace") and the card it
    leaves on top (BERG-FRAME-3)."""
    top = card_text(code.split(":")[1].split(".")[-1], tr)
    return tr("hand.berg.frame_top", frame=code_label(tr, code, view, info.names), card=top)
