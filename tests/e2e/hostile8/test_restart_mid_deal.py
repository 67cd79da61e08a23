"""The bot restarted around human moves of Berg (a jack's or queen's order open as a two-step
choice), Married bridge (the preliminary tricks with their draws, then the auction) and
Bazar-Belot (after bela, before rebela): the same player continues with the same buttons,
nothing lost or doubled (each press stored once, the stored match replays from its log)."""

from __future__ import annotations

import random
from typing import Any

from tests.e2e.fake import FakeTelegram
from tests.e2e.hostile8._restarts import open_game, restarted_moves
from tests.kit.telegram import code_of


def _berg_pick(buttons: list[Any], rng: random.Random) -> Any:
    """A jack's or queen's order (a two-step choice, or a code with the ordered suit or card)
    when one is offered (BERG-EFF-13), else any button."""
    ordering = [b for b in buttons if b.data.startswith("x|play:")
                or code_of(b).count(":") == 2 or code_of(b).startswith(("play:J", "play:Q"))]
    return rng.choice(ordering or buttons)


async def test_berg_order_open_across_restarts(fake: FakeTelegram, kozyr: Any) -> None:
    alice, bob = fake.user(801, "Alice"), fake.user(802, "Bob")
    users = [alice, bob]
    async with kozyr():
        table_id = await open_game(fake, fake.group(-100801, "Club"), users, "berg", 2)
    made, restarts = await restarted_moves(
        fake, kozyr, users, table_id, random.Random(8), moves=25, pick=_berg_pick,
        until=lambda codes: sum(c.count(":") == 2 for c in codes) >= 2)
    assert sum(c.count(":") == 2 for c in made) >= 2, made  # BERG-EFF-13: orders given
    assert restarts >= 2 * len(made)


def _mb_pick(buttons: list[Any], rng: random.Random) -> Any:
    """A bid now and then in the auction (MB-AUC), a random card otherwise."""
    bids = [b for b in buttons if code_of(b).startswith("bid:") or b.data.startswith("x|")]
    return rng.choice(bids) if bids and rng.random() < 0.5 else rng.choice(buttons)


async def test_married_bridge_draws_and_auction_across_restarts(fake: FakeTelegram,
                                                                 kozyr: Any) -> None:
    alice, bob = fake.user(811, "Alice"), fake.user(812, "Bob")
    users = [alice, bob]
    async with kozyr():
        table_id = await open_game(fake, fake.group(-100811, "Club"), users, "married_bridge",
                                   0)
    # restarts only once the preliminary tricks are nearly over: the last draws, the auction
    made, restarts = await restarted_moves(
        fake, kozyr, users, table_id, random.Random(8), moves=40, pick=_mb_pick,
        when=lambda codes: len(codes) >= 22,
        until=lambda codes: any(c.startswith(("bid:", "contra")) for c in codes)
        and codes[-1].startswith("play:"))
    assert any(c.startswith("bid:") for c in made), made  # MB-AUC: a bid made, then a card
    assert restarts >= 10


def _bela_pick(buttons: list[Any], rng: random.Random) -> Any:
    """A card said with bela or rebela when one is offered (BB-MELD-10), a choice that may hold
    one (a king's or queen's codes), else any button."""
    words = [b for b in buttons if code_of(b).endswith((":bela", ":rebela"))]
    kq = [b for b in buttons if b.data.startswith("x|") and code_of(b)[:6] in
          ("play:K", "play:Q")]
    return rng.choice(words or kq or buttons)


async def test_bazar_belot_between_bela_and_rebela(fake: FakeTelegram, kozyr: Any) -> None:
    users = [fake.user(821 + i, name) for i, name in enumerate(("Anna", "Boris", "Vera",
                                                                "Gleb"))]
    async with kozyr():
        table_id = await open_game(fake, fake.group(-100821, "Club"), users, "bazar_belot", 0)
    # restarts from the bela on, until its rebela is said
    made, restarts = await restarted_moves(
        fake, kozyr, users, table_id, random.Random(8), moves=400, pick=_bela_pick,
        when=lambda codes: any(c.endswith(":bela") for c in codes),
        until=lambda codes: any(c.endswith(":rebela") for c in codes))
    assert any(c.endswith(":rebela") for c in made), made  # BB-MELD-10: both words said
    assert restarts >= 2
