"""Tests of the records features (/score picture, /stats, /top, /history, /export)."""
