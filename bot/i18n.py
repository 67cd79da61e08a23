"""Translations: gettext catalogs (``bot/locales/<lang>/LC_MESSAGES/*.po``) read with Babel.

``kozyr.po`` holds the bot's common texts, and each part of the bot has its own file
(``screens.po``, ``records.po``, ``guard.po``, ``owner.po``, ``rematch.po``, ``discord.po``,
``failures.po``, ``term.po``); each game brings its own (``deberts.po``, ``berg.po``...) so
that adding a game touches no shared catalog. All files of a language are
merged; a key defined twice is an error caught by the tests.

Message ids are stable keys (``lobby.title``, ``code.take``, ``fact.trump``) so that the engine's
identifiers map onto them directly and a new game needs only catalog entries. Placeholders use
``str.format`` names (``{name}``); every text value filled in is HTML-escaped unless it is
``Html`` (bot/markup.py), and the result is ``Html``: a name can never break a message. A key
missing in a language falls back to English, then to the
key itself, so a missing entry is visible but never a crash.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po

from bot.markup import Html, escape

LANGS = ("ru", "uk", "en")
FALLBACK = "en"
LOCALES_DIR = Path(__file__).parent / "locales"


class _Lenient(dict[str, Any]):
    """The values of ``str.format_map`` that leave an unknown ``{field}`` as it is instead of
    raising (``format_map`` is C; ``string.Formatter`` parses in Python, and a redraw fills
    in some eighty texts)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


#: (lang, key, text) triples: one parse of a catalog file
_Parsed = list[tuple[str, str, str]]
#: the catalog files parsed so far, by path, modification time (ns) and size: a bot restarted
#: in one process (and each test's bot) parses them once, not at each start (~0.3 CPU s)
_PARSED: dict[tuple[str, int, int], _Parsed] = {}


def _parse(path: Path, lang: str) -> _Parsed:
    """Every translated message of the ``.po`` file ``path`` in ``lang``, as it is now on disk
    (parsed once per version of the file; OSError if unreadable, Babel's errors if broken)."""
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _PARSED:
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        _PARSED[key] = [(lang, str(m.id), str(m.string)) for m in catalog if m.id and m.string]
    return _PARSED[key]


class Catalogs:
    """All languages' messages, loaded once at start-up (each file parsed once per process
    and version of the file: ``_parse``).

    Args:
        directory: the ``locales`` folder (default: the package's own).
    """

    def __init__(self, directory: Path = LOCALES_DIR) -> None:
        self._messages: dict[str, dict[str, str]] = {}
        self.duplicates: list[tuple[str, str]] = []  # (lang, key) defined in two files
        for lang in LANGS:
            merged: dict[str, str] = {}
            for path in sorted((directory / lang / "LC_MESSAGES").glob("*.po")):
                for _, key, text in _parse(path, lang):
                    if key in merged:
                        self.duplicates.append((lang, key))
                    merged[key] = text
            self._messages[lang] = merged

    def has(self, lang: str, key: str) -> bool:
        """True when ``key`` has a translation in ``lang``."""
        return key in self._messages.get(lang, {})

    def keys(self, lang: str) -> set[str]:
        """Every key translated in ``lang``."""
        return set(self._messages.get(lang, {}))

    def t(self, lang: str, key: str, **kwargs: Any) -> str:
        """The message ``key`` in ``lang`` (HTML) with ``kwargs`` filled in: text values
        escaped (``Html`` ones as they are), numbers as they are (format specs apply); the
        result is an ``Html``."""
        text = self._messages.get(lang, {}).get(key) or self._messages[FALLBACK].get(key) or key
        if not kwargs:
            return Html(text)
        values = _Lenient({k: escape(v) if isinstance(v, str) else v for k, v in kwargs.items()})
        return Html(text.format_map(values))

    def translator(self, lang: str) -> Translator:
        """A ``Translator`` bound to ``lang`` (unknown languages fall back to English)."""
        return Translator(self, lang if lang in LANGS else FALLBACK)


class Translator:
    """``Catalogs.t`` bound to one language: ``tr("lobby.title", game=...)``."""

    def __init__(self, catalogs: Catalogs, lang: str) -> None:
        self.catalogs = catalogs
        self.lang = lang

    def __call__(self, key: str, **kwargs: Any) -> str:
        return self.catalogs.t(self.lang, key, **kwargs)

    def maybe(self, key: str, default: str, **kwargs: Any) -> str:
        """Translate ``key`` if any catalog has it, else return ``default``."""
        if self.catalogs.has(self.lang, key) or self.catalogs.has(FALLBACK, key):
            return self(key, **kwargs)
        return default

    def plural(self, key: str, n: int, **kwargs: Any) -> str:
        """``key`` in the plural form the language uses for ``n`` (CLDR's rules through Babel:
        ``<key>.one``, ``.few``, ``.many``, ``.other``; Russian "1 карту", "2 карты",
        "5 карт"), else ``key`` itself; ``n`` is passed to the text as ``n``."""
        form = Locale.parse(self.lang).plural_form(n)
        if self.catalogs.has(self.lang, f"{key}.{form}"):
            return self(f"{key}.{form}", n=n, **kwargs)
        return self(key, n=n, **kwargs)
