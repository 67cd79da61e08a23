"""The belote family (BEL- rules): card orders, values, tricks and melds shared by its games
(``engine.deberts``, ``engine.bazar_belot``)."""
