"""Why a code is refused: plain words and the rule id (docs/design.md "Errors and rule ids").

``refusal`` is called only for a code that ``legal_codes`` does not list; it never raises
anything but returns the ``IllegalAction`` to raise.
"""

from __future__ import annotations

from engine.berg.cards import (
    JOKER_ORDER,
    JOKERS,
    ORDER_RANKS,
    SUITS,
    colour,
    is_card,
    is_joker,
    rank_of,
    suit_colour,
    suit_of,
)
from engine.berg.rules import (
    DECLARATIONS,
    declaration_codes,
    fits,
    keeps_enough,
    order_rule,
    window_open,
    without,
)
from engine.berg.state import State, pair_of
from engine.errors import IllegalAction

_ORDER_ARGS = (*ORDER_RANKS, JOKER_ORDER)
_SUIT_ARGS = tuple(SUITS)


def _bad(reason: str, rule: str) -> IllegalAction:
    return IllegalAction(reason, rule)


def well_formed(code: str) -> bool:
    """True when ``code`` follows the grammar of BERG-CODES (whatever the state)."""
    parts = code.split(":")
    verb, args = parts[0], parts[1:]
    if verb in ("draw", "pass"):
        return not args
    if verb == "play":
        return len(args) in (1, 2) and is_card(args[0]) and (
            len(args) == 1 or args[1] in _ORDER_ARGS or args[1] in _SUIT_ARGS)
    if verb == "frame":
        if len(args) not in (1, 2) or (len(args) == 2 and args[1] not in _ORDER_ARGS):
            return False
        cards = args[0].split(".")
        return len(cards) == 4 and all(is_card(c) for c in cards)
    if verb == "order":
        return len(args) == 1 and (args[0] in _ORDER_ARGS or args[0] in _SUIT_ARGS)
    if verb == "declare":
        if args[:1] == ["open"]:
            return len(args) == 2 and args[1] in ("0", "1", "2", "3", "both")
        return len(args) == 1 and args[0] in DECLARATIONS and args[0] != "open"
    if verb == "suggest":
        return len(args) == 1 and args[0] in DECLARATIONS
    return False


def refusal(s: State, seat: int, code: object) -> IllegalAction:
    """The ``IllegalAction`` for a code that is not legal for ``seat`` now."""
    if not isinstance(code, str) or not well_formed(code):
        return _bad(f"{code!r} is not a Berg action code (draw, pass, play:<card>[:<order>], "
                    "frame:<c1>.<c2>.<c3>.<c4>[:<order>], order:<arg>, declare:<what>, "
                    "suggest:<what>)", "BERG-CODES")
    if s.phase == "over":
        return _bad("the match is over", "BERG-END-1")
    if seat not in range(4):
        return _bad(f"there is no seat {seat!r} at a Berg table", "BERG-SETUP-1")
    verb, *args = code.split(":")
    if s.phase == "order":
        return _order_phase(s, seat, verb, args)
    if verb == "order":
        return _bad("order: is only the dealer's announcement for a jack or queen up-card",
                    "BERG-DEAL-6")
    if verb == "declare":
        return _declare(s, seat, ":".join(args))
    if verb == "suggest":
        return _suggest(s, seat, args[0])
    if seat != s.turn:
        return _bad(f"it is not your turn: seat {s.turn} is to move", "BERG-PLAY-6")
    if verb == "draw":
        return _bad("you have already drawn this turn: play or pass", "BERG-TURN-4")
    if verb == "pass":
        if not s.drawn:
            return _bad("you may pass only after drawing a card this turn", "BERG-DRAW-2")
        return _bad("a jack's order is in force and you hold the ordered card: you must play "
                    "it", "BERG-EFF-8")
    if verb == "play":
        return _play(s, seat, args[0], args[1] if len(args) == 2 else "")
    return _frame(s, seat, args[0].split("."), args[1] if len(args) == 2 else "")


def _order_phase(s: State, seat: int, verb: str, args: list[str]) -> IllegalAction:
    top, _ = s.top()
    if verb in ("declare", "suggest"):
        return _bad("no declaration or suggestion before the up-card's order is announced",
                    "BERG-DEAL-7")
    if seat != s.dealer or verb != "order":
        return _bad(f"the dealer (seat {s.dealer}) must first announce the order of the "
                    f"up-card {top}", "BERG-DEAL-6")
    arg = args[0]
    if rank_of(top) == "Q":
        return _bad(f"the queen up-card orders a suit: order:S, order:H, order:D or order:C, "
                    f"not {arg}", "BERG-DEAL-6")
    if arg in SUITS:
        return _bad(f"the jack up-card orders a rank or the joker, not the suit {arg}",
                    "BERG-DEAL-6")
    rule = order_rule(s, seat, s.hands[seat], arg) or "BERG-DEAL-6"
    return _bad(f"the insurance in force forbids the order {arg}", rule)


def _declare(s: State, seat: int, what: str) -> IllegalAction:
    pair = pair_of(seat)
    if seat not in s.captains:
        return _bad("only a captain makes declarations; you may suggest one in your turn",
                    "BERG-DECL-1")
    if not window_open(s, pair):
        return _bad("declarations are made only at the start of a turn of your pair, before "
                    "its first action", "BERG-DECL-1")
    opp = 1 - pair
    if what == "dobor":
        return _bad("your pair has already declared a dobor this deal", "BERG-DECL-4")
    if what == "surrender":
        return _bad("surrender is possible only before the pile is first turned over",
                    "BERG-DECL-9")
    if what.startswith("open"):
        if s.turnovers == 0:
            return _bad("open cards can be bought only after the pile has been turned over",
                        "BERG-DECL-10")
        target = what.split(":")[1]
        if target not in ("both", str(opp), str(opp + 2)):
            return _bad(f"seat {target} is not an opponent", "BERG-DECL-10")
        return _bad("that hand is already open (open:both needs both closed)", "BERG-DECL-10")
    if what == "shuffle":
        return _bad("the shuffle can be bought only under the by-declaration convention, once",
                    "BERG-DECL-11")
    if what == "fire":
        return _bad("the opposing captain is already fired this deal", "BERG-DECL-12")
    kind = s.options["insurance_type"]
    if kind not in ("full", "simple"):
        return _bad(f"insurance is not bought under the {kind!r} convention", "BERG-INS-2")
    return _bad("your pair has already bought insurance this deal",
                "BERG-INS-6" if kind == "full" else "BERG-INS-7")


def _suggest(s: State, seat: int, what: str) -> IllegalAction:
    pair = pair_of(seat)
    if seat in s.captains:
        return _bad("a captain declares; suggestions are for his partner", "BERG-DECL-3")
    if seat != s.turn or not window_open(s, pair):
        return _bad("you may suggest only at the start of your own turn", "BERG-DECL-3")
    if len(s.suggested[seat]) >= 2 or what in s.suggested[seat]:
        return _bad("at most two suggestions a deal, the second a different one", "BERG-DECL-3")
    if not any(c.split(":")[1] == what for c in declaration_codes(s, pair)):
        return _bad(f"your captain cannot declare {what} now", "BERG-DECL-3")
    return _bad(f"suggest:{what} is not allowed now", "BERG-DECL-3")


def _placement_rule(s: State) -> str:
    top, _ = s.top()
    if s.order is not None:
        return "BERG-PLAY-1" if s.order[0] == "card" else "BERG-PLAY-2"
    return "BERG-PLAY-4" if is_joker(top) else "BERG-PLAY-3"


def _placement_reason(s: State, card: str) -> str:
    top, _ = s.top()
    if s.order is not None and s.order[0] == "card":
        return f"a jack ordered {s.order[1]}: only that card may be played, not {card}"
    if s.order is not None:
        return (f"a queen ordered {s.order[1]}: play that suit, its colour's joker or a queen, "
                f"not {card}")
    return f"{card} does not fit on {top}"


def _play(s: State, seat: int, card: str, arg: str) -> IllegalAction:
    hand = s.hands[seat]
    if card not in hand:
        return _bad(f"you do not hold {card}", "BERG-CODES")
    if not fits(s, card):
        return _bad(_placement_reason(s, card), _placement_rule(s))
    if not keeps_enough(s, seat, 1):
        return _bad("the other pair's dobor is active: you must keep at least three cards",
                    "BERG-DECL-7")
    last = len(hand) == 1
    top, _ = s.top()
    r = rank_of(card)
    if r == "J":
        if last and arg:
            return _bad("a jack that empties your hand orders nothing: play:" + card,
                        "BERG-EFF-7")
        if not arg:
            return _bad("a jack must name its order: a rank or JK", "BERG-EFF-7")
        if arg in SUITS:
            return _bad("a jack orders a rank or the joker, not a suit", "BERG-EFF-7")
        rule = order_rule(s, seat, without(hand, [card]), arg) or "BERG-EFF-7"
        return _bad(f"the insurance in force forbids the order {arg}", rule)
    if r == "Q":
        if last and arg:
            return _bad("a queen that empties your hand orders nothing: play:" + card,
                        "BERG-EFF-12")
        if rank_of(top) == "Q" and arg:
            return _bad("a queen on a queen names nothing: its own suit is ordered",
                        "BERG-EFF-13")
        return _bad("a queen on a non-queen must name a suit: S, H, D or C", "BERG-EFF-12")
    return _bad(f"only a jack or a queen names an order; play {card} as play:{card}",
                "BERG-CODES")


def _frame(s: State, seat: int, cards: list[str], arg: str) -> IllegalAction:
    hand = s.hands[seat]
    if len(set(cards)) != 4:
        return _bad("a frame is four different cards", "BERG-FRAME-1")
    missing = [c for c in cards if c not in hand]
    if missing:
        return _bad(f"you do not hold {' '.join(missing)}", "BERG-CODES")
    real = [c for c in cards if not is_joker(c)]
    jokers = [c for c in cards if is_joker(c)]
    if len({rank_of(c) for c in real}) != 1 or len({suit_of(c) for c in real}) != len(real):
        return _bad("a frame is four cards of one rank, one of each suit", "BERG-FRAME-1")
    if jokers:
        refused = _joker_frame_rule(s, seat, real, jokers)
        if refused is not None:
            return refused
        if is_joker(cards[0]) or any(is_joker(c) for c in cards[: len(real)]):
            return _bad("substitute jokers come after every real card of the frame",
                        "BERG-FRAME-5")
        if not _sorted(real[1:]):
            return _bad("the real cards after the first are written in S H D C order",
                        "BERG-FRAME-2")
    elif not _sorted(cards[1:3]):
        return _bad("the middle cards of a frame are written in S H D C order", "BERG-FRAME-2")
    if not fits(s, cards[0]):
        return _bad("the first card of the frame must fit: " + _placement_reason(s, cards[0]),
                    "BERG-FRAME-10")
    if not keeps_enough(s, seat, 4):
        return _bad("the other pair's dobor is active: you must keep at least three cards",
                    "BERG-DECL-7")
    rest = without(hand, cards)
    needs = rank_of(cards[-1]) == "J" and bool(rest)
    if needs and not arg:
        return _bad("a frame ending with a jack must name its order", "BERG-FRAME-3")
    if not needs and arg:
        return _bad("only a frame ending with a jack, not emptying your hand, names an order",
                    "BERG-FRAME-3")
    forbidding = order_rule(s, seat, rest, arg) or "BERG-FRAME-3"
    return _bad(f"the insurance in force forbids the order {arg}", forbidding)


def _sorted(cards: list[str]) -> bool:
    keys = [SUITS.index(suit_of(c)) for c in cards]
    return keys == sorted(keys)


def _joker_frame_rule(s: State, seat: int, real: list[str], jokers: list[str]
                      ) -> IllegalAction | None:
    pair = pair_of(seat)
    if seat not in s.captains:
        return _bad("only a captain may put a joker in a frame", "BERG-FRAME-7")
    if s.fired[pair]:
        return _bad("you were fired as captain this deal: no jokers in frames", "BERG-DECL-12")
    if len(real) < 2:
        return _bad("jokers cannot make a frame by themselves or with one real card",
                    "BERG-FRAME-7")
    r = rank_of(real[0])
    if any(rank_of(c) == r and c not in real for c in s.hands[seat]):
        return _bad(f"a joker may stand only for a {r} you do not hold", "BERG-FRAME-5")
    absent = [x for x in SUITS if r + x not in real]
    if s.options["frame_joker_colour_match"]:
        need = sorted(suit_colour(x) for x in absent)
        have = sorted(colour(j) for j in jokers)
        if need != have:
            return _bad("a substitute joker must have the colour of the card it replaces",
                        "BERG-FRAME-6")
    if any(j not in JOKERS for j in jokers):
        return _bad("not a joker", "BERG-CODES")
    return None
