"""The documentation stays true: links resolve, pictures match the code, commands exist.

Reads the repository's own files (README.md, docs/, bot/telegram/, bot/discord/); nothing runs
but the picture generator, which plays one seeded match through the engine.
"""

from __future__ import annotations

import importlib.util
import io
import re
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image, ImageChops, ImageStat

import engine

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").rglob("*.md")])
#: [text](target) and ![alt](target); the target ends at the first space or ")".
LINK_RE = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)[^)]*\)")
#: <img src="..."> in the HTML a page may hold.
SRC_RE = re.compile(r'<img[^>]*\ssrc="([^"]+)"')
#: A /command: a slash not preceded by a word, a dot, a slash or a colon (paths, URLs).
COMMAND_RE = re.compile(r"(?<![\w./:<-])/([a-z]+)\b")


def _load_generator() -> ModuleType:
    path = ROOT / "docs" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_exist() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in DOCS}
    assert {"README.md", "CHANGELOG.md", "docs/players.md", "docs/organisers.md",
            "docs/benchmarks.md"} <= names
    assert (ROOT / "LICENSE").is_file()


def _anchors(doc: Path) -> set[str]:
    """The anchors GitHub gives the headings of ``doc``: lower case, punctuation dropped,
    spaces as hyphens ("## 6. Polling or webhook" -> "6-polling-or-webhook")."""
    headings = re.findall(r"^#+\s+(.+)$", doc.read_text(encoding="utf-8"), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    broken = []
    for target in [*LINK_RE.findall(text), *SRC_RE.findall(text)]:
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, anchor = target.partition("#")
        linked = doc.parent / path if path else doc
        missing_anchor = bool(anchor) and linked.suffix == ".md" and linked.exists() \
            and anchor not in _anchors(linked)
        if not linked.exists() or missing_anchor:
            broken.append(target)
    assert not broken, f"{doc.name}: links to missing files: {broken}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_private_references(doc: Path) -> None:
    # What a user reads never points outside the repository.
    text = doc.read_text(encoding="utf-8")
    for word in ("../shared", "/work/", "shared/rules"):
        assert word not in text, f"{doc.name} mentions {word}"


def test_every_game_has_its_rules_page() -> None:
    for game in engine.list_games():
        page = ROOT / "docs" / "rules" / f"{game.id}.md"
        assert page.is_file(), game.id
        # Players read rules, not the specification's rule ids (DB-MOS-15 and the like).
        ids = re.findall(r"\b(?:BEL|DB|BB|BERG|MB)-[A-Z0-9]+(?:-\w+)?", page.read_text("utf-8"))
        assert not ids, f"{page.name} names rule ids: {ids}"


def _handled_commands() -> set[str]:
    """Command names the Telegram routers and the Discord command tree handle."""
    names = {"start"}  # CommandStart() in the Telegram router
    for path in (ROOT / "bot" / "telegram").glob("*.py"):
        for args in re.findall(r"Command\(([^)]*)\)", path.read_text(encoding="utf-8")):
            names |= set(re.findall(r'"([a-z_]+)"', args))
    commands = (ROOT / "bot" / "discord" / "commands.py").read_text(encoding="utf-8")
    names |= set(re.findall(r'command\(name="([a-z_]+)"', commands))
    names |= set(re.findall(r'channel_command\("([a-z_]+)"', commands))
    return names


@pytest.mark.parametrize("name", ["docs/players.md", "README.md"])
def test_commands_in_the_guides_are_handled(name: str) -> None:
    handled = _handled_commands()
    assert {"new", "score", "stats", "top", "history", "export", "leave", "pause"} <= handled
    mentioned = set(COMMAND_RE.findall((ROOT / name).read_text("utf-8")))
    assert "new" in mentioned
    assert mentioned <= handled, f"{name} names unknown commands: {mentioned - handled}"


def test_pictures_match_the_committed_ones() -> None:
    # The README's pictures come from docs/make_pictures.py; re-run it and compare, allowing the
    # few pixels another FreeType build may draw differently (a changed text moves many more).
    made = _load_generator().pictures()
    assert set(made) == {"table.png", "hand.png", "sheet.png"}
    for name, data in made.items():
        committed = ROOT / "docs" / "img" / name
        assert committed.is_file(), f"run docs/make_pictures.py: {name} is not committed"
        if committed.read_bytes() == data:
            continue
        new, old = Image.open(io.BytesIO(data)).convert("L"), Image.open(committed).convert("L")
        assert new.size == old.size, f"{name} changed: run docs/make_pictures.py"
        diff = ImageStat.Stat(ImageChops.difference(new, old)).mean[0]
        assert diff < 1.0, f"{name} changed: run docs/make_pictures.py"


def test_every_command_the_bot_offers_is_in_the_guides() -> None:
    # A command added to the registry without its line in the guides is a command nobody finds:
    # the players' guide names every player's command, the organisers' guide the owners' /tables.
    from bot.commands import COMMANDS, DISCORD, commands_of

    players = set(COMMAND_RE.findall((ROOT / "docs" / "players.md").read_text("utf-8")))
    organisers = set(COMMAND_RE.findall((ROOT / "docs" / "organisers.md").read_text("utf-8")))
    missing = {c.name for c in COMMANDS} - players - (organisers & {"tables"})
    assert not missing, f"docs/players.md does not name /{', /'.join(sorted(missing))}"
    discord = (ROOT / "docs" / "players.md").read_text("utf-8").split("## Discord", 1)[1]
    unnamed = {c.name for c in commands_of(DISCORD)} - set(COMMAND_RE.findall(discord))
    assert not unnamed, f"the Discord section of docs/players.md leaves out {unnamed}"


def _settings_table() -> dict[str, str]:
    """The organisers' guide's settings table: each `NAME` of its first column -> the default
    cell (one cell may name two settings and two defaults: "`A`, `B` | `1`, `2`")."""
    text = (ROOT / "docs" / "organisers.md").read_text("utf-8")
    section = text.split("## 4. Settings", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not line.startswith("| `") or len(cells) < 3:
            continue
        names = re.findall(r"`([A-Z_]+)`", cells[0])
        defaults = re.findall(r"`([^`]+)`", cells[1])
        for i, name in enumerate(names):
            rows[name] = defaults[i] if len(defaults) == len(names) else cells[1]
    return rows


def test_the_settings_table_names_every_setting_and_its_default() -> None:
    # Every setting the organisers' guide names exists (an invented or renamed one would be
    # silently ignored by the bot), every setting is named there and in .env.example, and a
    # plain default written in the guide is the code's.
    from bot.settings import Settings

    table = _settings_table()
    fields = {name.upper(): field for name, field in Settings.model_fields.items()}
    assert set(table) == set(fields), (
        f"unknown in the guide: {set(table) - set(fields)}; "
        f"not in the guide: {set(fields) - set(table)}")
    example = (ROOT / ".env.example").read_text("utf-8")
    unlisted = [n for n in fields if not re.search(rf"^#? ?{n}=", example, flags=re.M)]
    assert not unlisted, f".env.example leaves out {unlisted}"
    for name, written in table.items():
        default = fields[name].default
        if isinstance(default, bool) or not isinstance(default, int | float | str):
            continue  # None, a path, a set: said in words
        if isinstance(default, str) and not default:
            continue
        got = float(written) if isinstance(default, int | float) else written
        assert got == default, f"{name}: the guide says {written}, the code {default!r}"


@pytest.mark.parametrize("game", [g.id for g in engine.list_games()])
def test_the_rules_pages_name_the_lobby_options_as_the_lobby_does(game: str) -> None:
    # A rules page's options table is what a player compares with the lobby: each row names an
    # option by the English lobby's own label, and every option of the lobby has its row (the
    # takebacks, which every game has, are in the players' guide).
    from bot.i18n import Catalogs
    from bot.tables.lobby import lobby_choices

    tr = Catalogs().translator("en")
    labels = {tr.maybe(f"opt.{key}", key): key for key in lobby_choices(game)}
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text("utf-8")
    section = re.split(r"\n## [^\n]*[Oo]ptions\n", page, maxsplit=1)[1].split("\n## ", 1)[0]
    named = [part for line in section.splitlines()
             if line.startswith("| ") and not line.startswith(("| option", "|---"))
             for part in re.split(r",\s*(?=[A-Z])", line.split("|")[1].strip())]
    assert not set(named) - set(labels), f"{game}.md: not the lobby's labels: " \
        f"{set(named) - set(labels)}; the lobby's: {sorted(labels)}"
    left_out = set(labels) - set(named) - {tr("opt.takebacks")}
    assert not left_out, f"{game}.md has no row for the lobby's {left_out}"
