"""Why a code is refused: plain words and the rule id that forbids it
(docs/design.md "Errors and rule ids").

``refusal`` is called only for a code that is not among the seat's legal actions; it never
changes the state.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.married_bridge.rules import bid_text, is_card, parse_bid
from engine.married_bridge.state import MBState

CALL_VERBS = ("bid", "contra", "recontra", "pass")
_HINTS = {
    "play": "a play is play:<card>, e.g. play:QH",
    "bid": "a bid is bid:<level 1-7>:<strain C D H S NT>, e.g. bid:2:H or bid:1:NT",
    "draw": "a draw is draw, or draw:<card> for a privileged draw, e.g. draw:QH",
}


def well_formed(code: str) -> bool:
    """True when ``code`` follows the grammar of MB-CODES (legal or not)."""
    parts = code.split(":")
    if code in ("contra", "recontra", "pass", "draw"):
        return True
    if parts[0] in ("play", "draw") and len(parts) == 2:
        return is_card(parts[1])
    return parse_bid(code) is not None


def refusal(s: MBState, seat: int, code: str) -> IllegalAction:
    """The ``IllegalAction`` for a code ``seat`` may not apply now."""
    verb = code.split(":")[0]
    if not well_formed(code):
        hint = _HINTS.get(verb, "codes are play:<card>, bid:<level>:<strain>, contra, "
                                "recontra, pass, draw, draw:<card>")
        return IllegalAction(f"{code!r} is not an action code of married bridge: {hint}",
                             "MB-CODES")
    if s.phase == "over":
        return IllegalAction("the match is over", "MB-END-4")
    if s.phase == "preliminary":
        return _preliminary(s, seat, code, verb)
    if s.phase == "bidding":
        return _auction(s, seat, code, verb)
    return _main(s, seat, code, verb)


def _preliminary(s: MBState, seat: int, code: str, verb: str) -> IllegalAction:
    if verb in CALL_VERBS:
        return IllegalAction("the auction starts only when the talon is empty, after the 13th "
                             "preliminary trick", "MB-BID-1")
    if verb == "draw":
        return _draw(s, seat, code)
    if s.drawing:
        return IllegalAction("both players draw from the talon before the next lead",
                             "MB-PRE-5")
    return _play(s, seat, code, rule_lead="MB-PRE-1" if s.prelim_done == 0 else "MB-PRE-4",
                 rule_follow="MB-PRE-2", follow="a card of the led suit")


def _draw(s: MBState, seat: int, code: str) -> IllegalAction:
    if not s.options["manual_draws"]:
        return IllegalAction("draws are made automatically after each preliminary trick",
                             "MB-PRE-8")
    if not s.drawing:
        return IllegalAction("no draw is due: both players draw after each preliminary trick",
                             "MB-PRE-5")
    if s.privileged is None:
        return IllegalAction("draw:<card> is only for a privileged draw: use draw", "MB-PRE-9")
    if seat != s.privileged:
        return IllegalAction(f"seat {s.privileged} now makes a privileged draw; you have drawn "
                             "for this trick", "MB-PRE-9")
    if code == "draw":
        return IllegalAction("a privileged draw keeps one of the two top cards: use "
                             "draw:<card>", "MB-PRE-9")
    if len(s.talon) < 2:
        return IllegalAction("only one card is left in the talon: use draw", "MB-PRE-9")
    return IllegalAction(f"{code.split(':')[1]} is not one of the two top cards of the talon",
                         "MB-PRE-9")


def _auction(s: MBState, seat: int, code: str, verb: str) -> IllegalAction:
    if verb == "draw":
        return IllegalAction("the talon is empty: the auction is on", "MB-PRE-10")
    if verb == "play":
        return IllegalAction("the auction is on: the main play starts when it ends",
                             "MB-BID-10")
    if seat != s.turn:
        return IllegalAction(f"the players call alternately: seat {s.turn} calls now",
                             "MB-BID-1")
    if s.bid_level == 0:
        return IllegalAction("the dealer's first call must be a bid", "MB-BID-4")
    last = bid_text(s.bid_level, s.bid_strain)
    if verb == "bid":
        if s.contra and not s.options["escape_after_contra"]:
            return IllegalAction(f"your bid {last} was doubled: pass or recontra (escaping by "
                                 "a higher bid is off at this table)", "MB-BID-6")
        bid = parse_bid(code)
        assert bid is not None
        return IllegalAction(f"{bid_text(*bid)} does not rank above the last bid {last}",
                             "MB-BID-3")
    if verb == "contra":
        return IllegalAction(f"{last} is already doubled: only the opponent's undoubled bid can "
                             "be doubled", "MB-BID-8")
    if verb == "recontra":
        return IllegalAction("recontra answers a contra of your own bid, said just before",
                             "MB-BID-8")
    return IllegalAction(f"{code!r} is not allowed now", "MB-CODES")


def _main(s: MBState, seat: int, code: str, verb: str) -> IllegalAction:
    if verb in CALL_VERBS:
        if s.calls and s.calls[-1][1] == "recontra":
            return IllegalAction("a recontra ended the auction: nobody may call after it",
                                 "MB-BID-7")
        return IllegalAction("the auction is over", "MB-BID-10")
    if verb == "draw":
        return IllegalAction("there is no drawing in the main play", "MB-PLAY-2")
    if s.strain == "NT":
        return _play(s, seat, code, rule_lead="MB-PLAY-1" if s.main_done == 0 else "MB-PLAY-6",
                     rule_follow="MB-PLAY-4", follow="a card of the led suit")
    return _play(s, seat, code, rule_lead="MB-PLAY-1" if s.main_done == 0 else "MB-PLAY-6",
                 rule_follow="MB-PLAY-3", follow=f"a card of the led suit or a trump ({s.strain})")


def _play(s: MBState, seat: int, code: str, *, rule_lead: str, rule_follow: str,
          follow: str) -> IllegalAction:
    card = code.split(":")[1]
    if seat != s.turn:
        if not s.trick:
            why = ("the winner of the last trick leads" if rule_lead.endswith(("-4", "-6"))
                   else "the elder hand leads the first trick" if rule_lead == "MB-PRE-1"
                   else "the declarer leads the first trick")
            return IllegalAction(f"seat {s.turn} leads this trick: {why}", rule_lead)
        return IllegalAction(f"seat {s.turn} plays to this trick now",
                             "MB-PRE-2" if s.phase == "preliminary" else "MB-PLAY-6")
    if card not in s.hands[seat]:
        return IllegalAction(f"you do not hold {card}", "MB-CODES")
    led = s.trick[0][1][1]
    return IllegalAction(f"you must play {follow}: {led} was led", rule_follow)
