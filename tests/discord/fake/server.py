"""The REST side of the fake Discord: a local aiohttp server that discord.py's HTTP client (and
its webhook adapter, which answers interactions) talks to instead of discord.com.

It keeps channel messages, DMs, ephemeral messages and interactions, and answers as Discord
does: message limits (400, 50035), closed DMs (403, 50007), unknown messages (404, 10008), an
interaction answered twice (400, 40060) or after 3 seconds (404, 10062), an interaction token
used after 15 minutes (401, 50027).
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, Self

from aiohttp import web

from .models import (
    EPHEMERAL,
    LOADING,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    snowflake,
)
from .validate import message_errors

API = "/api/v10"
TOKEN_LIFE = 15 * 60.0
ACK_LIMIT = 3.0
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ApiError(Exception):
    """An error answer of the API: HTTP status, Discord's JSON error code and message."""

    def __init__(self, status: int, code: int, message: str, errors: Any = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors


class FakeDiscordServer:
    """State and HTTP routes; see ``FakeDiscord`` for the users' side."""

    def __init__(self, *, app_id: int = 900_000_000_000_000_001,
                 guild_id: int = 800_000_000_000_000_001) -> None:
        self.app_id = app_id
        self.guild_id = guild_id
        self.token = "fake.discord.token"
        self.base_url = ""
        self.offset = 0.0  # seconds added to the clock (tokens expire on it)
        self.users: dict[int, FakeUser] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[str, FakeInteraction] = {}  # by token
        self.commands: list[dict[str, Any]] = []
        self.calls: list[tuple[str, str]] = []
        self.refused: list[str] = []  # errors the fake answered (tests look at them)
        self._runner: web.AppRunner | None = None

    # ---- clock and lifecycle ------------------------------------------------------------------

    def now(self) -> float:
        """The fake clock: real time plus what ``advance`` added."""
        return time.time() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the clock on (interaction tokens older than 15 minutes stop working)."""
        self.offset += seconds

    def bot_json(self) -> dict[str, Any]:
        """The bot's user object."""
        return {"id": str(self.app_id), "username": "kozyr", "global_name": None,
                "discriminator": "0", "avatar": None, "bot": True, "flags": 0,
                "verified": True, "mfa_enabled": False, "public_flags": 0}

    async def __aenter__(self) -> Self:
        app = web.Application(middlewares=[self._errors])
        self._routes(app.router)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _errors(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        self.calls.append((request.method, request.path))
        try:
            auth = request.headers.get("Authorization")
            if auth is not None and auth != f"Bot {self.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            return await handler(request)
        except ApiError as exc:
            self.refused.append(f"{request.method} {request.path}: {exc.code} {exc.message}")
            body: dict[str, Any] = {"code": exc.code, "message": exc.message}
            if exc.errors:
                body["errors"] = exc.errors
            return self._json(body, status=exc.status)

    def _routes(self, r: web.UrlDispatcher) -> None:
        r.add_get(API + "/users/@me", self._me)
        r.add_get(API + "/oauth2/applications/@me", self._application)
        r.add_put(API + "/applications/{app}/commands", self._put_commands)
        r.add_get(API + "/applications/{app}/commands", self._get_commands)
        r.add_post(API + "/users/@me/channels", self._open_dm)
        r.add_post(API + "/channels/{channel}/messages", self._create)
        r.add_patch(API + "/channels/{channel}/messages/{message}", self._edit)
        r.add_delete(API + "/channels/{channel}/messages/{message}", self._delete)
        r.add_post(API + "/interactions/{id}/{token}/callback", self._callback)
        r.add_post(API + "/webhooks/{app}/{token}", self._followup)
        r.add_get(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_get)
        r.add_patch(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_edit)
        r.add_delete(API + "/webhooks/{app}/{token}/messages/{message}", self._webhook_delete)

    # ---- helpers ----------------------------------------------------------------------------

    @staticmethod
    def _json(data: Any, status: int = 200) -> web.Response:
        # Discord's exact header: discord.py reads JSON only when it is "application/json".
        return web.Response(body=json.dumps(data).encode(), status=status,
                            headers={"Content-Type": "application/json"})

    def _message_json(self, m: FakeMessage) -> dict[str, Any]:
        channel = self.channels.get(m.channel_id)
        return m.json(self.bot_json(), self.app_id, channel.guild_id if channel else None)

    @staticmethod
    async def _body(request: web.Request) -> dict[str, Any]:
        """A request's message body; files (multipart uploads) come as ``files``."""
        if not request.content_type.startswith("multipart/"):
            body: dict[str, Any] = await request.json()
            return body
        form = await request.post()
        body = json.loads(str(form["payload_json"]))
        body["files"] = [(f.filename, f.file.read()) for key, f in form.items()
                         if key.startswith("files[") and isinstance(f, web.FileField)]
        return body

    def _new_message(self, channel_id: int, body: dict[str, Any], **kw: Any) -> FakeMessage:
        errors = message_errors(body, creating=True)
        if errors:
            raise ApiError(400, 50035, "Invalid Form Body", errors)
        at = self.now()
        m = FakeMessage(snowflake(at), channel_id, at, **kw)
        m.apply(body, at)
        m.edited = None
        if m.ephemeral_for:
            m.flags |= EPHEMERAL
        self.messages[m.id] = m
        return m

    def _edit_message(self, m: FakeMessage, body: dict[str, Any]) -> FakeMessage:
        errors = message_errors(body, creating=False)
        if errors:
            raise ApiError(400, 50035, "Invalid Form Body", errors)
        m.apply(body, self.now())
        return m

    def _channel_message(self, request: web.Request) -> FakeMessage:
        m = self.messages.get(int(request.match_info["message"]))
        if m is None or m.deleted or m.ephemeral_for or \
                m.channel_id != int(request.match_info["channel"]):
            raise ApiError(404, 10008, "Unknown Message")
        return m

    def _interaction(self, request: web.Request, *, webhook: bool) -> FakeInteraction:
        token = request.match_info["token"]
        interaction = self.interactions.get(token)
        if interaction is None:
            raise ApiError(401 if webhook else 404, 50027 if webhook else 10062,
                           "Invalid Webhook Token" if webhook else "Unknown interaction")
        if webhook and self.now() - interaction.created > TOKEN_LIFE:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return interaction

    def _webhook_message(self, request: web.Request) -> tuple[FakeInteraction, FakeMessage]:
        interaction = self._interaction(request, webhook=True)
        name = request.match_info["message"]
        if name == "@original":
            m = interaction.original
        else:
            m = next((f for f in interaction.followups if str(f.id) == name), None)
        if m is None or m.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return interaction, m

    # ---- routes -----------------------------------------------------------------------------

    async def _me(self, _: web.Request) -> web.Response:
        return self._json(self.bot_json())

    async def _get_commands(self, _: web.Request) -> web.Response:
        return self._json(self.commands)

    async def _application(self, _: web.Request) -> web.Response:
        return self._json({"id": str(self.app_id), "name": "kozyr", "description": "",
                           "icon": None, "bot_public": True, "bot_require_code_grant": False,
                           "owner": self.bot_json(), "team": None, "verify_key": "0" * 64,
                           "flags": 0, "summary": "", "rpc_origins": []})

    async def _put_commands(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.commands = [{**c, "id": str(snowflake(self.now())), "application_id":
                          str(self.app_id), "version": "1"} for c in body]
        return self._json(self.commands)

    async def _open_dm(self, request: web.Request) -> web.Response:
        user = self.users[int((await request.json())["recipient_id"])]
        channel = next((c for c in self.channels.values() if c.recipient is user), None)
        if channel is None:
            channel = FakeChannel(snowflake(self.now()), "", None, recipient=user)
            self.channels[channel.id] = channel
        return self._json(channel.json())

    async def _create(self, request: web.Request) -> web.Response:
        channel = self.channels.get(int(request.match_info["channel"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        m = self._new_message(channel.id, await self._body(request))
        return self._json(self._message_json(m))

    async def _edit(self, request: web.Request) -> web.Response:
        m = self._channel_message(request)
        channel = self.channels[m.channel_id]
        if channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        return self._json(self._message_json(self._edit_message(m, await self._body(request))))

    async def _delete(self, request: web.Request) -> web.Response:
        self._channel_message(request).deleted = True
        return web.Response(status=204)

    async def _callback(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request, webhook=False)
        if interaction.id != int(request.match_info["id"]):
            raise ApiError(404, 10062, "Unknown interaction")
        if interaction.response is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = time.monotonic() - interaction.sent_at
        if elapsed > ACK_LIMIT:
            raise ApiError(404, 10062, "Unknown interaction")
        body = await request.json()
        kind, data = int(body["type"]), body.get("data") or {}
        if kind in (6, 7) and interaction.kind != 3:
            raise ApiError(400, 50035, "Invalid Form Body", "update types need a component")
        if kind == 8 and interaction.kind != 4:
            raise ApiError(400, 50035, "Invalid Form Body", "autocomplete only")
        interaction.response, interaction.acked_after = kind, elapsed
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5):
            ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(
                interaction.channel.id, data if kind == 4 else {"content": "kozyr is thinking…"},
                webhook=True, ephemeral_for=interaction.user.id if ephemeral else None)
            message.flags |= (EPHEMERAL if ephemeral else 0) | (LOADING if kind == 5 else 0)
            interaction.original = message
            resource["message"] = self._message_json(message)
        elif kind in (6, 7):
            interaction.original = interaction.source
            if kind == 7 and interaction.source is not None:
                self._edit_message(interaction.source, data)
        elif kind == 8:
            interaction.choices = list(data.get("choices") or [])
        original = interaction.original
        summary = {"id": str(interaction.id), "type": interaction.kind}
        if original is not None and kind in (4, 5):
            summary.update(response_message_id=str(original.id),
                           response_message_loading=kind == 5,
                           response_message_ephemeral=bool(original.flags & EPHEMERAL))
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return self._json({"interaction": summary, "resource": resource})

    async def _followup(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request, webhook=True)
        if interaction.response is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        body = await self._body(request)
        ephemeral = bool(int(body.get("flags") or 0) & EPHEMERAL)
        m = self._new_message(interaction.channel.id, body, webhook=True,
                              ephemeral_for=interaction.user.id if ephemeral else None)
        interaction.followups.append(m)
        return self._json(self._message_json(m))

    async def _webhook_get(self, request: web.Request) -> web.Response:
        return self._json(self._message_json(self._webhook_message(request)[1]))

    async def _webhook_edit(self, request: web.Request) -> web.Response:
        _, m = self._webhook_message(request)
        return self._json(self._message_json(self._edit_message(m, await self._body(request))))

    async def _webhook_delete(self, request: web.Request) -> web.Response:
        self._webhook_message(request)[1].deleted = True
        return web.Response(status=204)

    def new_token(self) -> str:
        """A fresh interaction token."""
        return "itk_" + secrets.token_urlsafe(48)
