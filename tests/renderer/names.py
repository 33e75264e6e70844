"""Player names a board must draw, whatever the rule system."""

from __future__ import annotations

#: A 60-character Cyrillic name.
LONG_CYRILLIC = "Олександр Володимирович Шевченко-Коваленко з Дніпропетровськ"
assert len(LONG_CYRILLIC) == 60
