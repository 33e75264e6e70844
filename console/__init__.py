"""The terminal front end: hot-seat games with human and computer seats, on the same SQLite file as the bot."""
