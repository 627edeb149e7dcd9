"""Who may import whom (docs/architecture.md), checked by walking every import with `ast`:
- shared/ holds libraries: it imports neither services/ nor apps/;
- services/ never import apps/;
- nothing outside a game's folder names the game's package: games are found through the
  registry (shared.games), so adding one touches only its folder and one entry-point line.
"""
from __future__ import annotations

import ast
from pathlib import Path

from shared import games

ROOT = Path(__file__).resolve().parent.parent


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import in a file, relative imports resolved."""
    tree = ast.parse(path.read_text(), str(path))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.append((node.lineno, module))
    return out


def offences(top: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in sorted((ROOT / top).rglob("*.py")):
        for line, module in imports(path):
            if module.split(".")[0] in forbidden:
                found.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return found


def test_shared_is_libraries_only_it_imports_no_service_and_no_app():
    assert offences("shared", ("services", "apps")) == []


def test_services_never_import_apps():
    assert offences("services", ("apps",)) == []


def test_nothing_outside_a_games_folder_names_its_package():
    packages = {".".join(type(g.rules).__module__.split(".")[:2]) for g in games.all_games().values()}
    assert all(p.startswith("services.") for p in packages), "every game lives in services/<game>/"
    found = []
    for top in ("shared", "services", "apps"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            for line, module in imports(path):
                for package in packages:
                    if (module == package or module.startswith(package + ".")) and not rel.startswith(package):
                        found.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert found == []


def test_the_walk_sees_a_forbidden_import(tmp_path, monkeypatch):
    # the checker itself: a planted upward import is reported
    planted = ROOT / "shared" / "_planted_for_test.py"
    planted.write_text("from apps.cli import main\nfrom ..services import deck\n")
    try:
        found = offences("shared", ("services", "apps"))
    finally:
        planted.unlink()
    assert any("_planted_for_test.py:1 imports apps.cli" in f for f in found)
    assert any("_planted_for_test.py:2" in f for f in found)
