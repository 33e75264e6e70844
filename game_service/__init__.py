"""The application service: every front end (Discord bot, console, tests) plays through it. Plain ids in, plain
data out; it knows nothing of Discord. Storage (SQLite) and the deadline scheduler live here."""
