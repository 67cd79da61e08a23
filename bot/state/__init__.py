"""What a table is, as data both the screens (bot/show) and the use cases (bot/tables) read:
the table loaded once per press (load.py), its takebacks' state (undo_state.py), which deals
are over (deals.py), which calls ask first (drastic.py) or are made for a player (forced.py),
and the per-table locks (locks.py). It imports no other room of bot/ but bot.model."""
