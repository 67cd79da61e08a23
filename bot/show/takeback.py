"""What takebacks add to a hand message and to a deal record (the use cases:
bot/tables/takeback.py): the "Take back" button of the last human mover, the question with
"Accept" / "Decline" to the others, the asker's "Withdraw"; the moves taken back in a deal."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Translator
from bot.markup import escape
from bot.model import ActData, Button, Screen
from bot.show.common import TableInfo, code_label
from bot.state.load import TAKEN_BACK, Loaded, takeback_request
from bot.state.undo_state import ASK, NO, YES, may_ask, waiting_for

Rows = tuple[tuple[Button, ...], ...]


def move_label(tr: Translator, move: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """The label of a move one may take back (``{"code", "view"?}``: a ``LAST_HUMAN`` entry or a
    request): as its button named it, from the table before the move (its stored ``view``),
    else from ``view`` (a move noted before the view was kept). A move whose button is a
    command ("Suggest a dobor") has words of its own for a sentence (``took.<code>``: "the
    suggestion to the captain: a dobor")."""
    said = "took." + move["code"].replace(":", ".")
    if tr.catalogs.has(tr.lang, said):
        return tr(said)
    return code_label(tr, move["code"], move.get("view") or view)


def with_takeback(tr: Translator, info: TableInfo, loaded: Loaded, seat: int,
                  view: Mapping[str, Any], screen: Screen) -> Screen:
    """``screen`` (the hand of ``seat``, a person playing it himself) with what takebacks add:
    lines at the end of its text, the answer buttons first, "Take back" / "Withdraw" last.
    Unchanged where takebacks are off or have nothing to say to this seat."""
    lines: list[str] = []
    top: Rows = ()
    bottom: Rows = ()

    def button(key: str, code: str, **kwargs: Any) -> Button:
        return Button(tr(key, **kwargs), ActData(info.table_id, info.version, code))

    request = takeback_request(loaded.table)
    if request is not None:
        waiting = waiting_for(loaded, request)
        if seat == request["seat"]:
            names = escape(", ".join(info.names[s] for s in waiting))
            lines.append("↩️ " + tr("takeback.you_asked",
                                    call=move_label(tr, request, view), names=names))
            bottom = ((button("takeback.withdraw", NO),),)
        elif seat in waiting:
            lines.append("↩️ <b>" + tr("takeback.asks", name=info.names[request["seat"]],
                                       call=move_label(tr, request, view)) + "</b>")
            top = ((button("takeback.accept", YES), button("takeback.decline", NO)),)
        elif seat in request.get("yes", []):  # those still to answer named (one or more)
            names = escape(", ".join(info.names[s] for s in waiting))
            lines.append("↩️ " + tr("takeback.you_accepted", waiting=names))
    elif (last := may_ask(loaded, seat)) is not None:
        bottom = ((button("takeback.button", ASK, call=move_label(tr, last, view)),),)
    if not (lines or top or bottom):
        return screen
    text = "\n".join([screen.text, *lines])
    return dataclasses.replace(screen, text=text, buttons=top + screen.buttons + bottom)


def takeback_notice(tr: Translator, platform: str, notice: str, *, name: str, mover: str,
                    call: str, asked: Sequence[str], waiting: Sequence[str],
                    by_bot: Sequence[str] = ()) -> str:
    """The group's notice ``notice`` (a ``takeback.*`` key) about a request: ``name`` is who
    pressed (or left), ``mover`` the player whose move it is, ``call`` the move as its button
    named it; ``asked``, ``waiting``: the names of the players asked and of those still to
    answer (said after a colon, so no case ending depends on them); ``by_bot``: the names of
    those asked whose seat a bot took over as they left, which accepted for them.

    A platform may word a notice its own way (``<notice>.<platform>``). Where one other player
    was asked, he is named in the singular (``<notice>[.<platform>].one``: "Boris agreed", not
    "Everyone agreed"); a takeback that bots accepted for players who left says so
    (``takeback.done.bot``, ``.agreed`` when some asked accepted themselves), never "Everyone
    agreed"."""
    agreed = list(asked)
    for n in by_bot:  # one name off per bot (two players may share a name)
        agreed.remove(n)
    words = {"name": name, "call": call, "mover": mover,
             "other": asked[0] if len(asked) == 1 else "", "waiting": ", ".join(waiting),
             "agreed": ", ".join(agreed), "bots": ", ".join(by_bot)}
    if notice == "takeback.done" and by_bot:
        key = "takeback.done.bot" + (".agreed" if agreed else "")
        return tr.plural(key, len(by_bot), **words)
    keys = [f"{notice}.{platform}", notice]
    if len(asked) == 1:  # one other player: named, in the singular
        keys = [f"{key}.one" for key in keys] + keys
    key = next((k for k in keys if tr.catalogs.has("en", k)), notice)
    return tr(key, **words)


def taken_back_lines(tr: Translator, info: TableInfo, options: dict[str, Any],
                     deal: int) -> list[str]:
    """The deal record's lines for the moves taken back in deal ``deal`` (engine's number),
    naming the one other player who agreed where only one was asked."""
    done = [d for d in options.get(TAKEN_BACK, [])
            if isinstance(d, dict) and d.get("deal") == deal]
    lines = []
    for d in done:
        asked = [s for s in d.get("asked") or [] if isinstance(s, int) and s < len(info.names)]
        words = {"name": info.names[d["seat"]], "call": move_label(tr, d, {"groups": {}})}
        if len(asked) == 1:  # one other player: "Taken back (Boris agreed)"
            lines.append("↩️ " + tr("takeback.in_record.one", other=info.names[asked[0]],
                                    **words))
        else:
            lines.append("↩️ " + tr("takeback.in_record", **words))
    return lines


def label_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """What a move's label needs of the mover's view before his move (the game, the up-card,
    the facts, and of his private facts the meld a ``declare:best`` names: it is announced by
    its kind, DB-MELD-5, so the group may read it), kept with a move taken back so that the
    requests, the notices and the deal record name it as its button did."""
    named = [f for f in view.get("private") or [] if f.get("key") == "best_meld"]
    return {"game": view.get("game", ""), "facts": [*view.get("facts", []), *named],
            "groups": {"up_card": (view.get("groups") or {}).get("up_card") or []}}
