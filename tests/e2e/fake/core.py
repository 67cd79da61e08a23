"""State, HTTP plumbing, update queue and message storage of the fake server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Self

from aiohttp import web

from .models import (
    ApiCall,
    CallbackQueryRecord,
    FakeChat,
    FakeFile,
    FakeMessage,
    FakeUser,
    MessageSnapshot,
    RateLimits,
    UploadedFile,
)
from .params import ApiError, Params, RateLimiter, bad_request, forbidden, normalize_params
from .webhook import WebhookDelivery

__all__ = ["DEFAULT_TOKEN", "FakeTelegramCore"]

Handler = Callable[[Params], Awaitable[Any]]

DEFAULT_TOKEN = "4242424242:AAFakeTokenForKozyrEndToEndTests_000"
# Update types Telegram does not send unless explicitly listed in allowed_updates.
_OPT_IN_UPDATES = frozenset({"chat_member", "message_reaction", "message_reaction_count"})


@dataclass
class _InjectedError:
    method: str
    error: ApiError
    times: int


class FakeTelegramCore:
    """Shared state and infrastructure; see :class:`FakeTelegram` for the public API."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        bot_username: str = "kozyr_test_bot",
        bot_name: str = "Kozyr Test",
        rate_limits: bool | RateLimits = False,
        privacy_mode: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        bot_id = int(token.split(":", 1)[0])
        self.token = token
        self.bot_user = FakeUser(
            bot_id, bot_name, username=bot_username, is_bot=True, language_code=None
        )
        self.privacy_mode = privacy_mode
        """Like Telegram's default: in groups where the bot is not admin it only
        receives commands, replies to its messages and @mentions."""
        self.base_url = ""
        self._clock = clock
        self._time_offset = 0.0
        self._rate_limiter: RateLimiter | None = None
        self.rate_limits = RateLimits() if rate_limits is True else (rate_limits or None)

        self._users: dict[int, FakeUser] = {}
        self._chats: dict[int, FakeChat] = {}
        self._messages: dict[int, dict[int, FakeMessage]] = {}
        self._history: dict[int, list[MessageSnapshot]] = {}
        self._files: dict[str, FakeFile] = {}
        self._queries: dict[str, CallbackQueryRecord] = {}
        self.callback_query_ttl: float | None = None
        """Seconds after a press when answering it fails like Telegram's 400 "query is too
        old" (Telegram's own time-out is about 15 s); None: never."""
        self._commands: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self._webhook_url = ""
        self.webhook: WebhookDelivery | None = None
        """The running webhook delivery after setWebhook (None: getUpdates serves)."""

        self._pending: list[dict[str, Any]] = []
        self.updates: list[dict[str, Any]] = []
        """Every update ever enqueued, in order."""
        self.dropped_updates: list[dict[str, Any]] = []
        """Updates discarded because their type was not in ``allowed_updates``."""
        self._next_update_id = 10_000
        self._delivered_max = 0
        self._allowed_updates: list[str] | None = None
        self._poll_generation = 0
        self._updates_signal = asyncio.Event()

        self._calls: list[ApiCall] = []
        self._changed = asyncio.Event()
        self._inflight = 0
        #: Updates a dispatcher run by ``polling`` is handling now (its outer middleware): a
        #: handler busy with the database or a render makes no API call for a while, and a
        #: ``settle`` that only watched the calls would return in the middle of it.
        self._handling = 0
        self._last_activity = 0.0
        self._injected: list[_InjectedError] = []
        self.before_call: Callable[[ApiCall], Awaitable[None]] | None = None
        """Awaited before every call but getUpdates is served: a test may inspect the state at
        that point, stall the call, or kill the bot process there."""
        self.after_call: Callable[[ApiCall], Awaitable[None]] | None = None
        """Awaited after every call but getUpdates is served and before its reply goes back
        (``call.response`` set: a sent message is in the chat, its id not yet with the bot): a
        test may hold the reply there while users press the message's buttons."""
        self.server_errors: list[BaseException] = []
        """Unexpected exceptions inside the fake itself (answered with HTTP 500)."""

        self._runner: web.AppRunner | None = None
        self._closing = False
        self._handlers: dict[str, tuple[str, Handler]] = {}
        self._install_methods()

    def _install_methods(self) -> None:
        """Hook for subclasses to register Bot API method handlers."""

    # ------------------------------------------------------------------ lifecycle
    def _register(self, name: str, handler: Handler) -> None:
        self._handlers[name.lower()] = (name, handler)

    async def start(self) -> None:
        """Start the HTTP server on 127.0.0.1 with a random free port."""
        if self._runner is not None:
            raise RuntimeError("FakeTelegram is already running")
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle_api)
        app.router.add_get("/file/bot{token}/{path:.+}", self._handle_file)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=5.0)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        self.base_url = f"http://{host}:{port}"
        self._runner = runner
        self._closing = False

    async def stop(self) -> None:
        """Release parked long polls and shut the server down.

        Raises RuntimeError if the fake itself crashed while serving a request.
        """
        self._closing = True
        self._wake_pollers()
        await self._stop_webhook()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
        if self.server_errors:
            errors = "; ".join(repr(e) for e in self.server_errors)
            raise RuntimeError(f"FakeTelegram internal errors: {errors}")

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    async def _stop_webhook(self) -> None:
        if self.webhook is not None:
            webhook, self.webhook = self.webhook, None
            await webhook.stop()

    # ---------------------------------------------------------------------- clock
    def now(self) -> float:
        """Fake clock used for call times and flood limits (monotonic + offset)."""
        return self._clock() + self._time_offset

    def advance_time(self, seconds: float) -> None:
        """Move the fake clock forward, e.g. to expire flood windows without sleeping."""
        self._time_offset += seconds

    @property
    def rate_limits(self) -> RateLimits | None:
        """Active flood limits, or None when disabled (the default)."""
        return self._rate_limiter.limits if self._rate_limiter else None

    @rate_limits.setter
    def rate_limits(self, limits: RateLimits | None) -> None:
        self._rate_limiter = RateLimiter(limits, self.now) if limits else None

    # ------------------------------------------------------------------- HTTP layer
    async def _read_params(self, request: web.Request) -> Params:
        raw: dict[str, Any] = dict(request.query)
        files: dict[str, UploadedFile] = {}
        if request.can_read_body:
            if request.content_type == "application/json":
                try:
                    body = await request.json()
                except ValueError as exc:
                    raise bad_request("can't parse JSON request body") from exc
                if isinstance(body, dict):
                    raw.update(body)
            else:
                form = await request.post()
                for key, value in form.items():
                    if isinstance(value, web.FileField):
                        try:
                            data = value.file.read()
                        finally:
                            value.file.close()
                        files[key] = UploadedFile(key, value.filename, value.content_type, data)
                    else:
                        raw[key] = value
        return Params(normalize_params(raw), files)

    async def _handle_api(self, request: web.Request) -> web.Response:
        requested = request.match_info["method"]
        name, handler = self._handlers.get(requested.lower(), (requested, None))
        loop_time = asyncio.get_running_loop().time
        is_poll = name == "getUpdates"
        if not is_poll:
            self._inflight += 1
            self._last_activity = loop_time()
        call = ApiCall(seq=len(self._calls), method=name, params={}, files={}, at=self.now())
        self._calls.append(call)
        try:
            params = await self._read_params(request)
            call.params, call.files = params.values, params.files
            if is_poll:
                self._notify()  # make the parked request visible to wait_for()
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            if handler is None:
                raise ApiError(404, "Not Found")
            if self.before_call is not None and not is_poll:
                await self.before_call(call)
            self._raise_injected(name)
            result = await handler(params)
            call.status, call.response = 200, {"ok": True, "result": result}
            if self.after_call is not None and not is_poll:
                await self.after_call(call)
        except ApiError as exc:
            call.status, call.response = exc.error_code, exc.to_json()
        except Exception as exc:  # a bug in the fake: make it loud
            self.server_errors.append(exc)
            call.status = 500
            call.response = {
                "ok": False,
                "error_code": 500,
                "description": f"Internal Server Error: {exc!r}",
            }
        finally:
            call.finished_at = self.now()
            if not is_poll:
                self._inflight -= 1
        if not is_poll or call.response.get("result"):
            self._last_activity = loop_time()
        self._notify()
        return web.json_response(call.response, status=call.status)

    async def _handle_file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        path = request.match_info["path"]
        for stored in self._files.values():
            if stored.file_path == path:
                return web.Response(body=stored.data, content_type="application/octet-stream")
        return web.json_response(
            {"ok": False, "error_code": 404, "description": "Not Found"}, status=404
        )

    def fail_next(
        self,
        method: str,
        description: str,
        *,
        error_code: int = 400,
        retry_after: int | None = None,
        times: int = 1,
    ) -> None:
        """Make the next ``times`` calls of ``method`` fail with the given error.

        ``description`` is used verbatim (e.g. ``"Bad Request: chat not found"``).
        """
        error = ApiError(error_code, description, retry_after=retry_after)
        self._injected.append(_InjectedError(method.lower(), error, times))

    def _raise_injected(self, method: str) -> None:
        for injected in self._injected:
            if injected.method == method.lower() and injected.times > 0:
                injected.times -= 1
                if injected.times == 0:
                    self._injected.remove(injected)
                raise injected.error

    # -------------------------------------------------------------- notifications
    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _wake_pollers(self) -> None:
        self._updates_signal.set()
        self._updates_signal = asyncio.Event()

    # --------------------------------------------------------------------- updates
    def _enqueue(self, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
        update = {"update_id": self._next_update_id, kind: payload}
        self._next_update_id += 1
        self._pending.append(update)
        self.updates.append(update)
        self._wake_pollers()
        self._notify()
        return update

    @staticmethod
    def _update_kind(update: dict[str, Any]) -> str:
        return next(key for key in update if key != "update_id")

    def _deliverable(self, limit: int) -> list[dict[str, Any]]:
        kept: list[dict[str, Any]] = []
        for update in self._pending:
            kind = self._update_kind(update)
            if self._allowed_updates is None:
                allowed = kind not in _OPT_IN_UPDATES
            else:
                allowed = kind in self._allowed_updates
            if allowed:
                kept.append(update)
            else:
                self.dropped_updates.append(update)
        self._pending = kept
        return kept[:limit]

    def _confirm(self, offset: int) -> None:
        if offset > 0:
            self._pending = [u for u in self._pending if u["update_id"] >= offset]
        elif offset < 0:
            self._pending = self._pending[offset:]

    async def _long_poll(self, offset: int, limit: int, timeout: float) -> list[dict[str, Any]]:
        self._confirm(offset)
        self._poll_generation += 1
        generation = self._poll_generation
        self._wake_pollers()  # an older parked request gets terminated with 409
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._closing:
                return []
            if generation != self._poll_generation:
                raise ApiError(
                    409,
                    "Conflict: terminated by other getUpdates request; "
                    "make sure that only one bot instance is running",
                )
            batch = self._deliverable(limit)
            if batch:
                self._delivered_max = max(self._delivered_max, batch[-1]["update_id"])
                return batch
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            signal = self._updates_signal
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(signal.wait(), remaining)

    # ------------------------------------------------------------ chats & messages
    def _resolve_chat(self, params: Params, name: str = "chat_id") -> FakeChat:
        raw = params.values.get(name)
        if raw is None or raw == "":
            raise bad_request(f"{name} is empty")
        if isinstance(raw, str):
            wanted = raw.removeprefix("@").lower()
            for known in self._chats.values():
                if known.username and known.username.lower() == wanted:
                    return known
            raise bad_request("chat not found")
        if not isinstance(raw, int):
            raise bad_request("chat not found")
        chat = self._chats.get(raw)
        if chat is None and raw in self._users:
            chat = self._private_chat(self._users[raw])
        if chat is None:
            raise bad_request("chat not found")
        return chat

    def _private_chat(self, user: FakeUser) -> FakeChat:
        chat = self._chats.get(user.id)
        if chat is None:
            chat = FakeChat(user.id, "private", user=user)
            self._chats[user.id] = chat
        return chat

    def _check_writable(self, chat: FakeChat) -> None:
        if chat.type == "private":
            assert chat.user is not None
            if chat.user.blocked:
                raise forbidden("bot was blocked by the user")
            if not chat.user.started:
                raise forbidden("bot can't initiate conversation with a user")
            return
        kind = "supergroup chat" if chat.type == "supergroup" else "group chat"
        if chat.migrated_to is not None:
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                migrate_to_chat_id=chat.migrated_to,
            )
        if chat.bot_status == "kicked":
            raise forbidden(f"bot was kicked from the {kind}")
        if chat.bot_status == "left":
            raise forbidden(f"bot is not a member of the {kind}")

    def _consume_flood(self, chat: FakeChat) -> None:
        if self._rate_limiter is not None:
            self._rate_limiter.consume(chat.id, chat.is_group)

    def _new_message(self, chat: FakeChat, sender: FakeUser, **fields: Any) -> FakeMessage:
        message = FakeMessage(
            chat=chat,
            message_id=chat.next_message_id,
            sender=sender,
            date=int(time.time()),
            **fields,
        )
        chat.next_message_id += 1
        self._messages.setdefault(chat.id, {})[message.message_id] = message
        self._record_version(message, "sent")
        return message

    def _record_version(self, message: FakeMessage, kind: Any) -> None:
        snap = message.snapshot(kind, self.now())
        self._history.setdefault(message.chat.id, []).append(snap)
        self._notify()

    def _find_message(self, chat: FakeChat, message_id: int) -> FakeMessage | None:
        return self._messages.get(chat.id, {}).get(message_id)

    # ------------------------------------------------------------------ inspection
    def _chat_of(self, chat: FakeChat | FakeUser) -> FakeChat:
        return self._private_chat(chat) if isinstance(chat, FakeUser) else chat

    def mark(self) -> int:
        """A position in the call log; pass it as ``since=`` to :meth:`calls`."""
        return len(self._calls)

    def calls(self, method: str | None = None, *, since: int = 0) -> list[ApiCall]:
        """Recorded API calls, optionally of one method and/or after a :meth:`mark`."""
        wanted = method.lower() if method else None
        return [c for c in self._calls[since:] if wanted is None or c.method.lower() == wanted]

    @staticmethod
    def _commands_key(scope: dict[str, Any] | None, language_code: str | None) -> tuple[str, str]:
        return json.dumps(scope or {"type": "default"}, sort_keys=True), language_code or ""

    def describe_recent(self, limit: int = 20) -> str:
        """Readable dump of recent API calls (idle getUpdates omitted)."""
        interesting = [
            c for c in self._calls if not (c.method == "getUpdates" and c.ok and not c.result)
        ]
        lines = [c.summary() for c in interesting[-limit:]]
        pending = len(self._pending)
        header = f"recent API calls ({len(self._calls)} total, {pending} updates pending):"
        return "\n".join([header, *(f"  {line}" for line in lines)])

    # --------------------------------------------------------------------- waiting
