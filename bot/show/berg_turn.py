"""Why a Berg turn offers no move (#18/#20): a hand whose only choice is to draw, or after the
draw to pass, says what stops every card, so a lone button does not leave the player guessing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.show.common import card_text, order_text
from engine.cards import SUIT_SYMBOLS


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
