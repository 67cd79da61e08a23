"""The lobby message: seats (pairs), options, and the lobby's buttons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import engine
from bot.i18n import Translator
from bot.markup import Html, escape
from bot.model import Button, LobbyData, Screen
from bot.show.common import game_text, num, pair_label

#: Options whose value is a seat (Berg's captains, BERG-SETUP-1): the lobby adds its player.
SEAT_OPTIONS = frozenset({"captain_02", "captain_13"})

#: The bot players a lobby can add (engine.ai.LEVELS).
BOT_LEVELS = ("easy", "normal", "strong")


def welcome_text(tr: Translator) -> str:
    """The private greeting of someone with nothing waiting: what the bot is, and every
    registered game with its players and its ``/new`` command, one a line
    ("• /new deberts — Deberts, 2–3 players")."""
    lines = []
    for game in engine.list_games():
        players = (str(game.min_players) if game.min_players == game.max_players
                   else f"{game.min_players}–{game.max_players}")
        lines.append(tr("start.welcome.game", game=tr.maybe(f"game.{game.id}", game.title),
                        players=players, command=f"/new {game.id}"))
    return tr("start.welcome", games=Html("\n".join(lines)))


def insurance_price(game: str, options: Mapping[str, Any]) -> float | None:
    """What a Berg captain's insurance (``declare:insure``) costs under the table's
    ``options`` (points, defaults for missing keys; BERG-INS-6/7), None for another game or an
    insurance type that is not bought."""
    if game != "berg":
        return None
    from engine.berg.options import cost_half  # the engine's own price, not a copy of it

    schema = engine.get_game(game).info.options_schema()
    full = {k: o["default"] for k, o in schema.items()} | dict(options)
    if full.get("insurance_type") not in ("full", "simple"):
        return None
    return cost_half(full, "insure") / 2


def tie_turnover(game: str, options: Mapping[str, Any]) -> int | None:
    """The Berg turnover that ends the deal as a tie under the table's ``options`` (the
    fifth, under ``with_tie``, BERG-TIE-1), None for another game or a no-tie convention."""
    if game != "berg" or options.get("tie_convention", "with_tie") != "with_tie":
        return None
    from engine.berg.game import WITH_TIE_TURNOVERS  # the engine's own limit

    return WITH_TIE_TURNOVERS + 1


def option_value(tr: Translator, key: str, value: Any) -> str:
    """An option's value in players' words (``optval.<key>.<value>``), or the value itself (a
    price in half-points in the language's decimal style, ``0,5``)."""
    plain = num(tr, value, pattern="0.0") if isinstance(value, float) else str(value)
    return tr.maybe(f"optval.{key}.{value}", plain)


def _seated_value(tr: Translator, key: str, value: Any, names: Sequence[str | None]) -> str:
    """`option_value`, and for a seat option whose seat is taken its player: "player 1
    (Anna)" (plain text: a button's label; the lobby's lines escape it)."""
    shown = option_value(tr, key, value)
    if key in SEAT_OPTIONS and isinstance(value, int) and 0 <= value < len(names) \
            and (name := names[value]):
        shown += f" ({name})"
    return shown


#: Options that say nothing while another option has a value: game -> option -> (other, value).
#: Berg's penalty size applies only when offences are allowed and punished
#: (BERG-OPT-penalty, BERG-OPT-enforcement).
MOOT_OPTIONS: dict[str, dict[str, tuple[str, Any]]] = {
    "berg": {"penalty_size": ("enforcement", "automatic")},
}


def moot_option(game: str, key: str, options: Mapping[str, Any]) -> bool:
    """Whether option ``key`` is irrelevant under the other ``options`` (MOOT_OPTIONS)."""
    other = MOOT_OPTIONS.get(game, {}).get(key)
    return other is not None and options.get(other[0]) == other[1]


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
    unrated: str = "",
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
        unrated: why the match would not count for the ratings (a reason of
            bot/records/fair.py), "" when it would.
    """
    title = escape(tr.maybe(f"game.{game}", game))
    lines = [f"🃏 <b>{title}</b> · {tr('lobby.title')}"]
    pair_seats = [list(range(p, len(names), 2)) for p in (0, 1)] if pairs else []
    for members in pair_seats:
        shown = " · ".join(f"{s + 1}. {escape(n) if (n := names[s]) else '—'}" for s in members)
        pair = "+".join(str(s + 1) for s in members)  # "1+3", as the captains' options say
        if label := pair_label(tr, game, members):  # "1+3 (NS)", as the game's screens say
            pair = f"{pair} ({label})"
        lines.append(tr("lobby.pair", pair=pair, seats=Html(shown)))
    for i, n in enumerate(names if not pairs else ()):
        lines.append(f"{i + 1}. {escape(n) if n else '—'}")
    for key, value in options.items():
        if key in choices and not moot_option(game, key, options):
            shown = escape(_seated_value(tr, key, value, names))
            # what the value does, in a short phrase for a player who has not read /rules (a
            # club word in a value, "bait", "dave"; Berg's options): the game's own note first
            note = tr.maybe(f"optnote.{game}.{key}.{value}", tr.maybe(
                f"optnote.{key}.{value}", tr.maybe(f"optnote.{key}", "")))
            lines.append(f"{tr.maybe(f'opt.{key}', key)}: {shown}" + (f" — {note}" if note else ""))
    lines.append(tr(f"lobby.unrated.{unrated}") if unrated
                 else game_text(tr, game, "lobby.rated"))  # Berg: «игра», not «партия»
    if closed:
        lines.append(tr(closed))
        return Screen("\n".join(lines))
    hint = "lobby.hint_pairs" if pairs else \
        "lobby.hint.exact" if min_players == max_players else "lobby.hint"  # not "2–2"
    lines.append(tr(hint, min=min_players, max=max_players))
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
        if moot_option(game, key, options):
            continue
        current = options.get(key)
        nxt = values[(values.index(current) + 1) % len(values)] if current in values else values[0]
        label = tr.maybe(f"opt.{key}", key)
        # a captain's seat by its player once seated, as the option's line says it
        shown = f"{_seated_value(tr, key, current, names)} → {_seated_value(tr, key, nxt, names)}"
        rows.append((Button(f"{label}: {shown}",
                            LobbyData(table_id, "opt", f"{key}={nxt}"), foldable=True),))
    rows.append((*(Button("🤖+ " + tr.maybe(f"level.{level}", level),
                          LobbyData(table_id, "bot", level)) for level in BOT_LEVELS),
                 Button("🤖−", LobbyData(table_id, "unbot"))))
    rows.append((Button(tr("lobby.start"), LobbyData(table_id, "start")),
                 Button(tr("lobby.cancel"), LobbyData(table_id, "cancel"))))
    return Screen("\n".join(lines), tuple(rows))
