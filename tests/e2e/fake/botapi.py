"""Implementations of the Bot API methods served by the fake."""

from __future__ import annotations

import mimetypes
import time
from typing import Any

from .inspection import Inspection
from .models import CallbackAnswer, FakeChat, FakeFile, FakeMessage
from .params import ApiError, Params, bad_request
from .validate import (
    BOT_COMMAND_RE,
    MAX_CALLBACK_ANSWER,
    MAX_CAPTION,
    MAX_TEXT,
    NOT_MODIFIED,
    QUERY_TOO_OLD,
    check_button,
    format_text,
    image_size,
    member_json,
)
from .webhook import WebhookDelivery

__all__ = ["BotApiMethods"]


class BotApiMethods(Inspection):
    """Bot API method handlers layered on top of the core state."""

    def _install_methods(self) -> None:
        """Register every supported Bot API method (called by the core constructor)."""
        for name, handler in {
            "getMe": self._get_me,
            "logOut": self._true,
            "close": self._true,
            "getUpdates": self._get_updates,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
            "getChatAdministrators": self._get_chat_administrators,
            "getChatMemberCount": self._get_chat_member_count,
            "leaveChat": self._leave_chat,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "sendDocument": self._send_document,
            "editMessageText": self._edit_message_text,
            "editMessageCaption": self._edit_message_caption,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "deleteMessages": self._delete_messages,
            "answerCallbackQuery": self._answer_callback_query,
            "getFile": self._get_file,
            "sendChatAction": self._send_chat_action,
            "pinChatMessage": self._pin_chat_message,
            "unpinChatMessage": self._unpin_chat_message,
            "unpinAllChatMessages": self._unpin_chat_message,
            "setMyDescription": self._true,
            "setMyShortDescription": self._true,
            "setMyName": self._true,
            "setChatMenuButton": self._true,
            "setMyDefaultAdministratorRights": self._true,
        }.items():
            self._register(name, handler)

    # ----------------------------------------------------------------- helpers
    def _text_param(self, params: Params) -> tuple[str, list[dict[str, Any]]]:
        raw = params.get_str("text") or ""
        entities = params.get_json("entities", "message entities")
        text, ents = format_text(raw, params.get_str("parse_mode"), entities)
        if not text:
            raise bad_request("message text is empty")
        if len(text) > MAX_TEXT:
            raise bad_request("message is too long")
        return text, ents

    def _caption_param(self, params: Params) -> tuple[str | None, list[dict[str, Any]]]:
        raw = params.get_str("caption")
        if not raw:
            return None, []
        entities = params.get_json("caption_entities", "caption entities")
        caption, ents = format_text(raw, params.get_str("parse_mode"), entities)
        if len(caption) > MAX_CAPTION:
            raise bad_request("message caption is too long")
        return caption or None, ents

    def _markup_param(self, params: Params) -> dict[str, Any] | None:
        raw = params.get_json("reply_markup", "reply keyboard markup")
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise bad_request("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" not in raw:
            return None  # reply keyboards / force_reply are not part of Message
        rows = raw["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise bad_request(
                'field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays'
            )
        for row in rows:
            for button in row:
                check_button(button)
        rows = [row for row in rows if row]
        return {"inline_keyboard": rows} if rows else None

    def _reply_param(self, chat: FakeChat, params: Params) -> FakeMessage | None:
        reply = params.get_json("reply_parameters", "reply parameters")
        allow = params.get_bool("allow_sending_without_reply")
        target_chat = chat
        message_id: Any = None
        if isinstance(reply, dict):
            message_id = reply.get("message_id")
            allow = bool(reply.get("allow_sending_without_reply", allow))
            if reply.get("chat_id") is not None:
                target_chat = self._resolve_chat(Params({"chat_id": reply["chat_id"]}, {}))
        elif params.has("reply_to_message_id"):
            message_id = params.get_int("reply_to_message_id")
        if message_id is None:
            return None
        target = (
            self._find_message(target_chat, message_id) if isinstance(message_id, int) else None
        )
        if target is None or target.deleted:
            if allow:
                return None
            raise bad_request("message to be replied not found")
        return target

    def _link_preview_param(self, params: Params) -> dict[str, Any] | None:
        options = params.get_json("link_preview_options", "link preview options")
        if options is None and params.get_bool("disable_web_page_preview"):
            options = {"is_disabled": True}
        return options if isinstance(options, dict) else None

    def _editable(self, params: Params) -> FakeMessage:
        if params.has("inline_message_id"):
            raise bad_request("message to edit not found")
        chat = self._resolve_chat(params)
        message_id = params.require_int("message_id", "message identifier is not specified")
        message = self._find_message(chat, message_id)
        if message is None or message.deleted:
            raise bad_request("message to edit not found")
        if not message.from_bot:
            raise bad_request("message can't be edited")
        self._check_writable(chat)
        return message

    def _apply_edit(self, message: FakeMessage, changes: dict[str, Any]) -> dict[str, Any]:
        before = message.content_key()
        saved = {key: getattr(message, key) for key in changes}
        for key, value in changes.items():
            setattr(message, key, value)
        if message.content_key() == before:
            for key, value in saved.items():
                setattr(message, key, value)
            raise bad_request(NOT_MODIFIED)
        try:
            self._consume_flood(message.chat)
        except ApiError:
            for key, value in saved.items():
                setattr(message, key, value)
            raise
        message.edit_count += 1
        message.edit_date = int(time.time())
        self._record_version(message, "edited")
        return message.to_api()

    def _take_file(self, params: Params, field: str, kind: Any) -> FakeFile:
        raw = params.values.get(field)
        upload = params.files.get(field)
        if upload is None and isinstance(raw, str) and raw.startswith("attach://"):
            upload = params.files.get(raw.removeprefix("attach://"))
            if upload is None:
                raise bad_request("wrong file identifier/HTTP URL specified")
        file_no = len(self._files) + 1
        if upload is not None:
            if not upload.data:
                raise bad_request("file must be non-empty")
            width = height = 0
            if kind == "photo":
                size = image_size(upload.data)
                if size is None:
                    raise bad_request("IMAGE_PROCESS_FAILED")
                width, height = size
            mime = upload.content_type
            if not mime or mime == "application/octet-stream":
                guessed = mimetypes.guess_type(upload.filename or "")[0]
                mime = guessed or mime
            stored = FakeFile(
                file_id=f"Fake{kind.capitalize()}File{file_no:06d}AAAA",
                file_unique_id=f"AQAD{file_no:06d}",
                kind=kind,
                data=upload.data,
                filename=upload.filename,
                mime_type=mime if kind == "document" else None,
                width=width,
                height=height,
            )
        elif isinstance(raw, str) and raw:
            if raw in self._files:
                return self._files[raw]
            if not raw.startswith(("http://", "https://")):
                raise bad_request("wrong file identifier/HTTP URL specified")
            stored = FakeFile(
                file_id=f"Fake{kind.capitalize()}File{file_no:06d}AAAA",
                file_unique_id=f"AQAD{file_no:06d}",
                kind=kind,
                data=b"",
                url=raw,
                width=512 if kind == "photo" else 0,
                height=512 if kind == "photo" else 0,
            )
        else:
            raise bad_request(f"there is no {kind} in the request")
        self._files[stored.file_id] = stored
        return stored

    # ---------------------------------------------------------------- methods
    async def _true(self, params: Params) -> bool:
        return True

    async def _get_me(self, params: Params) -> dict[str, Any]:
        return {
            **self.bot_user.to_api(),
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            "supports_inline_queries": False,
        }

    async def _get_updates(self, params: Params) -> list[dict[str, Any]]:
        if self._webhook_url:
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        allowed = params.get_json("allowed_updates", "allowed updates")
        if isinstance(allowed, list):
            self._allowed_updates = [str(kind) for kind in allowed] or None
        limit = min(max(params.get_int("limit", 100) or 100, 1), 100)
        timeout = max(params.get_int("timeout", 0) or 0, 0)
        return await self._long_poll(params.get_int("offset", 0) or 0, limit, timeout)

    async def _set_webhook(self, params: Params) -> bool:
        await self._stop_webhook()
        self._webhook_url = params.get_str("url") or ""
        if self._webhook_url:  # updates now go to the URL (tests/e2e/fake/webhook.py)
            self.webhook = WebhookDelivery(self, self._webhook_url,
                                           params.get_str("secret_token"))
        return True

    async def _delete_webhook(self, params: Params) -> bool:
        await self._stop_webhook()
        self._webhook_url = ""
        if params.get_bool("drop_pending_updates"):
            self._pending.clear()
        return True

    async def _get_webhook_info(self, params: Params) -> dict[str, Any]:
        return {
            "url": self._webhook_url,
            "has_custom_certificate": False,
            "pending_update_count": len(self._pending),
        }

    async def _set_my_commands(self, params: Params) -> bool:
        commands = params.get_json("commands", "commands")
        if not isinstance(commands, list):
            raise bad_request("commands must be an array")
        for command in commands:
            if not isinstance(command, dict) or not BOT_COMMAND_RE.match(
                str(command.get("command"))
            ):
                raise bad_request("BOT_COMMAND_INVALID")
        scope = params.get_json("scope", "bot command scope")
        key = self._commands_key(scope, params.get_str("language_code"))
        self._commands[key] = commands
        return True

    async def _get_my_commands(self, params: Params) -> list[dict[str, Any]]:
        scope = params.get_json("scope", "bot command scope")
        return self._commands.get(self._commands_key(scope, params.get_str("language_code")), [])

    async def _delete_my_commands(self, params: Params) -> bool:
        scope = params.get_json("scope", "bot command scope")
        self._commands.pop(self._commands_key(scope, params.get_str("language_code")), None)
        return True

    async def _get_chat(self, params: Params) -> dict[str, Any]:
        chat = self._resolve_chat(params)
        gift_flags = (
            "unlimited_gifts", "limited_gifts", "unique_gifts",
            "premium_subscription", "gifts_from_channels",
        )  # fmt: skip
        return {
            **chat.to_api(),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": dict.fromkeys(gift_flags, False),
        }

    async def _get_chat_member(self, params: Params) -> dict[str, Any]:
        chat = self._resolve_chat(params)
        if chat.is_group:
            self._check_writable(chat)  # a removed bot cannot look at the members either
        user_id = params.require_int("user_id", "invalid user_id specified")
        if user_id == self.bot_user.id:
            status = chat.bot_status if chat.is_group else "member"
            return member_json(self.bot_user, status)
        user = self._users.get(user_id)
        if user is None or (chat.type == "private" and chat.id != user_id):
            raise bad_request("user not found")
        # Telegram answers "left" for a user who is not in the group (never joined or left);
        # users join by writing or pressing there (FakeTelegram.send_text / press_nowait)
        default = "member" if chat.type == "private" else "left"
        return member_json(user, chat.members.get(user_id, default))

    async def _get_chat_administrators(self, params: Params) -> list[dict[str, Any]]:
        chat = self._resolve_chat(params)
        if not chat.is_group:
            raise bad_request("there are no administrators in the private chat")
        admins = [
            member_json(self._users[uid], status)
            for uid, status in chat.members.items()
            if status in ("creator", "administrator") and uid in self._users
        ]
        if chat.bot_status in ("creator", "administrator"):
            admins.append(member_json(self.bot_user, chat.bot_status))
        return admins

    async def _get_chat_member_count(self, params: Params) -> int:
        chat = self._resolve_chat(params)
        if not chat.is_group:
            return 2
        present = [s for s in chat.members.values() if s not in ("left", "kicked")]
        return len(present) + (1 if chat.bot_status not in ("left", "kicked") else 0)

    async def _leave_chat(self, params: Params) -> bool:
        chat = self._resolve_chat(params)
        if chat.is_group:
            chat.bot_status = "left"
        return True

    async def _send_message(self, params: Params) -> dict[str, Any]:
        chat = self._resolve_chat(params)
        self._check_writable(chat)
        markup = self._markup_param(params)
        text, entities = self._text_param(params)
        reply_to = self._reply_param(chat, params)
        self._consume_flood(chat)
        message = self._new_message(
            chat,
            self.bot_user,
            text=text,
            entities=entities,
            source=params.get_str("text"),
            parse_mode=params.get_str("parse_mode"),
            reply_markup=markup,
            message_thread_id=params.get_int("message_thread_id"),
            reply_to=reply_to,
            link_preview_options=self._link_preview_param(params),
        )
        return message.to_api()

    async def _send_media(self, params: Params, kind: str) -> dict[str, Any]:
        chat = self._resolve_chat(params)
        self._check_writable(chat)
        markup = self._markup_param(params)
        caption, caption_entities = self._caption_param(params)
        reply_to = self._reply_param(chat, params)
        stored = self._take_file(params, kind, kind)
        self._consume_flood(chat)
        message = self._new_message(
            chat,
            self.bot_user,
            caption=caption,
            caption_entities=caption_entities,
            source=params.get_str("caption"),
            parse_mode=params.get_str("parse_mode"),
            reply_markup=markup,
            message_thread_id=params.get_int("message_thread_id"),
            reply_to=reply_to,
            **{kind: stored},
        )
        return message.to_api()

    async def _send_photo(self, params: Params) -> dict[str, Any]:
        return await self._send_media(params, "photo")

    async def _send_document(self, params: Params) -> dict[str, Any]:
        return await self._send_media(params, "document")

    async def _edit_message_text(self, params: Params) -> dict[str, Any]:
        message = self._editable(params)
        if message.text is None:
            raise bad_request("there is no text in the message to edit")
        markup = self._markup_param(params)
        text, entities = self._text_param(params)
        changes: dict[str, Any] = {
            "text": text,
            "entities": entities,
            "source": params.get_str("text"),
            "parse_mode": params.get_str("parse_mode"),
            "reply_markup": markup,
        }
        link_preview = self._link_preview_param(params)
        if link_preview is not None:
            changes["link_preview_options"] = link_preview
        return self._apply_edit(message, changes)

    async def _edit_message_caption(self, params: Params) -> dict[str, Any]:
        message = self._editable(params)
        if message.photo is None and message.document is None:
            raise bad_request("there is no caption in the message to edit")
        markup = self._markup_param(params)
        caption, entities = self._caption_param(params)
        return self._apply_edit(
            message,
            {
                "caption": caption,
                "caption_entities": entities,
                "source": params.get_str("caption"),
                "parse_mode": params.get_str("parse_mode"),
                "reply_markup": markup,
            },
        )

    async def _edit_message_reply_markup(self, params: Params) -> dict[str, Any]:
        message = self._editable(params)
        return self._apply_edit(message, {"reply_markup": self._markup_param(params)})

    def _delete(self, chat: FakeChat, message_id: int) -> None:
        message = self._find_message(chat, message_id)
        if message is None or message.deleted:
            raise bad_request("message to delete not found")
        bot_is_admin = chat.bot_status in ("administrator", "creator")
        if chat.is_group and not message.from_bot and not bot_is_admin:
            raise bad_request("message can't be deleted")
        message.deleted = True
        self._record_version(message, "deleted")

    async def _delete_message(self, params: Params) -> bool:
        chat = self._resolve_chat(params)
        self._delete(chat, params.require_int("message_id", "message identifier is not specified"))
        return True

    async def _delete_messages(self, params: Params) -> bool:
        chat = self._resolve_chat(params)
        ids = params.get_json("message_ids", "message identifiers")
        if not isinstance(ids, list) or not ids:
            raise bad_request("message identifiers are not specified")
        for message_id in ids:
            message = self._find_message(chat, message_id) if isinstance(message_id, int) else None
            if message is not None and not message.deleted:
                self._delete(chat, message_id)
        return True

    async def _answer_callback_query(self, params: Params) -> bool:
        query = self._queries.get(params.get_str("callback_query_id") or "")
        if query is None or query.answered or query.expired:
            raise bad_request(QUERY_TOO_OLD)
        if self.callback_query_ttl is not None \
                and self.now() - query.pressed_at > self.callback_query_ttl:
            raise bad_request(QUERY_TOO_OLD)
        text = params.get_str("text")
        if text is not None and len(text) > MAX_CALLBACK_ANSWER:
            raise bad_request("MESSAGE_TOO_LONG")
        query.answer = CallbackAnswer(
            text=text,
            show_alert=params.get_bool("show_alert"),
            url=params.get_str("url"),
            cache_time=params.get_int("cache_time"),
        )
        return True

    async def _get_file(self, params: Params) -> dict[str, Any]:
        stored = self._files.get(params.get_str("file_id") or "")
        if stored is None:
            raise bad_request("invalid file_id")
        return {
            "file_id": stored.file_id,
            "file_unique_id": stored.file_unique_id,
            "file_size": stored.size,
            "file_path": stored.file_path,
        }

    async def _send_chat_action(self, params: Params) -> bool:
        self._check_writable(self._resolve_chat(params))
        return True

    async def _pin_chat_message(self, params: Params) -> bool:
        chat = self._resolve_chat(params)
        message_id = params.require_int("message_id", "message identifier is not specified")
        message = self._find_message(chat, message_id)
        if message is None or message.deleted:
            raise bad_request("message to pin not found")
        chat.pinned_message_id = message_id
        return True

    async def _unpin_chat_message(self, params: Params) -> bool:
        self._resolve_chat(params).pinned_message_id = None
        return True
