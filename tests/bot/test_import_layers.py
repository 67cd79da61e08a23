"""The rooms of bot/ import one another without a circle, and so do the modules within a
room (issue #17).

Every module under bot/ is parsed (``ast``, nothing is imported), each of its imports of
``bot.*`` is an edge between two rooms, and the graph of rooms must have no cycle. A room is a
subpackage (bot/show, bot/tables, bot/records, bot/telegram, ...) or a module at bot/'s top
level (bot/model.py, bot/markup.py, ...). Inside a room, each import of another module of the
room is an edge between two modules, and that graph must have no cycle either. An import made
inside a function (or only for the type checker) counts too: it is a dependency all the same,
only a later one.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def _module(path: Path) -> str:
    """``bot/show/hand.py`` -> ``bot.show.hand``; a package's ``__init__.py`` -> the package."""
    parts = list(path.relative_to(BOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _room(module: str) -> str:
    """The room of a ``bot.*`` module: ``bot.show.hand`` -> ``bot.show``, ``bot.model`` ->
    ``bot.model``; ``bot`` itself (the package's ``__init__``) is its own room."""
    return ".".join(module.split(".")[:2])


def _imported(path: Path) -> set[str]:
    """The ``bot.*`` modules (or names in them) that the module at ``path`` imports, relative
    imports resolved."""
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "bot" or name.startswith("bot.")}


def room_graph() -> dict[str, set[str]]:
    """Room -> the rooms it imports (itself left out)."""
    graph: dict[str, set[str]] = defaultdict(set)
    for path in sorted(BOT.rglob("*.py")):
        room = _room(_module(path))
        graph[room].update(_room(name) for name in _imported(path))
        graph[room].discard(room)
    return graph


def _modules() -> dict[str, Path]:
    """Every module of bot/ by its dotted name."""
    return {_module(path): path for path in sorted(BOT.rglob("*.py"))}


def module_graph() -> dict[str, set[str]]:
    """Module -> the modules of its own room it imports (a package's ``__init__`` left out:
    it is the room itself). ``from bot.show.deals import NOTE_TEXT`` is an edge to
    ``bot.show.deals``; ``from bot.show import deals`` one to ``bot.show.deals`` too."""
    modules = _modules()
    graph: dict[str, set[str]] = defaultdict(set)
    for module, path in modules.items():
        room = _room(module)
        if module == room:
            continue
        for name in _imported(path):
            while name not in modules and "." in name:
                name = name.rpartition(".")[0]  # a name in a module: the module
            if name != module and name != room and _room(name) == room:
                graph[module].add(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as ``[a, b, ..., a]``) per strongly connected group of rooms in ``graph``
    that holds more than one room (Tarjan's algorithm); [] when the graph has none."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(room: str) -> None:
        index[room] = low[room] = len(index)
        stack.append(room)
        for other in sorted(graph.get(room, ())):
            if other not in index:
                visit(other)
                low[room] = min(low[room], low[other])
            elif other in stack:
                low[room] = min(low[room], index[other])
        if low[room] == index[room]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == room:
                    break
            if len(group) > 1:
                groups.append(group)

    for room in sorted(graph):
        if room not in index:
            visit(room)
    return [_path_in(graph, group) for group in groups]


def _path_in(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A cycle through the first room of ``group``, staying inside it (breadth first, so the
    shortest)."""
    start = min(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        room = queue.pop(0)
        for other in sorted(graph.get(room, ()) & group):
            if other == start:
                return [*paths[room], start]
            if other not in paths:
                paths[other] = [*paths[room], other]
                queue.append(other)
    raise AssertionError(f"no cycle in {group}")  # a strongly connected group has one


def test_the_cycle_finder_names_a_cycle() -> None:
    graph = {"bot.show": {"bot.tables", "bot.model"}, "bot.tables": {"bot.show"},
             "bot.model": set()}
    assert cycles(graph) == [["bot.show", "bot.tables", "bot.show"]]
    assert cycles({"bot.show": {"bot.model"}, "bot.tables": {"bot.show"}}) == []


def test_the_graph_sees_the_rooms() -> None:
    graph = room_graph()
    assert {"bot.show", "bot.tables", "bot.records", "bot.telegram", "bot.discord",
            "bot.terminal"} <= graph.keys()
    assert "bot.show" in graph["bot.tables"]  # the use cases call the screens


def test_no_import_circles_between_rooms() -> None:
    graph = room_graph()
    found = cycles(graph)
    knots = [sorted(room for room in graph if _reaches(graph, room, c[0])
                    and _reaches(graph, c[0], room)) for c in found]
    told = [" -> ".join(cycle) + f" (the rooms caught in it: {', '.join(knot)})"
            for cycle, knot in zip(found, knots, strict=True)]
    assert not found, "import circles in bot/: " + "; ".join(told)


def test_the_module_graph_counts_imports_inside_functions() -> None:
    graph = module_graph()
    assert "bot.show.common" in graph["bot.show.deals"]  # a top-level import
    assert "bot.discord.handlers" in graph["bot.discord.commands"]
    assert "bot.tables.play" in graph["bot.tables.stop"]
    assert "bot.cli" not in graph  # bot/'s top-level modules are rooms of their own


def test_no_import_circles_between_modules_of_a_room() -> None:
    found = cycles(module_graph())
    assert not found, "import circles inside a room of bot/ (move the shared piece to a " \
        "module both use): " + "; ".join(" -> ".join(cycle) for cycle in found)


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    """Whether ``goal`` is reached from ``start`` along ``graph``'s edges (or is it)."""
    seen, todo = {start}, [start]
    while todo:
        for other in graph.get(todo.pop(), ()):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return goal in seen
