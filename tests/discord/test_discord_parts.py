"""The Discord adapter's pure parts: the custom id codec, markdown, keyboards within limits."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord.commands import CatalogTranslator
from bot.discord.ids import MAX_CUSTOM_ID, HandRequest, Pressed, pack, unpack
from bot.discord.markup import to_markdown
from bot.discord.views import HandButton, arrange, view_of
from bot.i18n import Catalogs
from bot.model import ActData, Button, ExpandData, LobbyData, Screen
from tests.discord.fake.validate import message_errors

BIG = 2**62 - 1


@pytest.mark.parametrize("data", [
    ActData(1, 0, "play:TS"), ActData(BIG, BIG, "play:KH:bela"), ActData(7, 3, "@back"),
    ExpandData(12, 4, "play:JH"), ExpandData(12, 4, ""), ExpandData(1, 2, "bid:8..17"),
    LobbyData(5, "join"), LobbyData(5, "opt", "target=1001"), LobbyData(5, "stop", "yes"),
    LobbyData(5, "bot", "normal"), HandRequest(42),
])
def test_custom_ids_round_trip(data: Pressed) -> None:
    custom_id = pack(data)
    assert unpack(custom_id) == data
    assert len(custom_id) <= MAX_CUSTOM_ID


def test_the_longest_action_fits() -> None:
    assert len(pack(ActData(BIG, BIG, "x" * 24))) <= MAX_CUSTOM_ID


@pytest.mark.parametrize("junk", [
    "", "zzz", "kz:", "kz:a:1:2", "kz:a:x:1:take", "kz:a:-1:1:take", "kz:a:01:1:take",
    f"kz:a:{2**62}:1:take", "kz:l:1:explode:", "kz:l:1:join", "kz:h:", "kz:h:1:2",
    "kz:a:1:1:play TS", "kz:s:0",
])
def test_garbage_custom_ids_are_refused(junk: str) -> None:
    assert unpack(junk) is None


def test_markdown_from_telegram_html() -> None:
    html = ("🃏 <b>Deberts</b> · Friday &lt;club&gt; · a_b*c\n<pre>Deal | A_b\n1    | 2</pre>\n"
            "<i>x</i> <code>y_z</code> <a href=\"https://x.y/a_b\">link</a>")
    assert to_markdown(html) == ("🃏 **Deberts** · Friday <club> · a\\_b\\*c\n```\nDeal | A_b\n"
                                 "1    | 2\n```\n*x* `y_z` [link](https://x.y/a_b)")


def _buttons(n: int, width: int) -> tuple[tuple[Button, ...], ...]:
    items = [Button(f"b{i}", ActData(1, 2, f"code:{i}")) for i in range(n)]
    return tuple(tuple(items[i:i + width]) for i in range(0, n, width))


def _components(screen: Screen) -> list[dict[str, Any]]:
    view = view_of(screen)
    assert view is not None
    return view.to_components()


@pytest.mark.parametrize(("n", "width"), [(1, 1), (9, 5), (11, 1), (25, 1), (26, 5), (35, 3),
                                           (40, 1), (40, 8), (60, 5)])
async def test_keyboards_fit_a_message(n: int, width: int) -> None:
    components = _components(Screen("text", _buttons(n, width)))
    assert not message_errors({"embeds": [{"description": "text"}],
                               "components": components}, creating=True)
    ids = [c["custom_id"] for row in components for c in row["components"]
           if c["type"] == 2]
    values = [o["value"] for row in components for c in row["components"] if c["type"] == 3
              for o in c["options"]]
    assert [unpack(i) for i in ids + values] == [ActData(1, 2, f"code:{i}") for i in range(n)]


def test_rows_are_merged_before_menus_are_used() -> None:
    rows, rest = arrange(_buttons(13, 1))
    assert len(rows) == 5 and sum(map(len, rows)) == 13 and not rest
    rows, rest = arrange(_buttons(30, 5))
    assert len(rows) == 4 and len(rest) == 10


async def test_link_and_hand_buttons() -> None:
    screen = Screen("x", ((Button("Open", url="https://example.org"),
                           HandButton("My hand", table_id=9)),))
    (row,) = _components(screen)
    link, hand = row["components"]
    assert link["style"] == discord.ButtonStyle.link.value and link["url"]
    assert unpack(hand["custom_id"]) == HandRequest(9)


async def test_command_descriptions_are_translated() -> None:
    translator = CatalogTranslator(Catalogs())
    text = discord.app_commands.locale_str("Help", key="cmd.help")
    context: Any = None
    assert await translator.translate(text, discord.Locale.russian, context) == "Помощь"
    assert await translator.translate(text, discord.Locale.german, context) is None
