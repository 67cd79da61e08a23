"""One outgoing path for every message: a queue per chat, spaced to the platform's limits
(issue #11 "Telegram delivery").

Telegram allows a bot about one message a second in one chat, twenty a minute in one group and
about thirty a second overall, and answers 429 when pushed harder. The ``Outbox`` wraps any
``Messenger`` (platform-neutral: Discord has per-channel limits too, and its own queue order
matters the same way) and

* gives every chat its own worker and FIFO queue, created on demand and dropped once the chat
  has been quiet for a whole limit window, so a private chat never waits behind a group;
* coalesces edits of the same message still queued: only the newest screen is sent;
* spaces calls with sliding windows (per chat, per group, global) in which sends and edits
  count; the global window keeps a share that only private chats may use;
* lets callers that need a message id await it (``send``, the ``Messenger`` protocol), and
  callers that must not wait (a table refresh under the table's lock) enqueue and get a
  ``Delivery`` future resolving to the message id (a new one if the message was re-posted) or
  raising (``Undeliverable`` for a person who blocked or never opened the bot).

Waiting on a 429 (``retry_after``) is the wrapped messenger's job; it happens inside the chat's
worker, so only that chat waits. A group that moved to a new id (``ChatMigrated``: Telegram
upgraded it to a supergroup) is followed: a new message is sent to the new chat instead (an
edit or a deletion of a message of the old chat fails with ``ChatMigrated``: the service posts
the chat's table and lobby anew there), later calls to the old id go to the new one, and
``on_migrate`` tells the service, which moves the chat's data.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot import metrics
from bot.messenger import Messenger
from bot.model import ChatMigrated, Person, Place, Screen, Target

log = logging.getLogger(__name__)

#: A message id on its way: resolves to the id (of the message sent, or of the message edited,
#: which differs when it had to be posted anew), or raises what the platform refused with.
Delivery = asyncio.Future[str]
#: How long ``Outbox.close`` waits for queued calls, seconds.
CLOSE_WAIT = 10.0


@dataclass(frozen=True)
class Limits:
    """How fast the bot may send; sends and edits both count.

    The defaults keep a margin below Telegram's published limits (1 message a second in a chat,
    20 a minute in a group, 30 a second overall).

    Attributes:
        chat_per_second: messages to one chat in any ``second``-long window.
        group_per_minute: messages to one group in any ``minute``-long window.
        global_per_second: messages to all chats together in any ``second``-long window.
        private_reserve: how many of ``global_per_second`` only private chats may use, so that
            busy groups never starve the players' hand messages.
        time_scale: multiplies both windows (1.0: real seconds; tests shrink it).
    """

    chat_per_second: int = 1
    group_per_minute: int = 19
    global_per_second: int = 25
    private_reserve: int = 5
    time_scale: float = 1.0

    @property
    def second(self) -> float:
        """The short window, seconds."""
        return 1.0 * self.time_scale

    @property
    def minute(self) -> float:
        """The group window, seconds."""
        return 60.0 * self.time_scale


@dataclass
class _Stamp:
    """One API call in the windows: in flight until ``end`` (loop time, seconds) is set."""

    end: float | None = None


class _Window:
    """The calls of the last ``span`` seconds, for "at most N calls in any ``span`` seconds".

    Written here rather than taken from ``aiolimiter``: a leaky bucket (aiolimiter) lets a
    full bucket's burst plus the refill through within one window (nearly 40 messages in a
    group's minute for a rate of 20/min), while Telegram counts a sliding window; and the global
    window needs a share reserved for private chats, which no such library offers.

    A call counts from its start until ``span`` after its answer arrived: the server counts it
    somewhere in between, so measuring from the answer keeps the spacing right whatever the
    network latency (which does not shrink with ``time_scale``).
    """

    def __init__(self, span: float) -> None:
        self.span = span
        self._stamps: deque[_Stamp] = deque()

    def _prune(self, now: float) -> None:
        self._stamps = deque(s for s in self._stamps if s.end is None or now - s.end < self.span)

    def wait(self, now: float, limit: int) -> float:
        """Seconds until one more call fits under ``limit`` (0: it fits now)."""
        self._prune(now)
        if len(self._stamps) < limit:
            return 0.0
        ends = sorted(s.end for s in self._stamps if s.end is not None)
        if len(self._stamps) - len(ends) >= limit or not ends:
            return max(self.span / 10, 0.001)  # all slots in flight: look again soon
        # the oldest finished calls expire first; enough of them must go to free one slot
        return ends[len(self._stamps) - limit] + self.span - now

    def add(self, stamp: _Stamp) -> None:
        self._stamps.append(stamp)

    def empty(self, now: float) -> bool:
        self._prune(now)
        return not self._stamps

    def quiet_in(self, now: float) -> float:
        """Seconds until every call has left the window (0: it is empty)."""
        self._prune(now)
        if any(s.end is None for s in self._stamps):
            return self.span
        return max((s.end + self.span - now for s in self._stamps if s.end is not None),
                   default=0.0)


#: Group calls that may go at once (a deal's result, the new table message, the old one's
#: deletion); beyond them a group's calls are spread over the minute.
GROUP_BURST = 5


def group_wait(window: _Window, now: float, limits: Limits) -> float:
    """Seconds until one more call to a group fits (0: now): under the group's limit in any
    minute, and, once ``GROUP_BURST`` calls are in the window, no sooner than an even share
    of the rest of the minute after the newest one (``minute / (limit - burst)``, about 4 s),
    so a fast table's edits come seconds late instead of the whole budget going at once and
    the table freezing for the rest of the minute."""
    wait = window.wait(now, limits.group_per_minute)
    window._prune(now)
    if len(window._stamps) < GROUP_BURST:
        return wait
    gap = limits.minute / max(limits.group_per_minute - GROUP_BURST, 1)
    ends = [s.end for s in window._stamps if s.end is not None]
    if len(ends) < len(window._stamps):
        return max(wait, limits.second / 10)  # a call in flight: look again soon
    return max(wait, max(ends) + gap - now)


JobKind = Literal["send", "update", "photo", "document", "delete"]


@dataclass(eq=False)
class _Job:
    """One queued call. ``message``/``after`` name the message an update or a deletion is
    about: the result of ``after`` when it succeeded, else ``message`` (None: post anew)."""

    kind: JobKind
    target: Target
    future: asyncio.Future[Any]
    screen: Screen | None = None
    message: str | None = None
    after: Delivery | None = None
    only_if: Delivery | None = None
    data: bytes = b""
    filename: str = ""

    @property
    def counts(self) -> bool:
        """Whether the call takes a slot in the windows (deletions are not rate-limited)."""
        return self.kind != "delete"


@dataclass(eq=False)
class _Chat:
    """A chat's queue and windows; ``worker`` runs while it has work or recent calls."""

    group: bool
    jobs: deque[_Job] = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    short: _Window | None = None
    long: _Window | None = None
    worker: asyncio.Task[None] | None = None


def _observe(future: asyncio.Future[Any]) -> None:
    """Mark a delivery's error as seen: a fire-and-forget delivery's caller may never look."""
    if not future.cancelled():
        future.exception()


def _resolve(message: str | None, after: Delivery | None) -> str | None:
    """The message an update or deletion is about (see ``_Job``)."""
    if after is not None and after.done() and not after.cancelled() \
            and after.exception() is None:
        return after.result()
    return message


def _failed(delivery: Delivery | None) -> bool:
    return delivery is not None and (delivery.cancelled() or delivery.exception() is not None)


class Outbox:
    """A ``Messenger`` that queues every call per chat and spaces them to ``limits``.

    Args:
        messenger: the platform's messenger doing the calls.
        limits: the rates to keep; None sends as fast as calls come (tests, Discord whose
            library waits out its own limits), still in order per chat and coalesced.
        is_group: whether a target is a group chat (Telegram: a negative chat id); groups get
            the per-minute limit and cannot use the private reserve.
    """

    def __init__(self, messenger: Messenger, *, limits: Limits | None = None,
                 is_group: Callable[[Target], bool] | None = None) -> None:
        self.messenger = messenger
        self.platform = messenger.platform
        self.limits = limits
        self._is_group = is_group or (lambda target: not target.private)
        self._chats: dict[str, _Chat] = {}
        self._global = _Window(limits.second if limits else 0.0)
        self._pending = 0  # jobs queued or running, over all chats
        self._idle = asyncio.Event()
        self._idle.set()
        #: Chats that moved: old id -> new id (see ``ChatMigrated``).
        self._moved: dict[str, str] = {}
        #: Called with (old id, new id) when a call finds its chat moved; must not block.
        self.on_migrate: Callable[[str, str], None] | None = None
        #: When this outbox began (loop time): a group first seen in the minute after it may
        #: have been written to just before a restart, which Telegram still counts.
        self._started: float | None = None  # set when the first chat is seen

    @property
    def busy(self) -> bool:
        """Whether calls are queued or running."""
        return self._pending > 0

    @property
    def pending(self) -> int:
        """Calls queued or running, over all chats (the queue's depth)."""
        return self._pending

    def __len__(self) -> int:
        """Chats with a live worker (bounded by the chats active in the last window)."""
        return len(self._chats)

    # ---- enqueueing ----------------------------------------------------------------------

    def _enqueue(self, job: _Job, *, soon: bool = False) -> asyncio.Future[Any]:
        key = job.target.chat_ext_id
        chat = self._chats.get(key)
        if chat is None:
            chat = self._chats[key] = self._new_chat(job.target)
        job.future.add_done_callback(_observe)
        metrics.time_delivery(job.future)
        if soon:  # first in line (a call under way has already left the queue)
            chat.jobs.appendleft(job)
        else:
            chat.jobs.append(job)
        self._pending += 1
        self._idle.clear()
        chat.wake.set()
        if chat.worker is None:
            chat.worker = asyncio.create_task(self._work(key, chat),
                                              name=f"outbox-{self.platform}-{key}")
        return job.future

    def _new_chat(self, target: Target) -> _Chat:
        group = self._is_group(target)
        chat = _Chat(group)
        if self.limits is not None:
            chat.short = _Window(self.limits.second)
            chat.long = _Window(self.limits.minute) if group else None
            if chat.long is not None:
                self._start_cautious(chat.long)
        return chat

    def _start_cautious(self, window: _Window) -> None:
        """A group's minute window right after start-up begins as if the group had used its
        whole budget, evenly, over the minute before: calls then come spaced at
        ``minute / limit`` until that minute is over, never a fresh burst that Telegram,
        counting the calls made before a restart, would answer with 429. (No table is needed
        for the windows to survive a restart.)"""
        assert self.limits is not None
        if self._started is None:
            self._started = asyncio.get_running_loop().time()
        span, limit = self.limits.minute, self.limits.group_per_minute
        for i in range(limit):  # those of the minute before start-up; later ones expire at once
            window.add(_Stamp(end=self._started - span + span * (i + 1) / limit))

    def post(self, target: Target, screen: Screen) -> Delivery:
        """Queue a new message; the delivery resolves to its id. Nothing waits for the queue."""
        return self._enqueue(_Job("send", target, asyncio.get_running_loop().create_future(),
                                  screen))

    def send_soon(self, target: Target, screen: Screen) -> Delivery:
        """Queue a new message ahead of the chat's queued calls: the answer to a command
        (/stats, /top) does not wait behind a busy group's table edits, which only merge
        meanwhile. It still keeps the chat's limits."""
        return self._enqueue(_Job("send", target, asyncio.get_running_loop().create_future(),
                                  screen), soon=True)

    def update(self, target: Target, screen: Screen, *, message: str | None,
               after: Delivery | None = None) -> Delivery:
        """Queue an edit of a message to ``screen`` (posted anew if it cannot be edited).

        The message is ``after``'s result when ``after`` (an earlier delivery to the same chat)
        succeeded, else ``message``; with neither, ``screen`` is posted as a new message. An
        edit of the same message still in the queue, or ``after`` itself while still queued,
        just takes the newer screen: its delivery is returned.
        """
        chat = self._chats.get(target.chat_ext_id)
        for job in chat.jobs if chat else ():
            if job.future.done():  # withdrawn
                continue
            if after is not None and job.future is after and job.kind in ("send", "update"):
                job.screen = screen
                return after
            if job.kind == "update" and (message is not None or after is not None) \
                    and job.after is after and job.message == message and job.target == target:
                job.screen = screen
                return job.future
        return self._enqueue(_Job("update", target, asyncio.get_running_loop().create_future(),
                                  screen, message=message, after=after))

    def remove(self, target: Target, *, message: str | None, after: Delivery | None = None,
               only_if: Delivery | None = None) -> asyncio.Future[bool]:
        """Queue a deletion of a message (named as in ``update``), skipped when ``only_if``
        failed (an old table message stays until its replacement is there)."""
        return self._enqueue(_Job("delete", target, asyncio.get_running_loop().create_future(),
                                  message=message, after=after, only_if=only_if))

    def withdraw(self, delivery: Delivery) -> bool:
        """Cancel ``delivery`` if its call has not started (True), e.g. an edit of a table
        message that is about to be replaced."""
        if delivery.done():
            return False
        for chat in self._chats.values():  # a job still queued has not started (see _work)
            if any(job.future is delivery for job in chat.jobs):
                delivery.cancel()
                return True
        return False

    # ---- the Messenger protocol (awaits the queue) ------------------------------------------

    async def send(self, target: Target, screen: Screen) -> str:
        return await self.post(target, screen)

    async def edit(self, target: Target, message_id: str, screen: Screen) -> str:
        return await self.update(target, screen, message=message_id)

    async def send_photo(self, target: Target, image: bytes, caption: Screen) -> str:
        future = asyncio.get_running_loop().create_future()
        result: str = await self._enqueue(_Job("photo", target, future, caption, data=image))
        return result

    async def send_document(self, target: Target, data: bytes, filename: str,
                            caption: Screen) -> str:
        future = asyncio.get_running_loop().create_future()
        result: str = await self._enqueue(_Job("document", target, future, caption, data=data,
                                               filename=filename))
        return result

    async def delete(self, target: Target, message_id: str) -> bool:
        result: bool = await self.remove(target, message=message_id)
        return result

    async def is_admin(self, place: Place, person: Person) -> bool:
        return await self.messenger.is_admin(place, person)

    async def is_member(self, place: Place, person: Person) -> bool:
        return await self.messenger.is_member(place, person)

    def deep_link(self, payload: str) -> str | None:
        return self.messenger.deep_link(payload)

    # ---- flushing ------------------------------------------------------------------------

    async def drain(self) -> None:
        """Wait until every queued call was made (at shut-down, and in tests)."""
        await self._idle.wait()

    async def close(self, timeout: float = CLOSE_WAIT) -> None:
        """Make the queued calls (for at most ``timeout`` seconds: a group's spacing may hold
        many), then stop the workers; calls still queued are dropped (the next start redraws
        every table from the stored state)."""
        try:
            async with asyncio.timeout(timeout):
                await self.drain()
        except TimeoutError:
            log.warning("outbox closed with %s calls still queued", self._pending)
        workers = [c.worker for c in self._chats.values() if c.worker is not None]
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        self._chats.clear()

    # ---- the workers ---------------------------------------------------------------------

    async def _work(self, key: str, chat: _Chat) -> None:
        """Run a chat's queue in order; stay while the chat's windows hold calls (dropping them
        sooner would let the next burst exceed the limit), then drop the chat."""
        loop = asyncio.get_running_loop()
        try:
            while True:
                if not chat.jobs:
                    quiet = max((w.quiet_in(loop.time()) for w in (chat.short, chat.long) if w),
                                default=0.0)
                    if quiet <= 0:
                        return
                    chat.wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(chat.wake.wait(), quiet)
                    continue
                job = chat.jobs[0]
                if job.future.done():  # withdrawn: costs no call
                    chat.jobs.popleft()
                    self._done()
                    continue
                stamp = await self._slot(key, chat) if job.counts else None
                # from now on a newer edit is queued behind this one (``send_soon`` may have
                # put a job before it meanwhile)
                chat.jobs.remove(job)
                try:
                    await self._run(job)
                finally:
                    if stamp is not None:
                        stamp.end = loop.time()
                    self._done()
        finally:
            if self._chats.get(key) is chat:
                del self._chats[key]
            for job in chat.jobs:  # only on cancellation: nobody will make these calls
                job.future.cancel()
                self._done()

    def _done(self) -> None:
        self._pending -= 1
        if self._pending == 0:
            self._idle.set()

    async def _slot(self, key: str, chat: _Chat) -> _Stamp | None:
        """Wait until the chat's and the global windows admit one call; take it."""
        limits = self.limits
        if limits is None or chat.short is None:
            return None
        loop = asyncio.get_running_loop()
        cap = limits.global_per_second - (limits.private_reserve if chat.group else 0)
        started, waited = loop.time(), False
        while True:
            now = loop.time()
            wait = max(chat.short.wait(now, limits.chat_per_second),
                       group_wait(chat.long, now, limits) if chat.long else 0.0,
                       self._global.wait(now, max(cap, 1)))
            if wait <= 0:
                break
            await asyncio.sleep(wait)
            waited = True
        if waited:
            log.debug("chat %s waited %.2f s for the flood limits", key, loop.time() - started)
        stamp = _Stamp()
        for window in (chat.short, chat.long, self._global):
            if window is not None:
                window.add(stamp)
        return stamp

    async def _run(self, job: _Job) -> None:
        """Make one call and settle its future (errors go to the future, never up)."""
        if job.future.done():  # cancelled by its caller meanwhile
            return
        try:
            if job.target.chat_ext_id in self._moved:
                self._retarget(job, self._moved[job.target.chat_ext_id])
            try:
                result = await self._call(job)
            except ChatMigrated as moved:
                self._migrated(job.target.chat_ext_id, moved.new_chat_ext_id)
                self._retarget(job, moved.new_chat_ext_id)
                result = await self._call(job)  # once: the new chat cannot have moved too
        except Exception as exc:
            if not job.future.done():
                job.future.set_exception(exc)
            return
        except BaseException:
            if not job.future.done():  # cancelled (or worse): whoever waits must not hang
                job.future.cancel()
            raise
        if not job.future.done():
            job.future.set_result(result)

    def _migrated(self, old: str, new: str) -> None:
        """Remember that chat ``old`` is now ``new`` and tell ``on_migrate`` (once)."""
        if self._moved.get(old) == new:
            return
        self._moved[old] = new
        log.info("chat %s moved to %s: its messages follow", old, new)
        if self.on_migrate is not None:
            self.on_migrate(old, new)

    @staticmethod
    def _retarget(job: _Job, new: str) -> None:
        """Point ``job`` at the chat's new id.

        Raises:
            ChatMigrated: the job edits or deletes a message of the old chat, which does not
                exist in the new one; the migration posts the chat's table and lobby anew, so
                the edit is dropped (posting it too would leave two table messages).
        """
        if job.kind in ("update", "delete") and _resolve(job.message, job.after) is not None:
            raise ChatMigrated(new)
        job.target = replace(job.target, chat_ext_id=new)

    async def _call(self, job: _Job) -> Any:
        inner, target = self.messenger, job.target
        if job.kind == "send":
            assert job.screen is not None
            return await inner.send(target, job.screen)
        if job.kind == "update":
            assert job.screen is not None
            message = _resolve(job.message, job.after)
            if message is None:
                return await inner.send(target, job.screen)
            return await inner.edit(target, message, job.screen)
        if job.kind == "photo":
            assert job.screen is not None
            return await inner.send_photo(target, job.data, job.screen)
        if job.kind == "document":
            assert job.screen is not None
            return await inner.send_document(target, job.data, job.filename, job.screen)
        message = _resolve(job.message, job.after)
        if message is None or _failed(job.only_if):
            return False
        return await inner.delete(target, message)


async def settled(delivery: asyncio.Future[Any]) -> BaseException | None:
    """Await ``delivery``; return its error instead of raising it (None on success;
    ``CancelledError`` for a withdrawn delivery)."""
    try:
        await delivery
    except asyncio.CancelledError as exc:
        if delivery.cancelled():
            return exc
        raise  # the awaiting task itself is cancelled
    except Exception as exc:
        return exc
    return None
