"""Each meld said in one line of a screen (issues #18, #20): the one place the table message
and a hand message leave out the lines that would say a meld again.

The engine's view says a meld where it happened: the declaration as it was made, the melds
compared, the points they score, the cards shown, the player's own melds. A screen shows one
of those lines per meld, chosen per game:

- Bazar-Belot (``_bazar_belot``): once trick 1 is complete, the scoring line says the melds
  with their shown cards, and the declarations go; while trick 1 is played, the player's own
  line with its points stands for his declaration.
- Deberts (``_deberts``): the facts in the order they happened (bot/show/fact_order.py),
  then the senior melds shown name their maker's melds with their points, and his
  declaration goes; the player's own melds go where a public line says the same.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.show.common import card_text
from bot.show.fact_order import in_play_order

Facts = list[dict[str, Any]]
Groups = dict[str, Sequence[dict[str, Any]]]


def melds_said_once(tr: Translator, game: str, view: Mapping[str, Any],
                    seat: int | None = None) -> tuple[Facts, Groups, Facts]:
    """``view``'s public facts, card groups and ``seat``'s private facts, each meld in one
    line (see the module's docstring). ``seat``: the hand's seat (its view's ``private`` is
    read), or None for the table message (no private facts). Other games: unchanged.

    Returns:
        ``(facts, groups, private)``: new lists and a new dict; the view is not changed.
    """
    facts, groups = list(view["facts"]), dict(view["groups"])
    private = list(view.get("private", [])) if seat is not None else []
    if game == "bazar_belot":
        return _bazar_belot(tr, facts, groups, private, seat)
    if game == "deberts":
        return _deberts(facts, groups, private, seat)
    return facts, groups, private


def _bazar_belot(tr: Translator, facts: Facts, groups: Groups, private: Facts,
                 seat: int | None) -> tuple[Facts, Groups, Facts]:
    """Once trick 1 is complete (the melds compared, BB-MELD-5, or all four declared
    nothing), the declarations (said as they were made) and the senior meld's owner (the
    scoring lines name him) are left out, and a scoring player's shown cards (BB-MELD-7) join
    his ``meld_points`` line ("Vera: berz K♠ Q♠ J♠ 10♠ (5)") instead of a line of their own.
    The seat's ``my_melds`` (his meld with its points) stands for his declaration while
    trick 1 is played; once the melds are compared the table's lines say them (or none: he
    does not score)."""
    if any(f["key"] == "my_melds" for f in private):
        if any(f["key"] in ("meld_points", "meld_winner") for f in facts):  # compared
            private = [f for f in private if f["key"] != "my_melds"]
        else:
            facts = [f for f in facts if not (f["key"] == "declaration"
                                              and f.get("seat") == seat)]
    # trick 1 over with no meld to compare: the declarations were all "nothing", said then
    compared = groups.get("last_trick") or any(f["key"] in ("meld_points", "meld_winner")
                                               for f in facts)
    if not compared:
        return facts, groups, private
    shown = list(groups.get("shown_melds") or ())
    scoring = {f.get("seat") for f in facts if f["key"] == "meld_points"}
    kept: Facts = []
    for f in facts:
        if f["key"] in ("declaration", "meld_winner"):
            continue
        cards = [card_text(c["card"], tr) for c in shown if c.get("seat") == f.get("seat")]
        if f["key"] == "meld_points" and len(f.get("each") or ()) > 1:
            # each meld with all its cards and its value, a card in two melds in both
            # (BB-MELD-3): "four aces A♠ A♥ A♦ A♣ 11 + terz A♣ K♣ Q♣ 2 (13)"
            f = {**f, "melds": [" + ".join(_meld_text(tr, m) for m in f["each"])]}
        elif f["key"] == "meld_points" and f.get("melds") and cards:
            kinds = ", ".join(tr.maybe(f"val.{k}", str(k)) for k in f["melds"])
            f = {**f, "melds": [f"{kinds} {' '.join(cards)}"]}
        kept.append(f)
    rest = [c for c in shown if c.get("seat") not in scoring]
    out = {k: v for k, v in groups.items() if k != "shown_melds"}
    if rest or (shown and not scoring):
        out["shown_melds"] = rest if scoring else shown
    return kept, out, private


def _meld_text(tr: Translator, meld: Mapping[str, Any]) -> str:
    """One meld with its cards and value: "terz A♣ K♣ Q♣ 2"."""
    cards = " ".join(card_text(c, tr) for c in meld["cards"])
    kind = str(meld["kind"])
    return f"{tr.maybe(f'val.{kind}', kind)} {cards} {meld['points']}"


def _deberts(facts: Facts, groups: Groups, private: Facts,
             seat: int | None) -> tuple[Facts, Groups, Facts]:
    """A declaration goes once its maker's senior melds are shown (``melds_won`` names them
    with their points, DB-MELD-7), and the seat's own ``my_melds`` goes where a public line
    already says the same melds (his shown senior melds, or his declaration when it was his
    only meld). The facts are put in the order they happened first (``in_play_order``,
    issue #20): a declaration places its maker's first-turn facts, so they take their place
    before it goes."""
    facts = in_play_order("deberts", facts)
    won = {f.get("seat") for f in facts if f["key"] == "melds_won"}
    public = [f for f in facts if not (f["key"] == "declaration" and f.get("seat") in won)]
    declared = next((f["value"] for f in facts
                     if f["key"] == "declaration" and f.get("seat") == seat), None)
    own = [f for f in private if not (f["key"] == "my_melds" and seat is not None and (
        seat in won or list(f.get("melds") or []) == [declared]))]
    return public, groups, own
