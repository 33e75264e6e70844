"""The application service: every front end (Discord bot, console, tests) plays through it. Plain ids in, plain
data out; it knows nothing of Discord. Storage (SQLite behind a repository protocol) lives in ``storage``.

Start with :class:`GameService` (``await GameService.open(database=...)``); its refusals are in
:mod:`game_service.errors`, its results in :mod:`game_service.results`.
"""

from game_service.computers import ComputerPolicy, DefaultPolicy, timeout_policy
from game_service.errors import (
    AlreadyJoined,
    AlreadyStarted,
    BadSettings,
    CannotKickSelf,
    GameClosed,
    GameExists,
    GameFull,
    NoGameHere,
    NoSuchSeat,
    NotAPlayer,
    NotHost,
    NotStarted,
    NotYourSeat,
    ServiceRefusal,
    StaleVersion,
    TooFewPlayers,
    UnknownGame,
)
from game_service.results import (
    ActionResult,
    GameHistory,
    GameInfo,
    GameStatus,
    HistoryEntry,
    LegalActions,
    MembershipResult,
    MyTurn,
    PendingDecision,
    PlayedBy,
    SeatInfo,
    Step,
)
from game_service.service import PLAYER_LANGUAGES, CorruptGame, GameService

__all__ = [
    "PLAYER_LANGUAGES",
    "ActionResult",
    "AlreadyJoined",
    "AlreadyStarted",
    "BadSettings",
    "CannotKickSelf",
    "ComputerPolicy",
    "CorruptGame",
    "DefaultPolicy",
    "GameClosed",
    "GameExists",
    "GameFull",
    "GameHistory",
    "GameInfo",
    "GameService",
    "GameStatus",
    "HistoryEntry",
    "LegalActions",
    "MembershipResult",
    "MyTurn",
    "NoGameHere",
    "NoSuchSeat",
    "NotAPlayer",
    "NotHost",
    "NotStarted",
    "NotYourSeat",
    "PendingDecision",
    "PlayedBy",
    "SeatInfo",
    "ServiceRefusal",
    "StaleVersion",
    "Step",
    "TooFewPlayers",
    "UnknownGame",
    "timeout_policy",
]
