"""The tables of a database of this program once every migration ran, their columns in order, and the kind of
value each column holds (SQLite stores moments as ISO 8601 text and flags as 0/1, PostgreSQL as ``timestamptz``
and ``boolean``; both store 8-byte floats). ``evolution-bot migrate-db`` copies a database table by table through
this list, and ``tests/service/test_schema.py`` checks both backends' schemas against it and against each other."""

from __future__ import annotations

INTEGER = "integer"
TEXT = "text"
#: A point in time: an aware UTC ``datetime`` in Python.
MOMENT = "moment"
FLAG = "flag"
#: An 8-byte float (a rating's mu and sigma), read back exactly as written.
REAL = "real"

Columns = tuple[tuple[str, str], ...]

#: Every table, parents before the tables that refer to them (a copy inserts them in this order).
TABLES: dict[str, Columns] = {
    "games": (
        ("id", INTEGER), ("channel_id", TEXT), ("ruleset", TEXT), ("options", TEXT), ("settings", TEXT),
        ("seed", INTEGER), ("host_id", TEXT), ("status", TEXT), ("created_at", MOMENT), ("started_at", MOMENT),
        ("finished_at", MOMENT), ("outcome", TEXT), ("server_id", TEXT), ("rated", FLAG),
    ),
    "seats": (
        ("game_id", INTEGER), ("seat", INTEGER), ("user_id", TEXT), ("name", TEXT), ("is_computer", FLAG),
        ("joined_at", MOMENT), ("level", TEXT),
    ),
    "actions": (
        ("game_id", INTEGER), ("version", INTEGER), ("seat", INTEGER), ("user_id", TEXT), ("kind", TEXT),
        ("action", TEXT), ("at", MOMENT),
    ),
    "snapshots": (("game_id", INTEGER), ("version", INTEGER), ("format", INTEGER), ("state", TEXT), ("checksum", TEXT)),
    "decisions": (
        ("game_id", INTEGER), ("seat", INTEGER), ("kind", TEXT), ("version", INTEGER), ("since", MOMENT),
        ("extra_seconds", INTEGER), ("reminded", INTEGER), ("due_at", MOMENT), ("remind_at", MOMENT),
    ),
    "notes": (
        ("id", INTEGER), ("game_id", INTEGER), ("version", INTEGER), ("kind", TEXT), ("seat", INTEGER),
        ("user_id", TEXT), ("actor_id", TEXT), ("at", MOMENT), ("detail", TEXT),
    ),
    "votes": (
        ("game_id", INTEGER), ("kind", TEXT), ("target_seat", INTEGER), ("target_version", INTEGER),
        ("voter_id", TEXT), ("at", MOMENT),
    ),
    "front_end": (("game_id", INTEGER), ("data", TEXT), ("updated_at", MOMENT)),
    "closed_dms": (("user_id", TEXT), ("marked_at", MOMENT)),
    "outbox": (
        ("id", INTEGER), ("game_id", INTEGER), ("seat", INTEGER), ("version", INTEGER), ("created_at", MOMENT),
        ("leased_until", MOMENT),
    ),
    "rating_tables": (
        ("server_id", TEXT), ("ruleset", TEXT), ("version", INTEGER), ("games", INTEGER), ("last_finished_at", MOMENT),
        ("last_game_id", INTEGER),
    ),
    "ratings": (
        ("server_id", TEXT), ("ruleset", TEXT), ("kind", TEXT), ("who", TEXT), ("name", TEXT), ("played", INTEGER),
        ("won", INTEGER), ("mu", REAL), ("sigma", REAL),
    ),
}  # fmt: skip

#: Tables whose ``id`` the database numbers itself: after a copy, the numbering goes on past the copied ids.
NUMBERED = ("games", "notes", "outbox")

#: A whole database as plain values, table by table (rows as tuples in :data:`TABLES`' column order).
Dump = dict[str, list[tuple[object, ...]]]
