"""Hostile tests, round six (issue #17 and #18 changes: the snapshot without the deal's events,
the rematch's "starting" answer, settle() waiting for handlers, the new screens): attacks that
held pass, attacks that broke something are strict xfails naming the bug."""
