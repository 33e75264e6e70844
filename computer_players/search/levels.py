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


#: The difficulty levels. "easy" is the rule system's baseline computer player alone (None: no search; it answers
#: at once). The others search: the seconds bound a level on this project's machines (a 4-player North Star move
#: runs about 580 simulations in 0.9 s, a 2-player one about 1,000), the iterations on a much faster one. A
#: simulation runs past the deadline by a few milliseconds, so "hard" stops at 0.9 s to keep its moves under a
#: second (docs/benchmarks.md, "Computer player strength").
LEVELS: dict[str, Budget | None] = {
    "easy": None,
    "normal": Budget(iterations=500, seconds=0.5),
    "hard": Budget(iterations=1500, seconds=0.9),
}
#: The level of a seat nobody chose one for, unless the bot's settings name another.
DEFAULT_LEVEL = "normal"


def find_budget(level: str | Budget) -> Budget:
    """A searching level's budget (a :class:`Budget` is taken as it is); ``KeyError`` names an unknown level or one
    that does not search."""
    if isinstance(level, Budget):
        return level
    budget = LEVELS.get(level)
    if budget is None:
        searching = ", ".join(name for name, budget in LEVELS.items() if budget is not None)
        raise KeyError(f"no searching difficulty level {level!r}: {searching}")
    return budget
