"""What may be done now: placement, orders, frames, declarations (berg.md BERG-PLAY, BERG-EFF,
BERG-FRAME, BERG-INS, BERG-DECL).

Pure functions of a ``State``; every list of codes they return is what ``legal_actions`` offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Final

from engine.berg.cards import (
    CARDS42,
    JOKER_ORDER,
    JOKERS,
    ORDER_RANKS,
    SUITS,
    colour,
    is_joker,
    joker_of,
    rank_of,
    suit_colour,
    suit_of,
)
from engine.berg.state import State, pair_of

DECLARATIONS = ("dobor", "surrender", "open", "shuffle", "fire", "insure")


# ---- placement (BERG-PLAY) -------------------------------------------------------------------


def fits(s: State, card: str) -> bool:
    """May ``card`` be placed as a single card on the top card under the order in force?

    BERG-PLAY-1 (card order), -2 (suit order), -3 (suited top), -4 (joker top), -5 (queens).
    """
    # table lookups instead of the ``cards`` helpers: this runs for every card of every hand
    # at every legal-move listing (the playouts' hottest line)
    top = s.pile[-1][0]
    order = s.order
    r = _RANK[card]
    if order is not None:
        kind, arg = order
        if kind == "card":
            return card in JOKERS if arg == JOKER_ORDER else r == arg
        return _SUIT[card] == arg or card == _SUIT_JOKER[arg] or r == "Q"
    if top in JOKERS:
        return r == "Q" or card in JOKERS or _COLOUR[card] == _COLOUR[top]
    if card in JOKERS:
        return _COLOUR[card] == _COLOUR[top]
    return _SUIT[card] == _SUIT[top] or r == _RANK[top] or r == "Q"


def fitting(s: State, cards: Sequence[str]) -> list[str]:
    """The ``cards`` (in their order) that ``fits`` allows: the same rules, read from the set of
    the cards that fit the top card, or the order, made once per top card and per order
    (``legal_actions`` asks this for every move listing)."""
    order = s.order
    if order is None:
        fit = _FITS_ON[s.pile[-1][0]]
    else:
        found = _FITS_ORDER.get((order[0], order[1]))
        if found is None:  # no order the rules make (a hand-made state): ask ``fits``
            return [c for c in cards if fits(s, c)]
        fit = found
    return [c for c in cards if c in fit]


_RANK: Final = {c: rank_of(c) for c in CARDS42}
_SUIT: Final = {c: suit_of(c) for c in CARDS42}
_COLOUR: Final = {c: colour(c) for c in CARDS42}
_SUIT_JOKER: Final = {x: joker_of(suit_colour(x)) for x in SUITS}


def _fit_set(top: str, order: list[str] | None) -> frozenset[str]:
    probe = State(options={}, seed=0, first_deck=None, dealer=0, pile=[[top, None]],
                  order=order)
    return frozenset(c for c in CARDS42 if fits(probe, c))


#: the cards that fit each top card with no order in force, and each order (whatever the top)
_FITS_ON: Final = {top: _fit_set(top, None) for top in CARDS42}
_FITS_ORDER: Final = {(kind, arg): _fit_set("5S", [kind, arg]) for kind, args in
                      (("card", [*ORDER_RANKS, JOKER_ORDER]), ("suit", list(SUITS)))
                      for arg in args}


def restricted(s: State, seat: int) -> bool:
    """BERG-DECL-7: a dobor of the other pair is active, so moves must leave three cards."""
    return s.dobor_active[1 - pair_of(seat)]


def keeps_enough(s: State, seat: int, n_cards: int) -> bool:
    """The dobor restriction allows a move of ``n_cards`` cards by ``seat`` (BERG-DECL-7)."""
    return not restricted(s, seat) or len(s.hands[seat]) - n_cards >= 3


# ---- orders and insurance (BERG-EFF-7, BERG-INS) --------------------------------------------


def joker_order_rule(s: State, seat: int, rest: Sequence[str]) -> str | None:
    """The rule that forbids ``seat`` a joker order now, or None (BERG-INS-8).

    ``rest`` is his hand once the jack (or frame) has left it.
    """
    kind = s.options["insurance_type"]
    opp = 1 - pair_of(seat)
    if kind == "permanent":
        return "BERG-INS-3"
    if kind == "half" and s.turnovers >= 1:
        return "BERG-INS-4"
    if kind == "full" and s.insured[opp] >= 0:
        return "BERG-INS-6"
    if kind == "simple" and s.insured[opp] >= 0 and s.insured[opp] == s.turnovers:
        return "BERG-INS-7"
    if kind == "absolute" and not any(is_joker(c) for c in rest):
        return "BERG-INS-5"
    return None


def order_rule(s: State, seat: int, rest: Sequence[str], arg: str) -> str | None:
    """The rule forbidding the jack order ``arg`` (a rank of ORDER_RANKS or ``JK``), or None."""
    if arg == JOKER_ORDER:
        return joker_order_rule(s, seat, rest)
    if s.options["insurance_type"] == "absolute" and not any(rank_of(c) == arg for c in rest):
        return "BERG-INS-5"
    return None


def allowed_orders(s: State, seat: int, rest: Sequence[str]) -> list[str]:
    """Every order a jack of ``seat`` may make, ``rest`` being his hand after it (BERG-INS-8)."""
    if s.options["insurance_type"] != "absolute":  # order_rule: only the joker order may fail
        if joker_order_rule(s, seat, rest) is None:
            return [*ORDER_RANKS, JOKER_ORDER]
        return list(ORDER_RANKS)
    return [a for a in [*ORDER_RANKS, JOKER_ORDER] if order_rule(s, seat, rest, a) is None]


def without(hand: Sequence[str], cards: Sequence[str]) -> list[str]:
    """``hand`` minus ``cards``."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


# ---- single cards ---------------------------------------------------------------------------


def single_codes(s: State, seat: int) -> list[str]:
    """``play:`` codes of ``seat`` (BERG-PLAY, BERG-EFF-7/12/13, BERG-DECL-7)."""
    hand = s.hands[seat]
    if s.dobor_active[1 - seat % 2] and len(hand) < 4:  # keeps_enough(s, seat, 1)
        return []
    top = s.pile[-1][0]
    order = s.order
    # fitting(s, hand), its sets read here
    fit = _FITS_ON[top] if order is None else _FITS_ORDER.get((order[0], order[1]))
    if fit is None:
        fit = frozenset(fitting(s, hand))
    if len(hand) == 1:  # his last card: no order with it (BERG-EFF-7/12)
        return [_PLAY[card] for card in hand if card in fit]
    on_queen = _RANK[top] == "Q"
    out: list[str] = []
    jack_codes: dict[str, tuple[str, ...]] | None = None  # the jacks' codes, found once
    for card in hand:
        if card not in fit:
            continue
        r = card[0]  # a joker's letter is no J or Q
        if r == "J":
            if s.options["insurance_type"] == "absolute":  # the orders depend on the rest
                codes = _PLAY_J[card]
                out += [codes[a] for a in allowed_orders(s, seat, without(hand, [card]))]
                continue
            if jack_codes is None:  # only the joker order may be refused (order_rule)
                jack_codes = _PLAY_J_ALL if joker_order_rule(s, seat, ()) is None \
                    else _PLAY_J_RANKS
            out += jack_codes[card]
        elif r == "Q" and not on_queen:
            out += _PLAY_Q[card]
        else:
            out.append(_PLAY[card])
    return out


# the code strings, made once (a listing builds several per action)
_PLAY: Final = {c: f"play:{c}" for c in CARDS42}
_PLAY_Q: Final = {c: tuple(f"play:{c}:{x}" for x in SUITS) for c in CARDS42}
_PLAY_J: Final = {c: {a: f"play:{c}:{a}" for a in [*ORDER_RANKS, JOKER_ORDER]} for c in CARDS42}
#: a jack's codes with every order (``allowed_orders`` order) and with the ranks only
_PLAY_J_ALL: Final = {c: tuple(codes.values()) for c, codes in _PLAY_J.items()}
_PLAY_J_RANKS: Final = {c: tuple(codes[a] for a in ORDER_RANKS) for c, codes in _PLAY_J.items()}
#: every single-card code as (card, order argument or ""), for ``apply`` (BERG-CODES)
PLAY_PARTS: Final = {_PLAY[c]: (c, "") for c in CARDS42} | {
    code: (c, x) for c in CARDS42 for x, code in zip(SUITS, _PLAY_Q[c], strict=True)} | {
    code: (c, a) for c in CARDS42 for a, code in _PLAY_J[c].items()}


# ---- frames (BERG-FRAME) --------------------------------------------------------------------


def _in_suit_order(cards: Sequence[str]) -> bool:
    keys = [SUITS.index(suit_of(c)) for c in cards]
    return keys == sorted(keys)


_first: Final = itemgetter(0)


def may_frame(hand: Sequence[str]) -> bool:
    """False when no rank of ``hand`` comes near four, so it holds no frame (the common case,
    answered without ``frame_shapes``' search): with d distinct first letters (each joker a
    letter of its own) no real rank is held more than n - d + 1 times, and a captain's jokers
    add at most two."""
    spare = len(hand) + 1 - len(set(map(_first, hand)))
    if spare >= 4:
        return True
    # two jokers at most: below 2 they cannot make up the rest (and the hand is not scanned)
    return spare >= 2 and spare + ("RJ" in hand) + ("BJ" in hand) >= 4


def frame_shapes(s: State, seat: int) -> list[list[str]]:
    """Every frame ``seat`` could place by composition and placement (BERG-FRAME-10 steps 1-2),
    before testing the first card, the dobor and the order argument."""
    hand = s.hands[seat]
    n = len(hand)
    if n < 4 or not may_frame(hand):
        return []
    captain = seat in s.captains and not s.fired[seat % 2]
    ranks = [c[0] for c in hand if c not in JOKERS]
    most = max(map(ranks.count, set(ranks)), default=0)
    if most + (n - len(ranks) if captain else 0) < 4:
        return []
    by_rank: dict[str, list[str]] = {}
    for c in hand:
        if not is_joker(c):
            by_rank.setdefault(c[0], []).append(c)
    jokers = [j for j in JOKERS if j in hand]
    least = 4 - len(jokers) if captain else 4  # real cards a frame of this hand needs
    match = bool(s.options["frame_joker_colour_match"])
    shapes: list[list[str]] = []
    for r, real in by_rank.items():
        if len(real) < least:
            continue
        real = sorted(real, key=lambda c: SUITS.index(c[1]))
        missing = [x for x in SUITS if r + x not in real]
        if len(real) == 4:
            for first in real:
                for last in real:
                    if last != first:
                        mid = [c for c in real if c not in (first, last)]
                        shapes.append([first, *mid, last])
        elif captain and len(real) == 3:
            for j in jokers:
                if match and colour(j) != suit_colour(missing[0]):
                    continue
                for first in real:
                    shapes.append([first, *[c for c in real if c != first], j])
        elif captain and len(real) == 2 and len(jokers) == 2:
            if match and {suit_colour(x) for x in missing} != {"red", "black"}:
                continue
            for first in real:
                other = [c for c in real if c != first]
                shapes.append([first, *other, "RJ", "BJ"])
                shapes.append([first, *other, "BJ", "RJ"])
    return shapes


def frame_codes(s: State, seat: int) -> list[str]:
    """``frame:`` codes of ``seat`` (BERG-FRAME-10)."""
    hand = s.hands[seat]
    if len(hand) < 4:
        return []  # no frame (frame_shapes), whatever the dobor
    if s.dobor_active[1 - seat % 2] and len(hand) < 7:  # keeps_enough(s, seat, 4)
        return []
    out: list[str] = []
    for cards in frame_shapes(s, seat):
        if not fits(s, cards[0]):
            continue
        base = "frame:" + ".".join(cards)
        rest = without(hand, cards)
        if rank_of(cards[-1]) == "J" and rest:
            out += [f"{base}:{a}" for a in allowed_orders(s, seat, rest)]
        else:
            out.append(base)
    return out


def move_codes(s: State, seat: int) -> list[str]:
    """Every move (single card or frame) ``seat`` may make now."""
    return single_codes(s, seat) + frame_codes(s, seat)


def obliged(s: State, seat: int) -> bool:
    """BERG-EFF-8/9: under a card order ``seat`` holds a permitted satisfying move."""
    return s.order is not None and s.order[0] == "card" and bool(move_codes(s, seat))


# ---- declarations and suggestions (BERG-DECL) -----------------------------------------------


def window_open(s: State, pair: int) -> bool:
    """The declaration window of ``pair`` is open (BERG-DECL-1, BERG-DEAL-7)."""
    return s.phase == "play" and not s.drawn and pair_of(s.turn) == pair


def declaration_codes(s: State, pair: int) -> list[str]:
    """What ``pair``'s captain could declare if his window is open (BERG-DECL-14)."""
    out: list[str] = []
    opp = 1 - pair
    if not s.dobor_declared[pair]:
        out.append("declare:dobor")
    if s.turnovers == 0:
        out.append("declare:surrender")
    else:
        opened = s.opened
        if not opened[opp]:
            out.append(_OPEN[opp])
        if not opened[opp + 2]:
            out.append(_OPEN[opp + 2])
            if not opened[opp]:
                out.append("declare:open:both")
    if s.options["shuffle_on_turnover"] == "by_declaration" and not s.shuffle_on:
        out.append("declare:shuffle")
    if not s.fired[opp]:
        out.append("declare:fire")
    if s.options["insurance_type"] in ("full", "simple") and s.insured[pair] < 0:
        out.append("declare:insure")
    return out


_OPEN: Final = tuple(f"declare:open:{x}" for x in range(4))


def suggestion_codes(s: State, seat: int) -> list[str]:
    """What the non-captain ``seat`` may suggest in his own window (BERG-DECL-3)."""
    pair = seat % 2
    if seat in s.captains or s.turn != seat or not window_open(s, pair):
        return []
    made = s.suggested[seat]
    if len(made) >= 2:
        return []
    possible = {_WORD[c] for c in declaration_codes(s, pair)}
    return [_SUGGEST[w] for w in DECLARATIONS if w in possible and w not in made]


_WORD: Final = {f"declare:{w}": w for w in DECLARATIONS} | {
    f"declare:open:{x}": "open" for x in ("0", "1", "2", "3", "both")}
_SUGGEST: Final = {w: f"suggest:{w}" for w in DECLARATIONS}


def up_card_orders(s: State) -> list[str]:
    """The dealer's ``order:`` codes for a J or Q up-card (BERG-DEAL-6)."""
    top, _ = s.top()
    if rank_of(top) == "Q":
        return [f"order:{x}" for x in SUITS]
    return [f"order:{a}" for a in allowed_orders(s, s.dealer, s.hands[s.dealer])]


def legal_codes(s: State, seat: int) -> list[str]:
    """Every code ``seat`` may apply now, sorted (the face's ``legal_actions``)."""
    phase = s.phase
    if phase != "play":
        if phase == "order" and seat == s.dealer:
            return sorted(up_card_orders(s))
        return []
    if seat not in _SEATS:
        return []
    pair = seat % 2
    turn = s.turn
    # window_open(s, pair), the phase being "play"
    if s.drawn or turn % 2 != pair:
        if seat != turn:
            return []
        window = False
    else:
        window = True
    options = s.options
    captain = seat == options["captain_02"] or seat == options["captain_13"]  # s.captains
    out: list[str] = declaration_codes(s, pair) if window else []
    if seat != turn:  # the captain, in his partner's window
        if not captain:
            return []
        out.sort()
        return out
    if window and not captain:  # suggestion_codes, the declarations being listed above
        made = s.suggested[seat]
        if len(made) < 2:
            possible = {_WORD[c] for c in out}
            out = [_SUGGEST[w] for w in DECLARATIONS if w in possible and w not in made]
        else:
            out = []
    moves = single_codes(s, seat)  # move_codes, written out
    hand = s.hands[seat]
    if len(hand) >= 4 and may_frame(hand):
        moves += frame_codes(s, seat)
    out += moves
    if window:
        out.append("draw")
    elif not (s.order is not None and s.order[0] == "card" and moves) \
            or options["enforcement"] == "penalty":
        out.append("pass")
    out.sort()
    return out


_SEATS: Final = range(4)
