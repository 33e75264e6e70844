"""A period's steps (seed 004, rule 5): period (a, s), environment (b), recovery (c), evolution (d-f), hunting
(g-i), extinction (j-r)."""
