"""One table in the terminal: set up or resume its game, then take each human's decisions in turn (hot-seat) while
the game service plays the computer seats.

Everything goes through :class:`game_service.GameService`, on the same SQLite file as the Discord bot. The table
is a fixed channel id (``console``, or ``console:<name>``); every accepted move is saved by the service before the
console goes on, so quitting at any moment (``q``, Ctrl-D, Ctrl-C) and starting again resumes exactly where the
game stood.

Hot-seat privacy: with more than one human at the table, each private view (hand, food-card pick, face-down
traits, food bag) is shown only after a "pass the keyboard to <name>" prompt, and the screen is cleared as soon as
that player has chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from console import menus, words
from console.terminal import Quit, Terminal
from game_service import ActionResult, GameInfo, GameService, NoGameHere, PendingDecision
from rules_core.errors import Refusal
from rules_core.north_star import NorthStar
from rules_core.north_star.state import Phase
from rules_core.north_star.view import SeatView, TableView

DEFAULT_TABLE = "console"
MIN_PLAYERS = NorthStar.min_players
MAX_PLAYERS = NorthStar.max_players
MAX_NAME = 32
Render = Callable[[TableView], bytes]


def channel_id(table: str | None) -> str:
    """The service channel of a console table: ``console`` for the default table, ``console:<name>`` otherwise."""
    return DEFAULT_TABLE if table in (None, "", DEFAULT_TABLE) else f"{DEFAULT_TABLE}:{table}"


@dataclass(frozen=True, slots=True)
class Setup:
    """Who sits at a new table: human names (hot-seat, in seat order) and the number of computer seats after them."""

    humans: tuple[str, ...]
    computers: int = 0
    quick_game: bool = False
    seed: int | None = None

    def problem(self) -> str | None:
        """Why this table cannot be played, in words, or None."""
        problem = names_problem(self.humans)
        if problem is not None:
            return problem
        if self.computers < 0:
            return "the number of computer players cannot be negative"
        total = len(self.humans) + self.computers
        if not MIN_PLAYERS <= total <= MAX_PLAYERS:
            return f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {total}"
        return None


def names_problem(humans: Sequence[str]) -> str | None:
    """Why these human players' names cannot sit at one table, or None."""
    if not humans:
        return "at least one human player is needed (computers play the other seats)"
    if len(humans) > MAX_PLAYERS:
        return f"a game has at most {MAX_PLAYERS} players"
    for name in humans:
        if not name.strip():
            return "a player's name cannot be empty"
        if len(name) > MAX_NAME:
            return f"{name!r} is too long (at most {MAX_NAME} characters)"
    lowered = [n.strip().lower() for n in humans]
    if len(set(lowered)) != len(lowered):
        return "two players have the same name"
    return None


def ask_setup(terminal: Terminal, *, humans: Sequence[str] = (), computers: int | None = None,
              quick_game: bool = False, seed: int | None = None) -> Setup:
    """Ask for whatever the command line left out, until the answers make a playable table."""
    names = tuple(humans)
    while True:
        if not names:
            answer = terminal.ask("Human players' names, separated by commas (q to quit): ")
            names = tuple(n.strip() for n in answer.split(",") if n.strip())
            if not names:
                terminal.write("Please type at least one name, e.g. Ann, Bob")
                continue
            problem = names_problem(names)
            if problem is not None:
                terminal.write(f"Those names will not do: {problem}.")
                names = ()
                continue
        count = computers
        while count is None:
            default = 1 if len(names) == 1 else 0
            answer = terminal.ask(f"How many computer players? [{default}] ")
            if not answer:
                count = default
            elif answer.isdigit():
                count = int(answer)
            else:
                terminal.write(f"Please type a number from 0 to {MAX_PLAYERS - len(names)}.")
        setup = Setup(names, count, quick_game, seed)
        problem = setup.problem()
        if problem is None:
            return setup
        terminal.write(f"That table cannot play: {problem}.")
        names, computers = (), None


@dataclass(slots=True)
class Session:
    """A console table over a game service."""

    service: GameService
    terminal: Terminal
    channel: str = DEFAULT_TABLE
    #: Save the board as PNG into this folder each phase (needs ``render``).
    images: Path | None = None
    render: Render | None = None
    game_id: int | None = None
    #: Private lines waiting for each human until their next turn at the keyboard.
    _private: dict[str, list[str]] = field(default_factory=dict)
    _saved: set[tuple[int, str]] = field(default_factory=set)
    #: Who was shown the board last, in which phase, and whether anybody else has moved since.
    _shown: tuple[str, int, str] | None = None
    _others_moved: bool = True
    #: Hot-seat: the human who has the keyboard now (None: nobody yet, or the screen was cleared for the next).
    _holder: str | None = None
    _warned_images: bool = False

    # The table.

    async def run(self, setup: Callable[[], Setup] | Setup | None = None, *, new: bool = False) -> int:
        """Resume the table's game, or set one up, and play until the end or until the player quits."""
        try:
            info = await self._resume(new=new)
            if info is None:
                chosen = setup() if callable(setup) else setup
                if chosen is None:
                    chosen = ask_setup(self.terminal)
                info = await self._create(chosen)
            return await self._play(info)
        except Quit:
            self.terminal.write(self._saved_message())
            return 0

    def _saved_message(self) -> str:
        if self.game_id is None:
            return "Bye. No game was started."
        table = "" if self.channel == DEFAULT_TABLE else f" --table {self.channel.split(':', 1)[1]}"
        return (
            f"Game saved. Run `evolution-bot console{table}` again (with the same --database, if you gave one) "
            "to carry on where you left off."
        )

    async def _resume(self, *, new: bool) -> GameInfo | None:
        try:
            info = await self.service.game_info(channel_id=self.channel)
        except NoGameHere:
            return None
        if info.status == "lobby":
            # A table whose setup was cut short: nobody has played; set it up again.
            await self.service.abandon(channel_id=self.channel, actor_id=info.host_id, actor_is_admin=True)
            return None
        if new:
            await self.service.abandon(channel_id=self.channel, actor_id=info.host_id, actor_is_admin=True)
            self.terminal.write("The game that was running at this table has been abandoned.")
            return None
        self.game_id = info.game_id
        names = ", ".join(p.name + (" (computer)" if p.is_computer else "") for p in info.players)
        self.terminal.write(
            f"Resuming the game at this table (move {info.version}): {names}.\n"
            "(Start with --new to abandon it, or --table NAME to play at another table.)"
        )
        return info

    async def _create(self, setup: Setup) -> GameInfo:
        problem = setup.problem()
        if problem is not None:
            raise ValueError(problem)
        host = self._user(0)
        options = {"quick_game": True} if setup.quick_game else {}
        info = await self.service.create_game(
            channel_id=self.channel, host_id=host, host_name=setup.humans[0], options=options
        )
        self.game_id = info.game_id
        for index, name in enumerate(setup.humans[1:], start=1):
            await self.service.join(channel_id=self.channel, user_id=self._user(index), user_name=name)
        for _ in range(setup.computers):
            await self.service.add_computer(channel_id=self.channel, actor_id=host)
        started = await self.service.start(channel_id=self.channel, actor_id=host, seed=setup.seed)
        info = await self.service.game_info(game_id=info.game_id)
        names = ", ".join(p.name + (" (computer)" if p.is_computer else "") for p in info.players)
        self.terminal.write(f"New game at this table: {names}.")
        await self._report(started)
        return info

    def _user(self, index: int) -> str:
        return f"{self.channel}/{index}"

    # Playing.

    async def _play(self, info: GameInfo) -> int:
        humans = [p for p in info.players if p.user_id is not None]
        hot_seat = len(humans) > 1
        idle_rounds = 0
        while True:
            assert self.game_id is not None
            info = await self.service.game_info(game_id=self.game_id)
            if info.status != "running":
                return await self._finish(info)
            waiting = [d for d in info.to_decide if d.user_id is not None]
            if not waiting:
                # The process stopped between a human's move and the computers' answer: let them move now.
                results = await self.service.resume_computer_turns()
                for result in results:
                    await self._report(result)
                idle_rounds += 1
                if idle_rounds > 2:
                    self.terminal.write("Nobody at this table can move; the game cannot go on.")
                    return 1
                continue
            idle_rounds = 0
            await self._turn(info, waiting[0], hot_seat=hot_seat)

    async def _turn(self, info: GameInfo, decision: PendingDecision, *, hot_seat: bool) -> None:
        user = decision.user_id
        assert user is not None and self.game_id is not None
        name = info.players[decision.seat].name
        if hot_seat and self._holder != user:
            self.terminal.write("")
            self.terminal.ask(f"Pass the keyboard to {name} and press Enter (q to quit) ")
            self.terminal.clear()
            self._holder = user
        view: SeatView = await self.service.private_view(channel_id=self.channel, user_id=user, game_id=self.game_id)
        self._save_image(view.table)
        legal = await self.service.legal_actions(channel_id=self.channel, user_id=user, game_id=self.game_id)
        if not legal.actions:
            return
        self._show_turn(view, name, user)
        while True:
            action = self._choose(menus.build(view, legal.actions), view)
            try:
                result = await self.service.submit(
                    channel_id=self.channel,
                    user_id=user,
                    action=action,
                    expected_version=legal.version,
                    game_id=self.game_id,
                )
            except Refusal as refusal:
                self.terminal.write(f"That move is not allowed: {refusal.message}. Please choose again.")
                view = await self.service.private_view(channel_id=self.channel, user_id=user, game_id=self.game_id)
                legal = await self.service.legal_actions(
                    channel_id=self.channel, user_id=user, game_id=self.game_id
                )
                if not legal.actions:
                    return
                continue
            break
        if hot_seat:
            following = next((d.user_id for d in result.to_decide if d.user_id is not None), None)
            if following != user:
                # Someone else (or nobody) decides next: wipe this player's secrets off the screen.
                self.terminal.clear()
                self._holder = None
        await self._report(result, by=user)

    def _show_turn(self, view: SeatView, name: str, user: str) -> None:
        """The board (or, between a player's own moves in one phase, a reminder of their row) and their secrets."""
        write = self.terminal.write
        write("")
        where = (user, view.table.round, view.table.phase.value)
        if self._others_moved or self._shown != where:
            write(words.board(view.table, seat_view=view))
        else:
            write(words.own_row(view))
        self._shown = where
        self._others_moved = False
        write("")
        lines = self._private.pop(user, [])
        write(f"--- {name}, your turn {words.DECISIONS.get(_kind(view), '')} ---")
        if lines:
            write("Since your last turn (only you see this):")
            for line in lines:
                write("  " + line)
        write(words.private(view))

    def _choose(self, menu: menus.Menu, view: SeatView) -> Any:
        """Walk the menu until an action is chosen: numbers choose, b goes back, v shows the board again."""
        stack = [menu]
        shown = False
        while True:
            current = stack[-1]
            if not shown:
                self.terminal.write("")
                self.terminal.write(current.title)
                for number, option in enumerate(current.options, start=1):
                    self.terminal.write(f"  {number:>2}. {option.label}")
                extra = "b = back, " if len(stack) > 1 else ""
                self.terminal.write(f"  ({extra}v = show the board, r NAME = a rule or trait, q = save and quit)")
                shown = True
            answer = self.terminal.ask("> ").lower()
            if answer in ("b", "back") and len(stack) > 1:
                stack.pop()
                shown = False
                continue
            if answer == "r" or answer.startswith(("r ", "rules")):
                self.terminal.write(rule_text(answer.split(" ", 1)[1] if " " in answer else ""))
                shown = False
                continue
            if answer in ("v", "board"):
                self.terminal.write(words.board(view.table, seat_view=view))
                self.terminal.write(words.private(view))
                shown = False
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(current.options):
                option = current.options[int(answer) - 1]
                if option.action is not None:
                    return option.action
                assert option.menu is not None
                stack.append(option.menu)
                shown = False
                continue
            back = ", b to go back" if len(stack) > 1 else ""
            if answer:
                self.terminal.write(
                    f"{answer!r} is not a choice: type a number from 1 to {len(current.options)}{back}, "
                    "or q to save and quit."
                )
            else:
                self.terminal.write(f"Please type a number from 1 to {len(current.options)}{back}.")

    async def _report(self, result: ActionResult, *, by: str | None = None) -> None:
        """Show what happened (public events), keep private ones for their owner's next turn, save the image."""
        assert self.game_id is not None
        if any(step.user_id != by for step in result.steps) or by is None:
            self._others_moved = True
        table: TableView = await self.service.public_view(channel_id=self.channel, game_id=self.game_id)
        names = words.Namer(table)
        for line in words.events(result.public_events, names):
            self.terminal.write(line)
        for user, events in result.private_events.items():
            self._private.setdefault(user, []).extend(words.events(events, names))
        self._save_image(table)

    async def _finish(self, info: GameInfo) -> int:
        assert self.game_id is not None
        if info.status == "abandoned":
            self.terminal.write("This game was abandoned.")
            return 0
        table: TableView = await self.service.public_view(channel_id=self.channel, game_id=self.game_id)
        self.terminal.write("")
        self.terminal.write(words.board(table))
        if table.outcome is not None:
            self.terminal.write("")
            self.terminal.write(words.results(table.outcome, table))
        self._save_image(table)
        return 0

    # Board images.

    def _save_image(self, table: TableView) -> None:
        if self.images is None:
            return
        if self.render is None:
            if not self._warned_images:
                self.terminal.write("(Board images need the renderer, which is not available here: none are saved.)")
                self._warned_images = True
            return
        key = (table.round, table.phase.value)
        if key in self._saved:
            return
        self._saved.add(key)
        order = list(Phase).index(table.phase) + 1
        path = self.images / f"game-{self.game_id}-round-{table.round:02d}-{order}-{table.phase.value}.png"
        try:
            self.images.mkdir(parents=True, exist_ok=True)
            path.write_bytes(self.render(table))
        except OSError as error:
            self.terminal.write(f"(Could not save the board image {path}: {error.strerror or error})")


def rule_text(query: str) -> str:
    """A trait's or rule topic's text from the rule book (``r long neck``), or how to ask for one."""
    try:
        from texts import rules
    except ImportError:  # pragma: no cover - the texts package ships with the console
        return "The rule texts are not available here."
    query = query.strip()
    if not query:
        return "Type r and a trait or topic, e.g.  r long neck,  r horns,  r feeding"
    match = rules.lookup(query, "en")
    if match is None:
        suggestions = rules.autocomplete(query, "en", limit=5)
        hint = "; did you mean " + ", ".join(title for _, title in suggestions) + "?" if suggestions else ""
        return f"No rule or trait called {query!r}{hint}"
    return rules.render(match.key, "en").as_text().rstrip()


def _kind(view: SeatView) -> str:
    for decision in view.table.decisions:
        if decision.seat == view.seat:
            return decision.kind
    return ""
