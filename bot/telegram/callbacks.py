"""Typed callback data (aiogram ``CallbackData`` factories): the one codec for button data.

``|`` separates fields because action codes contain ``:``. Telegram allows 64 bytes; an action
code is at most 24 characters (docs/design.md "Action codes"), so ``a|<table>|<version>|<code>``
fits.
"""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData

from bot.model import ActData, ExpandData, LobbyData, LobbyOp, RecordData, RecordKind


class ActCb(CallbackData, prefix="a", sep="|"):
    """A game action: table id, state version, action code."""

    t: int
    v: int
    c: str

    def to_data(self) -> ActData:
        """The platform-neutral value."""
        return ActData(self.t, self.v, self.c)


class ConfirmCb(CallbackData, prefix="k", sep="|"):
    """The misclick guard's second tap: a drastic call confirmed (table, version, code)."""

    t: int
    v: int
    c: str

    def to_data(self) -> ActData:
        """The platform-neutral value."""
        return ActData(self.t, self.v, self.c, confirmed=True)


class ExpandCb(CallbackData, prefix="x", sep="|"):
    """Open (or, with an empty prefix, close) a choice on a hand message."""

    t: int
    v: int
    p: str = ""

    def to_data(self) -> ExpandData:
        """The platform-neutral value."""
        return ExpandData(self.t, self.v, self.p)


class LobbyCb(CallbackData, prefix="l", sep="|"):
    """A lobby button: table id, operation, argument (``key=value`` for options)."""

    t: int
    op: str
    arg: str = ""

    def to_data(self) -> LobbyData | None:
        """The platform-neutral value, or None for an unknown operation (garbage data)."""
        ops: tuple[LobbyOp, ...] = ("join", "leave", "start", "cancel", "opt", "stop", "bot",
                                    "unbot", "sit", "rematch", "hand")
        for op in ops:
            if op == self.op:
                return LobbyData(self.t, op, self.arg)
        return None


class RecordCb(CallbackData, prefix="r", sep="|"):
    """A records button (picture, deal record, export): table id, kind, deal number."""

    t: int
    k: str
    n: int = 0

    def to_data(self) -> RecordData | None:
        """The platform-neutral value, or None for an unknown kind (garbage data)."""
        kinds: tuple[RecordKind, ...] = ("pic", "deal", "export")
        for kind in kinds:
            if kind == self.k:
                return RecordData(self.t, kind, self.n)
        return None


def pack(data: ActData | ExpandData | LobbyData | RecordData) -> str:
    """Callback data string for a platform-neutral button value."""
    if isinstance(data, RecordData):
        return RecordCb(t=data.table_id, k=data.kind, n=data.deal).pack()
    if isinstance(data, ActData) and data.confirmed:
        return ConfirmCb(t=data.table_id, v=data.version, c=data.code).pack()
    if isinstance(data, ActData):
        return ActCb(t=data.table_id, v=data.version, c=data.code).pack()
    if isinstance(data, ExpandData):
        return ExpandCb(t=data.table_id, v=data.version, p=data.prefix).pack()
    return LobbyCb(t=data.table_id, op=data.op, arg=data.arg).pack()


#: Ids and versions in button data fit a signed 63-bit integer (the database's BIGINT).
MAX_ID = 2**62


def in_range(*numbers: int) -> bool:
    """True when every number is a plausible id or version (garbage data is refused early)."""
    return all(0 <= n < MAX_ID for n in numbers)
