"""Numbered schema migrations (``NNNN_name.sql``), applied in order under ``PRAGMA user_version``."""
