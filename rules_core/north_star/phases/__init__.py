"""The four phases of a round (seed 000, "A JÁTÉK MENETE"), and the end of a round."""
