"""The Discord layer only: interactions in, service calls, messages out. No rules and no game state here."""
