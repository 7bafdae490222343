"""Decision trees for rulings (docs/design.md §4): model, loader, validator, evaluator.

``load_tree(path_or_mapping)`` / ``load_trees(folder)`` read ``fixtures/trees/*.yaml`` (schema in :mod:`.loader`),
``validate(tree, known_refs)`` lists every problem as a :class:`TreeError`, and ``evaluate(tree, facts)`` returns
an :class:`Evaluation`: the ruling, or the next question. Pure Python (stdlib + PyYAML), no Django.
"""

from .computations import COMPUTATIONS, Computation, ComputeContext
from .evaluation import Evaluation, Question, Ruling, Step, coerce_fact, evaluate, normalise_facts
from .loader import load_tree, load_trees
from .model import (
    GROUPS,
    Compute,
    Fact,
    FactError,
    IntRange,
    Leaf,
    Node,
    Option,
    OutcomeField,
    QuestionNode,
    Text,
    Tree,
    TreeError,
)
from .validation import validate

__all__ = [
    "COMPUTATIONS",
    "Computation",
    "Compute",
    "ComputeContext",
    "Evaluation",
    "GROUPS",
    "Fact",
    "FactError",
    "IntRange",
    "Leaf",
    "Node",
    "Option",
    "OutcomeField",
    "Question",
    "QuestionNode",
    "Ruling",
    "Step",
    "Text",
    "Tree",
    "TreeError",
    "coerce_fact",
    "evaluate",
    "load_tree",
    "load_trees",
    "normalise_facts",
    "validate",
]
