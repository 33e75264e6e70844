"""What the announcer keeps of each game (:class:`GamePosts`): its lobby and status messages, the status message's
phase and lines, which players were told of their closed DMs, or had them tried again, in which phase, whether a post
was lost, the news held and the DM prompts shown. The service keeps it in the database (``front_end``), so a restart
neither starts new status messages nor writes again to users who cannot be written to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Lines of the current phase kept for the status message.
PHASE_LINES = 40


@dataclass(slots=True)
class GamePosts:
    """What the announcer keeps of one game: its lobby and status messages, the status message's phase and lines,
    and the phase in which each player was last told that their DMs are closed."""

    lobby: int | None = None
    status: int | None = None
    phase: tuple[int, str] | None = None
    lines: list[str] = field(default_factory=list)
    #: A post or a DM of this game failed: post its table afresh when Discord answers again.
    stale: bool = False
    told_closed: dict[str, str] = field(default_factory=dict)
    #: The phase in which a DM was last tried again for each player whose DMs were found closed.
    retried_closed: dict[str, str] = field(default_factory=dict)
    #: The game's version whose news was last told: behind the game's after a restart, the process stopped between
    #: a move and its announcement (None: kept by an older bot, which did not say).
    announced: int | None = None
    #: A tutorial's decision kinds already explained to its player (bot.tutorial).
    explained: list[str] = field(default_factory=list)
    #: Each player's private news not sent yet (in their language): it goes with their next DM.
    news: dict[str, list[str]] = field(default_factory=dict)
    #: Each player's DM that shows the prompt of a decision: (DM channel, message, the decision's since_version).
    prompts: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def dump(self) -> dict[str, Any]:
        return {
            "lobby": self.lobby,
            "status": self.status,
            "phase": None if self.phase is None else list(self.phase),
            "lines": self.lines,
            "stale": self.stale,
            "told_closed": self.told_closed,
            "retried_closed": self.retried_closed,
            "announced": self.announced,
            "explained": self.explained,
            "news": self.news,
            "prompts": {user: list(shown) for user, shown in self.prompts.items()},
        }

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> GamePosts:
        """What was kept (anything unreadable is left out: the worst is a new status message)."""
        phase = data.get("phase")

        def whole(value: Any) -> int | None:
            return value if isinstance(value, int) and not isinstance(value, bool) else None

        def by_user(value: Any) -> dict[str, str]:
            return {k: v for k, v in dict(value or {}).items() if isinstance(v, str)}

        return cls(
            lobby=whole(data.get("lobby")),
            status=whole(data.get("status")),
            phase=(phase[0], phase[1]) if isinstance(phase, list) and len(phase) == 2 else None,
            lines=[line for line in data.get("lines", ()) if isinstance(line, str)][-PHASE_LINES:],
            stale=data.get("stale") is True,
            told_closed=by_user(data.get("told_closed")),
            retried_closed=by_user(data.get("retried_closed")),
            announced=whole(data.get("announced")),
            explained=[kind for kind in data.get("explained", ()) if isinstance(kind, str)],
            news={
                user: [line for line in lines if isinstance(line, str)]
                for user, lines in dict(data.get("news") or {}).items()
                if isinstance(lines, list)
            },
            prompts={
                user: (shown[0], shown[1], shown[2])
                for user, shown in dict(data.get("prompts") or {}).items()
                if isinstance(shown, list) and len(shown) == 3 and all(whole(n) is not None for n in shown)
            },
        )

    def phase_key(self) -> str:
        """The status message's phase as a key of :attr:`told_closed` and :attr:`retried_closed`."""
        return "" if self.phase is None else f"{self.phase[0]}:{self.phase[1]}"
