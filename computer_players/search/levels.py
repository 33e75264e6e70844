"""How long the search may think: a budget of iterations and/or seconds, and the difficulty levels as named budgets
(the one place that says what ``easy``, ``normal`` and ``hard`` mean)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Budget:
    """Stop after ``iterations`` simulations, or once ``seconds`` have passed on the clock the caller hands in,
    whichever comes first. A budget with seconds needs a clock; one without iterations needs seconds. The root
    compares the first ``candidates`` moves of the baseline's ranking, its own move first."""

    iterations: int | None = None
    seconds: float | None = None
    candidates: int = 6

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError("a budget needs at least one iteration")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError("a budget needs a positive time")
        if self.candidates < 2:
            raise ValueError("a search compares at least two moves")


#: The difficulty levels. "easy" is the rule system's baseline computer player alone (None: no search; it answers
#: at once). The others search for a number of simulations, so that a level plays the same on any machine; the
#: seconds are a cap that only a very busy host reaches (a simulation runs past it by a few milliseconds). With one
#: idle core a simulation takes 0.9 to 1.6 ms in North Star, 0.8 to 1.3 ms in the original game and 1.2 to 2.9 ms in
#: the dice game (two to four players; docs/benchmarks.md, "Every rule system searches"), which offers ``easy``
#: alone (``computer_players.registry.OFFERED_LEVELS``). The budgets are where the strength benchmark tells the
#: levels apart (docs/benchmarks.md, "Levels that differ"): with two players the search's strength grows up to
#: about 150 simulations and no further (600 played as 150 did), with four it still grows (against three
#: baselines 150 won 35 % of 100 games, 600 won 44 % of 200, within 1 s of CPU a move at the p99: "The levels against
#: their targets, more games"), and 30 simulations over three moves played as the baseline; so ``hard`` is the
#: search at full strength within a second a move and ``normal`` a narrower, shorter one between the two. Where a
#: rule system's simulations grow long and slow (the original game on a crowded table), it caps the moves they may
#: make together (``registry.Playout.most_moves``), so that a ``hard`` move stays within a second there too.
LEVELS: dict[str, Budget | None] = {
    "easy": None,
    "normal": Budget(iterations=60, seconds=1.5, candidates=4),
    "hard": Budget(iterations=600, seconds=3.0),
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
