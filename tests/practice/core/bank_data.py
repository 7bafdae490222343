"""The real scenario bank and decision trees, read once for the pure tests (no database, no Django)."""

from pathlib import Path

from bridge.trees import load_trees
from practice.core.bank import load_scenarios

ROOT = Path(__file__).resolve().parents[3]
BANK = load_scenarios(ROOT / "fixtures" / "scenarios")
TREES = load_trees(ROOT / "fixtures" / "trees")
