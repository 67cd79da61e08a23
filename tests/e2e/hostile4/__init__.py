"""Hostile tests, round four (issue #18 and #17 changes): attacks that held pass, attacks
that broke something are strict xfails naming the bug."""
