"""Component custom ids: the one codec for Discord button data (docs/design.md "Button data").

A custom id carries everything a press needs, so buttons keep working after a restart (they are
matched by pattern, ``DynamicItem``, not by a view kept in memory)::

    kz:a:<table>:<version>:<action code>     a game move
    kz:k:<table>:<version>:<action code>     a drastic move confirmed (the misclick guard)
    kz:x:<table>:<version>:<prefix>          open (or, empty, close) a choice on a hand
    kz:l:<table>:<op>:<arg>                  a lobby button (``arg`` = ``key=value`` for options)
    kz:h:<table>                             "My hand" under the table message
    kz:r:<table>:<kind>:<deal>               a records button (picture, deal record, export)
    kz:s:<n>                                 the n-th choice menu of a message (its options'
                                             values are custom ids of the kinds above)

Discord allows 100 characters; an action code is at most 24 (docs/design.md "Action codes"), so
every id fits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import get_args

from bot.model import ActData, ExpandData, LobbyData, LobbyOp, RecordData, RecordKind

PREFIX = "kz:"
#: Discord's limit on a component's custom id (and on a select option's value).
MAX_CUSTOM_ID = 100
#: Ids and versions fit a signed 63-bit integer (the database's BIGINT).
MAX_ID = 2**62
#: Every button id of ours (the ``DynamicItem`` template of buttons).
BUTTON_TEMPLATE = r"kz:[axlhrk]:.{1,96}"
#: Every choice-menu id of ours.
SELECT_TEMPLATE = r"kz:s:\d"
_NUMBER = r"(0|[1-9]\d{0,18})"
_ACT = re.compile(rf"kz:([ak]):{_NUMBER}:{_NUMBER}:([!-~]{{1,60}})")
_EXPAND = re.compile(rf"kz:x:{_NUMBER}:{_NUMBER}:([!-~]{{0,60}})")
_LOBBY = re.compile(rf"kz:l:{_NUMBER}:([a-z]{{1,10}}):([!-~]{{0,60}})")
_HAND = re.compile(rf"kz:h:{_NUMBER}")
_RECORD = re.compile(rf"kz:r:{_NUMBER}:([a-z]{{1,10}}):{_NUMBER}")
_OPS: tuple[LobbyOp, ...] = get_args(LobbyOp)
_KINDS: tuple[RecordKind, ...] = get_args(RecordKind)


@dataclass(frozen=True)
class HandRequest:
    """The "My hand" button: show the presser his hand at ``table_id`` (only to him)."""

    table_id: int


Pressed = ActData | ExpandData | LobbyData | RecordData | HandRequest


def pack(data: Pressed) -> str:
    """The custom id of a button carrying ``data``."""
    if isinstance(data, ActData):
        kind = "k" if data.confirmed else "a"
        return f"kz:{kind}:{data.table_id}:{data.version}:{data.code}"
    if isinstance(data, ExpandData):
        return f"kz:x:{data.table_id}:{data.version}:{data.prefix}"
    if isinstance(data, LobbyData):
        return f"kz:l:{data.table_id}:{data.op}:{data.arg}"
    if isinstance(data, RecordData):
        return f"kz:r:{data.table_id}:{data.kind}:{data.deal}"
    return f"kz:h:{data.table_id}"


def unpack(custom_id: str) -> Pressed | None:
    """The data of a custom id, or None for anything that is not one of ours (garbage)."""
    if m := _ACT.fullmatch(custom_id):
        data: Pressed = ActData(int(m[2]), int(m[3]), m[4], confirmed=m[1] == "k")
    elif m := _EXPAND.fullmatch(custom_id):
        data = ExpandData(int(m[1]), int(m[2]), m[3])
    elif m := _LOBBY.fullmatch(custom_id):
        op = next((o for o in _OPS if o == m[2]), None)
        if op is None:
            return None
        data = LobbyData(int(m[1]), op, m[3])
    elif m := _HAND.fullmatch(custom_id):
        data = HandRequest(int(m[1]))
    elif m := _RECORD.fullmatch(custom_id):
        kind = next((k for k in _KINDS if k == m[2]), None)
        if kind is None:
            return None
        data = RecordData(int(m[1]), kind, int(m[3]))
    else:
        return None
    numbers = [data.table_id] + ([data.version] if isinstance(data, ActData | ExpandData)
                                 else [data.deal] if isinstance(data, RecordData) else [])
    return data if all(n < MAX_ID for n in numbers) else None


def select_id(index: int) -> str:
    """The custom id of a message's ``index``-th choice menu (0..4)."""
    return f"kz:s:{index}"
