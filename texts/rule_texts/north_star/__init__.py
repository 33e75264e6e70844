"""Rule texts of North Star Games' "Evolution" (seeds 000 and 002) in en, hu, pt, uk, pl and es."""
