"""The channel reads like a game log, not a ticker (issue 30): a whole game played through the fake Discord, counting
the channel's posts per round and the notices each person gets per decision that falls due to them. Each rule
system's front-end tests play one."""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tests.bot.conftest import World
from tests.bot.driver import Driver
from tests.bot.fakes import CHANNEL_ID, User, text_of

#: The issue's targets (issue 30).
POSTS_PER_ROUND = 3
NOTICES_PER_DECISION = 1


@dataclass
class Tally:
    """What went out while a game was played: the channel's new posts by round, and each person's notices (a DM,
    or a channel post that mentions them) by the decision that was due to them then."""

    world: World
    users: dict[str, User]
    seen: set[int] = field(default_factory=set)
    posts: Counter[int] = field(default_factory=Counter)
    notices: Counter[tuple[str, int]] = field(default_factory=Counter)
    texts: dict[tuple[str, int], list[str]] = field(default_factory=dict)

    async def note(self) -> None:
        info = await self.world.info()
        view = await self.world.service.public_view(channel_id=str(CHANNEL_ID), game_id=info.game_id)
        due = {d.user_id: d.since_version for d in info.to_decide if d.user_id is not None}
        for sent in self.world.fake.sent:
            message = sent.message
            if message.id in self.seen or message.kind not in ("channel", "dm"):
                continue
            self.seen.add(message.id)
            if message.kind == "channel":
                # The final scores are the game's, not a round's.
                self.posts[-1 if view.outcome is not None else view.round] += 1
            for user_id in self.users:
                if sent.audience == user_id or pings(sent.data, user_id):
                    key = (user_id, due.get(user_id, -1))
                    self.notices[key] += 1
                    self.texts.setdefault(key, []).append(message.text()[:300])


def pings(data: dict[str, Any], user_id: str) -> bool:
    """Whether a message notifies the user: it mentions them, and its allowed mentions let it."""
    if f"<@{user_id}>" not in text_of(data):
        return False
    allowed = data.get("allowed_mentions")
    if allowed is None:
        return True
    return "users" in allowed.get("parse", ()) or user_id in {str(u) for u in allowed.get("users", ())}


class TallyingDriver(Driver):
    tally: Tally

    async def turn(self, user: User, route: str) -> str:
        await self.tally.note()
        done = await super().turn(user, route)
        await self.tally.note()
        return done


async def played(
    world: World, users: list[User], *, seed: int, check_privacy: Callable[[], Awaitable[None]] | None = None
) -> Tally:
    """The lobby's game started by its host (the first of ``users``) and played to the end, tallied."""
    driver = TallyingDriver(world, users, seed=seed, check_privacy=check_privacy)
    # What was sent before the game started (the lobby) is not counted.
    driver.tally = Tally(world, {str(u.id): u for u in users}, seen={sent.message.id for sent in world.fake.sent})
    await world.evo(users[0], "start")
    await driver.tally.note()
    await driver.play_to_end()
    await driver.tally.note()
    return driver.tally


def check(tally: Tally) -> None:
    """At most :data:`POSTS_PER_ROUND` channel posts in each round (and one for the final scores), at most
    :data:`NOTICES_PER_DECISION` notice per decision per person (and none when nothing was due to them)."""
    rounds = {r: n for r, n in tally.posts.items() if r != -1}
    assert len(rounds) > 1 and max(rounds.values()) <= POSTS_PER_ROUND, tally.posts
    assert tally.posts[-1] == 1, tally.posts
    worst = tally.notices.most_common(1)
    assert worst[0][1] <= NOTICES_PER_DECISION, (worst, tally.texts[worst[0][0]])
