"""The misclick guard's setting: ``/confirm on|off`` (the calls it guards: bot/state/drastic.py;
the question itself: ``Play.act`` and the hand message, bot/show/hand.py)."""

from __future__ import annotations

from bot.model import Person, Place
from bot.tables.kit import Kit

#: ``/confirm`` arguments and the setting each one stores.
CHOICES = {"on": True, "off": False}


class Guard:
    """The per-player setting of the misclick guard.

    Args:
        kit: the service's shared parts.
    """

    def __init__(self, kit: Kit) -> None:
        self.kit = kit

    async def confirm(self, place: Place | None, person: Person, arg: str) -> str:
        """``/confirm on|off`` by ``person`` in ``place`` (a group or his private chat; None
        where the platform gives none: answered as in his private chat).

        ``arg`` ``on`` or ``off`` stores the setting (on for every player until he turns it
        off); anything else, an empty text included, changes nothing. Returns the answer, in
        the chat's language (in private, the person's: ``Kit.reply_tr``): the setting as it is
        now and how to change it.
        """
        async with self.kit.store.transaction() as tx:
            tr = await self.kit.reply_tr(tx, place, person)
            user = await tx.upsert_user(self.kit.platform, person.ext_id, person.name,
                                        person.username)
            choice = CHOICES.get(arg.strip().lower())
            if choice is not None:
                user.confirm = choice
                await tx.session.flush()
                return tr("confirm.set_on" if choice else "confirm.set_off")
        state = tr("confirm.state_on" if user.confirm else "confirm.state_off")
        # Discord's /confirm takes a yes/no option, not a word
        return tr.maybe(f"confirm.usage.{self.kit.platform}", tr("confirm.usage", state=state),
                        state=state)
