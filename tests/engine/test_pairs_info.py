"""``GameInfo.pairs_at``: the player counts a game plays in two pairs, partners opposite.

docs/design.md "Seats": in pair games seats 0 and 2 are partners against 1 and 3 (BB-DEAL-1,
BERG-SETUP-1). The bot lays a lobby out in pairs from this field, so it must agree with the sides
of the score sheet of every game at every player count it allows.
"""

from __future__ import annotations

import engine


def test_pairs_at_agrees_with_the_sheet_sides() -> None:  # BB-DEAL-1, BERG-SETUP-1
    for info in engine.list_games():
        game = engine.get_game(info.id)
        for players in range(info.min_players, info.max_players + 1):
            sides = [sorted(s["seats"]) for s in
                     game.new_match(players=players, seed=1).score_sheet["sides"]]
            assert info.in_pairs(players) == (sides == [[0, 2], [1, 3]]), (info.id, players)
        assert set(info.pairs_at) <= set(range(info.min_players, info.max_players + 1))


def test_pair_games() -> None:  # BB-DEAL-1, BERG-SETUP-1
    pairs = {info.id: info.pairs_at for info in engine.list_games()}
    assert pairs == {"bazar_belot": (4,), "berg": (4,), "deberts": (), "married_bridge": ()}
