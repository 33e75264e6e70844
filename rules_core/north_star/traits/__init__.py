"""One module per trait of seed 000, each citing the passage it implements.

Defensive traits (Burrowing, Climbing, Defensive Herding, Hard Shell, Symbiosis, Warning Call) answer "does this
trait stop that attack?"; ``attack.py`` asks each of them. Feeding traits (Cooperation, Foraging, Scavenger, Fat
Tissue, Long Neck, Fertile, Intelligence, Horns) are called from ``food.py`` and the feeding phase.
"""
