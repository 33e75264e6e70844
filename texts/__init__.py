"""Rule texts and message catalogues in six languages (en, hu, pt, uk, pl, es)."""
