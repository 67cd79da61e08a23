"""Discord's limits on a message, enforced the way the API does (400, code 50035)."""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_DESCRIPTION = 4096
MAX_TITLE = 256
MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
LINK_STYLE = 5


def _button(c: dict[str, Any], where: str) -> list[str]:
    errors = []
    label = c.get("label") or ""
    if not label and not c.get("emoji"):
        errors.append(f"{where}: a button needs a label or an emoji")
    if len(label) > MAX_LABEL:
        errors.append(f"{where}.label: longer than {MAX_LABEL}")
    if c.get("style") == LINK_STYLE:
        if not c.get("url") or "custom_id" in c:
            errors.append(f"{where}: a link button has a url and no custom_id")
    elif not 1 <= len(c.get("custom_id") or "") <= MAX_CUSTOM_ID:
        errors.append(f"{where}.custom_id: must be 1 to {MAX_CUSTOM_ID} characters")
    return errors


def _select(c: dict[str, Any], where: str) -> list[str]:
    errors = []
    options = c.get("options") or []
    if not 1 <= len(options) <= MAX_OPTIONS:
        errors.append(f"{where}.options: 1 to {MAX_OPTIONS}")
    if not 1 <= len(c.get("custom_id") or "") <= MAX_CUSTOM_ID:
        errors.append(f"{where}.custom_id: must be 1 to {MAX_CUSTOM_ID} characters")
    if len(c.get("placeholder") or "") > MAX_PLACEHOLDER:
        errors.append(f"{where}.placeholder: longer than {MAX_PLACEHOLDER}")
    values = [o.get("value", "") for o in options]
    if len(set(values)) != len(values):
        errors.append(f"{where}.options: values must be unique")
    for j, o in enumerate(options):
        for key in ("label", "value"):
            if not 1 <= len(o.get(key) or "") <= MAX_OPTION_TEXT:
                errors.append(f"{where}.options.{j}.{key}: 1 to {MAX_OPTION_TEXT} characters")
    return errors


def _components(rows: list[dict[str, Any]]) -> list[str]:
    errors = []
    if len(rows) > MAX_ROWS:
        errors.append(f"components: at most {MAX_ROWS} action rows")
    ids: list[str] = []
    for i, row in enumerate(rows):
        children = row.get("components") or []
        if row.get("type") != 1 or not children:
            errors.append(f"components.{i}: an action row with components")
            continue
        selects = [c for c in children if c.get("type") == 3]
        if selects and len(children) != 1:
            errors.append(f"components.{i}: a select menu fills its row alone")
        if len(children) > MAX_BUTTONS:
            errors.append(f"components.{i}: at most {MAX_BUTTONS} buttons")
        for j, c in enumerate(children):
            where = f"components.{i}.components.{j}"
            errors += _button(c, where) if c.get("type") == 2 else _select(c, where)
            if c.get("custom_id"):
                ids.append(c["custom_id"])
    if len(set(ids)) != len(ids):
        errors.append("components: custom ids must be unique in a message")
    return errors


def message_errors(body: dict[str, Any], *, creating: bool) -> list[str]:
    """What Discord would refuse in a message body (empty: fine)."""
    errors = []
    content = body.get("content") or ""
    embeds = body.get("embeds") or []
    if len(content) > MAX_CONTENT:
        errors.append(f"content: longer than {MAX_CONTENT}")
    if len(embeds) > MAX_EMBEDS:
        errors.append(f"embeds: at most {MAX_EMBEDS}")
    for i, e in enumerate(embeds):
        if len(e.get("description") or "") > MAX_DESCRIPTION:
            errors.append(f"embeds.{i}.description: longer than {MAX_DESCRIPTION}")
        if len(e.get("title") or "") > MAX_TITLE:
            errors.append(f"embeds.{i}.title: longer than {MAX_TITLE}")
    errors += _components(body.get("components") or [])
    if creating and not (content or embeds or body.get("components") or body.get("files")):
        errors.append("Cannot send an empty message")
    return errors
