"""Slash commands, lobbies and long keyboards on Discord, end to end (see the Deberts suite)."""

from __future__ import annotations

import random

import discord
import pytest

import engine
from bot.discord.client import build_discord
from bot.settings import Settings
from bot.startup_errors import explain
from tests.discord.conftest import (
    Kozyr,
    current_match,
    game_id,
    moves_on,
    my_hand,
    only_table_id,
    open_lobby,
)
from tests.discord.fake import FakeChannel, FakeDiscord, FakeUser
from tests.kit.store import forced_actions

Club = tuple[FakeChannel, FakeUser, FakeUser]
ONLY_CREATOR = "Only the table's creator or a chat admin can do that."
COMMANDS = {"new", "score", "stats", "top", "history", "export", "rules", "help", "lang", "stop",
            "leave", "pause", "resume", "dm", "confirm"}


async def test_commands_answer_in_the_channel(fake: FakeDiscord, kozyr: Kozyr,
                                              club: Club) -> None:
    channel, alice, _ = club
    async with kozyr():
        assert {c["name"] for c in fake.commands} == COMMANDS
        new = next(c for c in fake.commands if c["name"] == "new")
        assert new["description_localizations"]["ru"] == "Открыть стол: /new deberts"
        assert new["options"][0]["autocomplete"] is True
        assert new["contexts"] == [0]  # servers only
        offered = await fake.autocomplete(alice, channel, "new", "game", "deb")
        assert offered == [{"name": "Deberts (deberts)", "value": "deberts"}]
        everything = await fake.autocomplete(alice, channel, "rules", "game", "")
        assert {c["value"] for c in everything} == {g.id for g in engine.list_games()}
        await fake.slash(alice, channel, "score")
        assert fake.find(channel, "No match to show yet")
        await fake.slash(alice, channel, "help")
        assert fake.find(channel, "/new <game> — open a table")
        await fake.slash(alice, channel, "new", game="chess")
        assert fake.find(channel, "Usage: /new <game>")
        await fake.slash(alice, channel, "lang", language="ru")
        assert fake.find(channel, "Язык")
        await fake.slash(alice, channel, "rules", game="deberts")
        assert fake.find(channel, "Деберц")
        await fake.slash(alice, channel, "stop")
        assert fake.find(channel, "нет открытого стола")
        # Each command was acknowledged by a "thinking" reply, removed once the answer was out.
        commands = [i for i in fake.interactions.values() if i.kind == 2]
        assert commands and all(i.original and i.original.deleted for i in commands)
        # A command Discord still offers but the bot no longer has is answered too.
        gone = await fake.slash(alice, channel, "chess", strict=False)
        assert gone.notices == ["Something went wrong; please try again."]


async def test_lobby_rights_options_and_stop(fake: FakeDiscord, kozyr: Kozyr,
                                             club: Club) -> None:
    channel, alice, bob = club
    carol = fake.user(103, "Carol")
    carol.admin = True
    async with kozyr() as app:
        lobby = await open_lobby(fake, channel, alice, [bob])
        assert (await fake.press_button(bob, lobby, "Start")).notice == ONLY_CREATOR
        assert (await fake.press_button(bob, lobby, "Cancel")).notice == ONLY_CREATOR
        target = lobby.button("Playing to")["label"]
        assert target == "Playing to: 501 → 1001"
        assert (await fake.press_button(bob, lobby, target)).notice == ONLY_CREATOR
        assert (await fake.press_button(alice, lobby, target)).notice == "Done."
        assert "Playing to: 1001" in lobby.text
        # A channel admin who is not the creator may start (Discord sends his permissions).
        assert (await fake.press_button(carol, lobby, "Start")).notice == "Done."
        assert not lobby.components and "My hand" in lobby.text
        table_id = await only_table_id(app)
        facts = {f["key"]: f["value"] for f in
                 (await current_match(app, table_id)).public_view()["facts"]}
        assert facts["target"] == 1001
        # /stop: the creator is asked to confirm; nobody else may; "no" keeps the game.
        await fake.slash(bob, channel, "stop")
        assert fake.channel_messages(channel)[-1].text == ONLY_CREATOR
        await fake.slash(alice, channel, "stop")
        confirm = fake.find(channel, "Stop the game at this table?")
        assert confirm is not None
        assert (await fake.press_button(bob, confirm, "Yes, stop")).notice == ONLY_CREATOR
        assert confirm.components  # a refused press changes no message (as on Telegram)
        assert (await fake.press_button(alice, confirm, "No, play on")).notice == \
            "The game goes on."
        assert not confirm.components  # a confirmation is used once
        await fake.slash(alice, channel, "stop")
        confirm = fake.channel_messages(channel)[-1]
        assert (await fake.press_button(alice, confirm, "Yes, stop")).notice == \
            "The game was stopped."
        assert fake.find(channel, "No deal was played to its end.")  # stopped at its first deal
        async with app.store.transaction() as tx:
            table = await tx.get_table(table_id)
        assert table is not None and table.status == "aborted"


async def test_every_lobby_fits_a_discord_message(fake: FakeDiscord, kozyr: Kozyr,
                                                  club: Club) -> None:
    _, alice, _ = club
    async with kozyr():
        for n, info in enumerate(engine.list_games()):
            channel = fake.channel(710_000_000_000_000_000 + n, info.id)
            await fake.slash(alice, channel, "new", game=info.id)
            lobby = fake.find(channel, "new table")
            assert lobby is not None and "Join" in " ".join(lobby.labels), info.id
            assert len(lobby.components) <= 5


async def test_long_keyboards_use_choice_menus(fake: FakeDiscord, kozyr: Kozyr,
                                               club: Club) -> None:
    """Bazar-Belot's first auction keyboard (levels, ranges of levels, kapo: more than five
    rows) goes into choice menus; a range chosen there opens its bids. (Married bridge's
    auction no longer needs one: its levels come first, then the strains.)"""
    channel, alice, bob = club
    players = [alice, bob, fake.user(103, "Carol"), fake.user(104, "Dave")]
    rng = random.Random(7)
    async with kozyr() as app:
        lobby = await open_lobby(fake, channel, alice, players[1:], game="bazar_belot")
        assert (await fake.press_button(alice, lobby, "Start")).notice == "Done."
        for user in players:
            await my_hand(fake, user, channel)
        table_id = await only_table_id(app)
        chosen = moves = 0
        while chosen < 3:  # bid and play from the menus whenever a hand has one
            found = [(u, h) for u in players if (h := fake.hand(u)) and moves_on(h)]
            if not found:
                break  # the match is over
            # the seat to move (the others may only have a call out of turn)
            user, hand = max(found, key=lambda f: len(moves_on(f[1])))
            options = [m for m in moves_on(hand) if m[1]]
            custom_id, values = rng.choice(options or moves_on(hand))
            pressed = await fake.press(user, hand, custom_id, values=values)
            assert not pressed.notices, pressed.notices
            chosen += bool(options)
            if game_id((custom_id, values)).startswith("kz:x:"):
                continue  # a choice opened: its moves are on the hand now
            yes = "kz:k:" + game_id((custom_id, values))[5:]
            asked = fake.hand(user)
            if asked is not None and any(c.get("custom_id") == yes
                                         for row in asked.rows for c in row):
                pressed = await fake.press(user, asked, yes)  # a kapo or a contra: "Yes"
                assert not pressed.notices, pressed.notices
            moves += 1
        assert chosen >= 1, "no hand ever needed a choice menu"
        forced = await forced_actions(app, table_id)
        async with app.store.transaction() as tx:
            assert len(await tx.actions(table_id)) == moves + forced


async def test_a_refused_token_is_explained(fake: FakeDiscord, db_url: str) -> None:
    settings = Settings(discord_token="not-the-token", database_url=db_url,
                        _env_file=None)  # type: ignore[call-arg]
    with pytest.raises(discord.LoginFailure) as caught:
        await build_discord(settings)
    verdict = explain(caught.value)
    assert verdict is not None and verdict[1] == 2 and "DISCORD_TOKEN" in verdict[0]
