"""Why a two-player Deberts match's winner won when both players passed the target (DB-END-4):
the sheet's result names the rule, so the bot can say why the lower total won
(tests/bot/test_club_screens.py reads it)."""

from __future__ import annotations

from .deberts_helpers import random_match


def test_both_over_the_target_names_the_defender_rule() -> None:  # DB-END-4, DB-END-3
    seen = {"defended": 0, "": 0}
    for seed in range(60):
        m, _, _ = random_match(seed, {"target": 301})
        sheet = m.score_sheet
        result = sheet["result"]
        assert result is not None
        both = all(t >= 301 for t in sheet["totals"])
        reason = result.get("reason", "")
        assert reason == ("defended" if both and not result.get("claim") else ""), (seed, sheet)
        seen[reason] += 1
    assert seen["defended"] and seen[""], seen  # both kinds of end were played

