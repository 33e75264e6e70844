"""Every query of the storage and its row mapping, written once for both backends.

:class:`SqlRepository` implements the :class:`~game_service.storage.repository.Repository` protocol in SQL that
both dialects understand, with the words of :mod:`game_service.storage.dialect` where they spell a thing
differently. A backend supplies the rest:

* a :class:`Session`: one of its connections, taking such statements;
* how a read and a write reach one (:meth:`SqlRepository._read`, :meth:`SqlRepository._write`): the SQLite backend
  runs reads on its one connection and queues writes for its group commit; the PostgreSQL backend runs each call on
  a pooled connection (the one holding the game's lock, inside ``hold``) and each write in a transaction;
* how a whole table is read in one snapshot and written in bulk (copying a database), its schema's version, and
  ``hold``;
* where it has its own, how an action is logged (:meth:`SqlRepository._log`: SQLite through the ``action_writes``
  view of migration 0002) and how one that causes nothing else is written (:meth:`SqlRepository._write_action`:
  SQLite's one statement for a whole group).

A write is a *unit*: a function of a :class:`Session` that runs its statements inside the one transaction the
backend gives it, and raises to undo all of it. A unit reads what it checks ``{for_update}``: PostgreSQL then
locks those rows until the transaction ends, so a second writer of the same game waits and then sees the version
moved on; SQLite's write transaction holds the whole file (``BEGIN IMMEDIATE``) and needs no row locks.

The queries by concern, each a part of :class:`SqlRepository`: a game's (:mod:`.games`), the action log's
(:mod:`.actions`), the deadlines' and reminders' (:mod:`.deadlines`), the ratings' (:mod:`.ratings`), what the front
ends keep (:mod:`.front_ends`) and copying a database (:mod:`.copying`); the rows several of them write
(:mod:`.rows`); what they need of a backend (:mod:`.session`).
"""

from __future__ import annotations

from game_service.storage.queries.actions import ActionQueries
from game_service.storage.queries.copying import CopyQueries
from game_service.storage.queries.deadlines import DeadlineQueries
from game_service.storage.queries.front_ends import FrontEndQueries
from game_service.storage.queries.games import GameQueries
from game_service.storage.queries.ratings import RatingQueries


class SqlRepository(GameQueries, ActionQueries, DeadlineQueries, RatingQueries, FrontEndQueries, CopyQueries):
    """The :class:`~game_service.storage.repository.Repository` protocol over a backend's sessions."""
