"""Running (ШВИДКА), seed 003: "Коли тварина атакована хижаком, киньте кубик. Якщо випало 4, 5 або 6 – тварину не
з'їдено. Хижак, що на неї нападав, у цей хід більше не може атакувати." When attacked, roll a die: on 4 to 6 the
animal is not eaten, and the carnivore attacks no more this turn (it has used its one attack of the turn anyway).
Special cases: "Ви не можете відмовитись від використання цієї здібності, навіть якщо атакуєте свою тварину своїм же
хижаком": the roll may not be refused. The defender chooses when to roll among their answers (``attack.py``), but
may not let the animal be eaten before it has rolled.
"""

from rules_core.origin.cards import RUNNING
from rules_core.origin.state import Animal

TRAIT = RUNNING

ESCAPES_FROM = 4


def may_run(target: Animal, *, ran: bool) -> bool:
    return target.has(RUNNING) and not ran


def escapes(roll: int) -> bool:
    return roll >= ESCAPES_FROM
