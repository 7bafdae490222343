"""The pure-Python scoring core (docs/design.md §5): stdlib only, no Django import.

Law 2 boards, Law 77 scores, Law 78 comparisons (IMPs, matchpoints) and Law 12/86/88 adjusted scores. Every
score constant lives in :mod:`bridge.tables`.
"""

from .adjusted import (
    ArtificialLabel,
    ArtificialScore,
    AssignedScore,
    Fault,
    Form,
    Outcome,
    WeightedLine,
    WeightedOutcome,
    WeightedScore,
    artificial,
    assigned,
    weighted,
)
from .boards import Board, board_info
from .cards import Contract, Doubling, Seat, Side, Strain, Vulnerability
from .comparison import Matchpoints, imps, matchpoint_score, matchpoints, percentage
from .errors import (
    AdjustedScoreError,
    BoardError,
    ComparisonError,
    ContractError,
    EngineError,
    SeatError,
    StrainError,
    TricksError,
    VulnerabilityError,
)
from .scoring import Score, ScoreItem, score, trick_score, undertrick_penalty, validate_tricks

__all__ = [
    "AdjustedScoreError",
    "ArtificialLabel",
    "ArtificialScore",
    "AssignedScore",
    "Board",
    "BoardError",
    "ComparisonError",
    "Contract",
    "ContractError",
    "Doubling",
    "EngineError",
    "Fault",
    "Form",
    "Matchpoints",
    "Outcome",
    "Score",
    "ScoreItem",
    "Seat",
    "SeatError",
    "Side",
    "Strain",
    "StrainError",
    "TricksError",
    "Vulnerability",
    "VulnerabilityError",
    "WeightedLine",
    "WeightedOutcome",
    "WeightedScore",
    "artificial",
    "assigned",
    "board_info",
    "imps",
    "matchpoint_score",
    "matchpoints",
    "percentage",
    "score",
    "trick_score",
    "undertrick_penalty",
    "validate_tricks",
    "weighted",
]
