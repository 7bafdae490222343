"""bridge/ is the pure rules core: it imports the standard library, PyYAML (for tree files) and itself, nothing else.

ruff's banned-api rule (pyproject.toml) stops Django and the apps at lint time; this test holds the positive list, so
a new third-party import is a decision someone makes on purpose.
"""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ALLOWED_THIRD_PARTY = {"yaml", "endplay"}


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules.add(node.module or "")
    return modules


@pytest.mark.parametrize(
    "path", sorted((ROOT / "bridge").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_bridge_imports_only_the_stdlib_yaml_and_itself(path):
    tops = {module.split(".")[0] for module in imported_modules(path)}
    foreign = {top for top in tops if top not in sys.stdlib_module_names and top not in ALLOWED_THIRD_PARTY}
    assert foreign <= {"bridge"}, f"{path.name} imports {sorted(foreign - {'bridge'})}"
