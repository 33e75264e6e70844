"""How long the search may think: a budget of iterations and/or seconds, and the difficulty levels as named budgets
(the one place that says what ``easy``, ``normal`` and ``hard`` mean)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` simulations, or once ``seconds`` have passed on the clock the caller hands in,
    whichever comes first. A budget with seconds needs a clock; one without iterations needs seconds."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a budget needs at least one iteration")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a budget needs a positive time")


#: The difficulty levels. Iterations bound each level on a fast machine; the seconds bound it on a slow or busy
#: one. A simulation runs past the deadline by up to a tenth of a second, so "hard" stops at 0.9 s to keep its moves
#: under a second (docs/benchmarks.md, "Computer player strength: the search against the baseline").
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=16, seconds=0.25),
    "normal": Budget(iterations=64, seconds=0.5),
    "hard": Budget(iterations=256, seconds=0.9),
}


def find_budget(level: str | Budget) -> Budget:
    """A level's budget (a :class:`Budget` is taken as it is); ``KeyError`` names an unknown level."""
    if isinstance(level, Budget):
        return level
    try:
        return LEVELS[level]
    except KeyError:
        raise KeyError(f"no difficulty level {level!r}: {', '.join(LEVELS)}") from None
