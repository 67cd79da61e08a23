"""Hostile-user attempts (they may fail: each failing one names its finding)."""
