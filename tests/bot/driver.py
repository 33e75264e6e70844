"""Fake players who play through the bot the way people would: from the prompt in their DMs, from the "My hand"
button of the channel's status post, or with ``/evolution move`` and its autocomplete list."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from typing import Any

from game_service import PendingDecision
from tests.bot.conftest import World, string
from tests.bot.fakes import CHANNEL_ID, Message, User
from texts.messages import message

MENU = re.compile(r"evo:(?:m:(?P<g1>\d+):(?P<v1>\d+):|s:[cd]:(?P<g2>\d+):(?P<v2>\d+):)")
NAVIGATION = frozenset(message(key) for key in ("button.back", "button.previous_page", "button.next_page"))
ROUTES = ("dm", "hand", "move")
#: Discord's style number of a red button.
DANGER = 4


def menu_version(item: dict[str, Any]) -> int | None:
    match = MENU.match(str(item.get("custom_id", "")))
    if match is None:
        return None
    return int(match["v1"] or match["v2"])


def menu_items(panel: Message) -> list[dict[str, Any]]:
    return [i for i in panel.items() if menu_version(i) is not None and not i.get("disabled")]


class Driver:
    def __init__(
        self,
        world: World,
        users: list[User],
        *,
        seed: int = 1,
        check_privacy: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.world = world
        self.users = {str(u.id): u for u in users}
        self.rng = random.Random(seed)
        self.routes_used: dict[str, int] = dict.fromkeys(ROUTES, 0)
        #: What is checked after every move (the rule system's own privacy check; North Star's by default).
        self.check_privacy = check_privacy or world.check_privacy

    async def pending(self, user: User) -> PendingDecision | None:
        info = await self.world.info()
        return next((d for d in info.to_decide if d.user_id == str(user.id)), None)

    async def version(self) -> int:
        return (await self.world.info()).version

    def latest_dm_prompt(self, user: User, since: int) -> Message | None:
        for dm in reversed(self.world.fake.dms(user)):
            items = menu_items(dm)
            if items and all(menu_version(i) == since for i in items):
                return dm
        return None

    def status_post(self) -> Message:
        posts = [
            m
            for m in self.world.fake.channel_posts(CHANNEL_ID)
            if any(str(i.get("custom_id", "")).startswith("evo:t:hand:") for i in m.items())
        ]
        assert posts, "no channel post offers the My hand button"
        return posts[-1]

    async def open_hand(self, user: User) -> Message:
        post = self.status_post()
        hand = next(i for i in post.items() if str(i.get("custom_id", "")).startswith("evo:t:hand:"))
        interaction = await self.world.fake.click(self.world.bot, user, post, hand["custom_id"])
        return self.world.fake.reply(interaction)

    async def turn(self, user: User, route: str) -> str:
        """Make one move for ``user`` by ``route`` (falling back to "hand" when no DM prompt is there)."""
        pending = await self.pending(user)
        assert pending is not None
        if route == "move":
            await self.move(user)
            self.routes_used["move"] += 1
            return "move"
        panel = self.latest_dm_prompt(user, pending.since_version) if route == "dm" else None
        if panel is None:
            route = "hand"
            panel = await self.open_hand(user)
        self.routes_used[route] += 1
        await self.walk(user, panel)
        return route

    async def walk(self, user: User, panel: Message) -> None:
        """Click through a prompt until one move is made."""
        start = await self.version()
        fake, bot = self.world.fake, self.world.bot
        for _ in range(30):
            panel = fake.messages[panel.id]
            items = menu_items(panel)
            assert items, f"the prompt offers nothing: {panel.text()!r}"
            selects = [i for i in items if i["type"] == 3]
            buttons = [i for i in items if i["type"] == 2 and i.get("label") not in NAVIGATION]
            # A choice that ends something (finish playing, stop feeding, pass) is a red button in every rule system.
            finishing = [b for b in buttons if b.get("style") == DANGER]
            if selects and (not buttons or self.rng.random() < 0.8) and not (finishing and self.rng.random() < 0.25):
                select = selects[0]
                count = int(select.get("min_values") or 1)
                values = self.rng.sample([o["value"] for o in select["options"]], count)
                await fake.select(bot, user, panel, select["custom_id"], values)
            else:
                choice = self.rng.choice(buttons)
                await fake.click(bot, user, panel, choice["custom_id"])
            if await self.version() != start:
                return
        raise AssertionError("thirty clicks without a move")

    async def move(self, user: User) -> None:
        fake, bot = self.world.fake, self.world.bot
        start = await self.version()
        choices = await fake.autocomplete(bot, user, "evolution", string("action", "", focused=True), sub="move")
        assert choices, "no move offered"
        chosen = self.rng.choice(choices)
        interaction = await fake.command(bot, user, "evolution", string("action", chosen["value"]), sub="move")
        assert await self.version() != start, self.world.reply_text(interaction)

    async def play_to_end(self, *, limit: int = 3000) -> int:
        moves = 0
        while moves < limit:
            info = await self.world.info()
            if info.status != "running":
                return moves
            humans = [d for d in info.to_decide if d.user_id is not None]
            assert humans, "a running game waits for nobody"
            decision = self.rng.choice(humans)
            user = self.users[str(decision.user_id)]
            # A decision whose prompt shows the hand came by DM: answer it there most of the time.
            route = "dm" if decision.uses_secrets and self.rng.random() < 0.6 else self.rng.choice(ROUTES[1:])
            await self.turn(user, route)
            moves += 1
            await self.check_privacy()
        raise AssertionError("the game did not end")

    async def running(self) -> bool:
        return (await self.world.info()).status == "running"
