"""The engine core's contract, checked on the source:

- the core imports no game, no scenario language and no presentation layer, and no package of
  judge imports another that imports it back (the layers run one way);
- the :class:`~judge.engine.game.Game` interface declares exactly what the core calls of a game:
  every method it declares is called by the core, and the core calls nothing of a game that it
  does not declare (``globals`` keys included: the core reads none);
- the chain block calls exactly what :class:`~judge.engine.chain.ChainRules` declares, the
  immediate block exactly what :class:`~judge.engine.immediate.ImmediateRules` declares;
- the core's own tests import no real game.
"""

from __future__ import annotations

import ast
import inspect
from collections import defaultdict
from pathlib import Path

from judge.engine import chain, immediate
from judge.engine.game import Game

ROOT = Path(__file__).resolve().parents[2]
JUDGE = ROOT / "judge"
ENGINE = JUDGE / "engine"


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def _package(path: Path) -> str:
    rel = path.relative_to(JUDGE)
    return rel.parts[0].removesuffix(".py")


def test_the_engine_imports_no_game_scenario_or_presentation_layer():
    banned = ("judge.games", "judge.scenario", "judge.render", "judge.site", "judge.commands",
              "judge.registry", "judge.cards", "judge.cli")
    bad = {f"{p.name}: {m}" for p in ENGINE.glob("*.py") for m in _imports(p)
           if m.startswith(banned)}
    assert not bad


def test_no_import_cycle_between_packages():
    graph: dict[str, set[str]] = defaultdict(set)
    for path in JUDGE.rglob("*.py"):
        me = _package(path)
        for m in _imports(path):
            parts = m.split(".")
            if parts[0] == "judge" and len(parts) > 1 and parts[1] != me and (
                    (JUDGE / parts[1]).is_dir() or (JUDGE / f"{parts[1]}.py").exists()):
                graph[me].add(parts[1])

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False
    cycles = sorted(f"{a} -> {b}" for a in graph for b in graph[a] if reaches(b, a, {b}))
    assert not cycles


def _calls_on(names: tuple[str, ...], paths) -> set[str]:
    """Attribute calls ``<name>.<method>(...)`` (``ctx.game.x``, ``self.game.x``, ``rules.x``)
    in the source of ``paths``."""
    found = set()
    for path in paths:
        for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = node.func.value
                owner_name = (owner.attr if isinstance(owner, ast.Attribute)
                              else owner.id if isinstance(owner, ast.Name) else "")
                if owner_name in names:
                    found.add(node.func.attr)
    return found


def _declared(cls) -> set[str]:
    return {name for name, member in vars(cls).items()
            if not name.startswith("_") and callable(member)}


def test_the_game_interface_declares_exactly_what_the_core_calls():
    core = [p for p in ENGINE.glob("*.py") if p.name not in ("chain.py", "immediate.py")]
    called = _calls_on(("game",), core)
    declared = _declared(Game)
    derived = {"can"}        # built from verify, for callers outside the core
    assert called - declared == set(), "the core calls what Game does not declare"
    assert declared - called - derived == set(), "Game declares what the core never calls"


def test_the_chain_block_calls_exactly_what_chain_rules_declares():
    called = _calls_on(("rules",), [inspect.getsourcefile(chain)])
    assert called == _declared(chain.ChainRules)


def test_the_immediate_block_calls_exactly_what_immediate_rules_declares():
    called = _calls_on(("rules",), [inspect.getsourcefile(immediate)])
    assert called == _declared(immediate.ImmediateRules)


def test_the_core_reads_no_game_value_by_name():
    """No ``globals["priority"]``-style reads in the driver or the pipeline: what the core needs
    of a game it asks through the interface."""
    for name in ("driver.py", "events.py", "context.py", "abilities.py", "decisions.py"):
        tree = ast.parse((ENGINE / name).read_text(encoding="utf-8"))
        reads = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "globals"]
        assert not reads, name


def test_the_core_tests_import_no_real_game():
    for test in ("test_core.py",):
        imported = _imports(ROOT / "tests" / "engine" / test)
        assert not {m for m in imported if m.startswith("judge.games.")} - {"judge.games.base"}
