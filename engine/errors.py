"""The engine's error tree (docs/design.md "Errors and rule ids").

``EngineError`` is the root; both concrete errors are also ``ValueError`` so callers that only
know the standard library still catch them.
"""

from __future__ import annotations


class EngineError(Exception):
    """Root of every error the engine raises on purpose."""


class IllegalAction(EngineError, ValueError):
    """An action refused by the rules, or a malformed action code.

    Args:
        reason: plain words a player understands, quoting the offending input.
        rule_id: the id of the rule that forbids it, e.g. ``"DB-PLAY-3"``
            (docs/design.md "Rule ids").
    """

    def __init__(self, reason: str, rule_id: str) -> None:
        super().__init__(f"{reason} ({rule_id})")
        self.reason = reason
        self.rule_id = rule_id


class InvalidOptions(EngineError, ValueError):
    """``new_match`` was given an unknown option, a bad value or a player count the game refuses.

    Args:
        option: the option key (``"players"`` for the player count).
        reason: plain words naming the bad value and what is allowed.
        rule_id: the rule or option id (e.g. ``"DB-OPT-target"``, ``"DB-DEAL-10"``).
    """

    def __init__(self, option: str, reason: str, rule_id: str) -> None:
        super().__init__(f"option {option!r}: {reason} ({rule_id})")
        self.option = option
        self.reason = reason
        self.rule_id = rule_id
