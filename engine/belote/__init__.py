"""The belote family (BEL- rules): shared card orders, values, tricks and melds, and its games."""
