"""Convenience re-export: ``from tests.e2e.fake_telegram import FakeTelegram``.

The implementation lives in the :mod:`fake` package next to this module.
"""

from .fake import *  # noqa: F403
from .fake import __all__ as __all__
