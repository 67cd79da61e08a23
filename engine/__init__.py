"""kozyr's rules engine: pure, synchronous, no I/O, seeded randomness only.

The face (docs/design.md "Engine face")::

    import engine
    engine.list_games()
    game = engine.get_game("deberts")
    m = game.new_match(players=2, options={}, seed=7, deck=None)
    m.legal_actions(m.to_move); m.apply(seat, code); m.view(seat); m.score_sheet
"""

# Importing a game module registers it.
from engine.bazar_belot import game as _bazar_belot  # noqa: F401
from engine.berg import game as _berg  # noqa: F401
from engine.deberts import game as _deberts  # noqa: F401  (registration side effect)
from engine.errors import EngineError, IllegalAction, InvalidOptions
from engine.events import Event, event_from_dict
from engine.married_bridge import game as _married_bridge  # noqa: F401
from engine.match import (
    Game,
    GameInfo,
    Match,
    OptionInfo,
    ScoreSheet,
    SheetResult,
    SheetRow,
    View,
)
from engine.registry import get_game, list_games, register

__all__ = [
    "EngineError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidOptions",
    "Match",
    "OptionInfo",
    "ScoreSheet",
    "SheetResult",
    "SheetRow",
    "View",
    "event_from_dict",
    "get_game",
    "list_games",
    "register",
]
