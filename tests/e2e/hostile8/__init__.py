"""Round eight of the hostile end-to-end attacks (restarts, leaves, blocked players, flaky API)."""
