"""The layout of ``bot/``: no import circles among its modules, and each module imports alone.

The graph is read from the source (module-level imports, as Python runs them at import time;
an import inside a function, such as the one loading discord.py only when Discord runs, is not
an edge), so the check is exact and quick.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def _module(path: Path) -> str:
    parts = path.relative_to(BOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Module -> the ``bot`` modules it imports at module level."""
    modules = {_module(p): p for p in BOT.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for node in ast.parse(path.read_text()).body:
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            edges |= {t for t in targets if t in modules and t != name}
        graph[name] = edges
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (its modules in order), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)) is not None:
            return found
    return None


def test_the_graph_check_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_bot_has_no_import_circle() -> None:
    graph = _graph()
    assert "bot.tables.play" in graph and "bot.show.display" in graph
    assert _cycle(graph) is None


def test_every_module_imports_alone() -> None:
    names = sorted(_graph())
    # one fresh interpreter, each module imported with nothing else of bot's loaded before it
    # (but the metrics: prometheus_client registers each metric once per process)
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    for loaded in [m for m in sys.modules if (m == 'bot' or m.startswith('bot.'))\n"
        "                   and m != 'bot.metrics']:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=BOT.parent, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
