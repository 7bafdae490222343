"""practice/core is practice's pure part: it imports the standard library, PyYAML, bridge and itself, nothing else.

ruff's banned-api rule (pyproject.toml) stops Django and the other apps at lint time; this test holds the positive
list (and also stops the practice app's own Django modules, which ruff cannot tell from practice.core).
"""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CORE = ROOT / "practice" / "core"
ALLOWED = {"yaml", "bridge"}
"""Besides the standard library: PyYAML (the scenario files) and the pure rules core."""


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            # A relative import stays inside the package; name it so the check below sees it.
            modules.add("practice.core" if node.level else node.module or "")
    return modules


def foreign_imports(path: Path) -> set[str]:
    """The modules ``path`` imports that are neither the stdlib, PyYAML, bridge nor practice.core."""
    foreign = set()
    for module in imported_modules(path):
        top = module.split(".")[0]
        if top == "practice":
            if module != "practice.core" and not module.startswith("practice.core."):
                foreign.add(module)
        elif top not in sys.stdlib_module_names and top not in ALLOWED:
            foreign.add(module)
    return foreign


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_practice_core_imports_only_the_stdlib_yaml_bridge_and_itself(path):
    assert not foreign_imports(path), f"{path.name} imports {sorted(foreign_imports(path))}"


def test_the_check_catches_django_and_the_practice_app(tmp_path):
    path = tmp_path / "impure.py"
    path.write_text(
        "import re\nimport yaml\nfrom django.db import models\nfrom practice import selectors\n"
        "from practice.models import Card\nfrom practice.core.bank import Scenario\nfrom bridge import score\n",
        encoding="utf-8",
    )
    assert foreign_imports(path) == {"django.db", "practice", "practice.models"}
