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

from console import words
from console.terminal import Quit, Terminal
from game_service import ActionResult, GameInfo, GameService, NoGameHere, PendingDecision
from rules_core.errors import Refusal
from rules_core.north_star import NorthStar
from rules_core.north_star.state import Phase
from rules_core.north_star.view import SeatView, TableView
from texts.choices import Path as MenuPath
from texts.choices import menu
from texts.languages import DEFAULT_LANGUAGE
from texts.messages import message
from texts.refusals import refusal_text
from texts.summaries import announced, private_lines, public_lines

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

    def problem(self, language: str = DEFAULT_LANGUAGE) -> str | None:
        """Why this table cannot be played, in words, or None."""
        problem = names_problem(self.humans, language)
        if problem is not None:
            return problem
        if self.computers < 0:
            return message("console.problem.negative", language)
        total = len(self.humans) + self.computers
        if not MIN_PLAYERS <= total <= MAX_PLAYERS:
            return message("console.problem.player_count", language, min=MIN_PLAYERS, max=MAX_PLAYERS, n=total)
        return None


def names_problem(humans: Sequence[str], language: str = DEFAULT_LANGUAGE) -> str | None:
    """Why these human players' names cannot sit at one table, or None."""
    if not humans:
        return message("console.problem.no_humans", language)
    if len(humans) > MAX_PLAYERS:
        return message("console.problem.too_many", language, max=MAX_PLAYERS)
    for name in humans:
        if not name.strip():
            return message("console.problem.empty_name", language)
        if len(name) > MAX_NAME:
            return message("console.problem.long_name", language, name=name, max=MAX_NAME)
    lowered = [n.strip().lower() for n in humans]
    if len(set(lowered)) != len(lowered):
        return message("console.problem.same_name", language)
    return None


def ask_setup(terminal: Terminal, *, humans: Sequence[str] = (), computers: int | None = None,
              quick_game: bool = False, seed: int | None = None, language: str = DEFAULT_LANGUAGE) -> Setup:
    """Ask for whatever the command line left out, until the answers make a playable table."""
    names = tuple(humans)
    while True:
        if not names:
            answer = terminal.ask(message("console.ask_names", language) + " ")
            names = tuple(n.strip() for n in answer.split(",") if n.strip())
            if not names:
                terminal.write(message("console.names_needed", language))
                continue
            problem = names_problem(names, language)
            if problem is not None:
                terminal.write(message("console.names_refused", language, problem=problem))
                names = ()
                continue
        count = computers
        while count is None:
            default = 1 if len(names) == 1 else 0
            answer = terminal.ask(message("console.ask_computers", language, default=default) + " ")
            if not answer:
                count = default
            elif answer.isdigit():
                count = int(answer)
            else:
                terminal.write(message("console.computers_number", language, max=MAX_PLAYERS - len(names)))
        setup = Setup(names, count, quick_game, seed)
        problem = setup.problem(language)
        if problem is None:
            return setup
        terminal.write(message("console.table_refused", language, problem=problem))
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
    #: The language of everything the console says (one of texts.languages.LANGUAGES).
    language: str = DEFAULT_LANGUAGE
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
                    chosen = ask_setup(self.terminal, language=self.language)
                info = await self._create(chosen)
            return await self._play(info)
        except Quit:
            self.terminal.write(self._saved_message())
            return 0

    def _saved_message(self) -> str:
        if self.game_id is None:
            return self._say("console.no_game")
        table = "" if self.channel == DEFAULT_TABLE else f" --table {self.channel.split(':', 1)[1]}"
        return self._say("console.saved", command=f"evolution-bot console{table}")

    def _say(self, key: str, **params: Any) -> str:
        return message(key, self.language, **params)

    def _names(self, info: GameInfo) -> str:
        return ", ".join(self._say("player.computer", name=p.name) if p.is_computer else p.name for p in info.players)

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
            self.terminal.write(self._say("console.abandoned_running"))
            return None
        self.game_id = info.game_id
        self.terminal.write(self._say("console.resuming", n=info.version, players=self._names(info)))
        self.terminal.write(self._say("console.resuming_hint"))
        return info

    async def _create(self, setup: Setup) -> GameInfo:
        problem = setup.problem(self.language)
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
        for number in range(1, setup.computers + 1):
            name = self._say("player.computer_name", n=number)
            await self.service.add_computer(channel_id=self.channel, actor_id=host, name=name)
        started = await self.service.start(channel_id=self.channel, actor_id=host, seed=setup.seed)
        info = await self.service.game_info(game_id=info.game_id)
        self.terminal.write(self._say("console.new_game", players=self._names(info)))
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
                results = await self.service.resume_computer_turns(game_id=self.game_id)
                for result in results:
                    await self._report(result)
                idle_rounds += 1
                if idle_rounds > 2:
                    self.terminal.write(self._say("console.stuck"))
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
            self.terminal.ask(self._say("console.pass_keyboard", player=name) + " ")
            self.terminal.clear()
            self._holder = user
        view: SeatView = await self.service.private_view(channel_id=self.channel, user_id=user, game_id=self.game_id)
        self._save_image(view.table)
        legal = await self.service.legal_actions(channel_id=self.channel, user_id=user, game_id=self.game_id)
        if not legal.actions:
            return
        self._show_turn(view, name, user, decision.kind)
        while True:
            action = self._choose(legal.actions, view)
            try:
                result = await self.service.submit(
                    channel_id=self.channel,
                    user_id=user,
                    action=action,
                    expected_version=legal.version,
                    game_id=self.game_id,
                )
            except Refusal as refusal:
                self.terminal.write(self._say("console.refused", reason=refusal_text(refusal, self.language)))
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

    def _show_turn(self, view: SeatView, name: str, user: str, kind: str) -> None:
        """The board (or, between a player's own moves in one phase, a reminder of their row) and their secrets."""
        write = self.terminal.write
        write("")
        where = (user, view.table.round, view.table.phase.value)
        if self._others_moved or self._shown != where:
            write(words.board(view.table, self.language, seat_view=view))
        else:
            write(words.own_row(view, self.language))
        self._shown = where
        self._others_moved = False
        write("")
        lines = self._private.pop(user, [])
        write(self._say("console.your_turn", player=name, kind=self._say(f"decision.{kind}")))
        if lines:
            write(self._say("console.since_last_turn"))
            for line in lines:
                write("  " + line)
        write(words.private(view, self.language))

    def _choose(self, actions: Sequence[Any], view: SeatView) -> Any:
        """Walk the menus of the legal actions (the Discord bot's, numbered) until one is chosen: numbers choose,
        b goes back, v shows the board again, r looks up a rule."""
        table = words.table_of(view.table, self.language, view)
        stack: list[MenuPath] = [()]
        shown = False
        while True:
            current = menu(actions, stack[-1])
            assert current is not None, "a menu of legal actions is never empty"
            can_go_back = len(stack) > 1
            if not shown:
                self.terminal.write("")
                self.terminal.write(table.question(current))
                for number, option in enumerate(current.options, start=1):
                    label = table.label(current.prefix, option.token)
                    detail = table.describe(current.prefix, option.token)
                    self.terminal.write(f"  {number:>2}. {label}" + (f" ({detail})" if detail else ""))
                self.terminal.write("  " + self._say("console.help_back" if can_go_back else "console.help"))
                shown = True
            answer = self.terminal.ask("> ").lower()
            if answer in ("b", "back") and can_go_back:
                stack.pop()
                shown = False
                continue
            if answer == "r" or answer.startswith(("r ", "rules")):
                self.terminal.write(rule_text(answer.split(" ", 1)[1] if " " in answer else "", self.language))
                shown = False
                continue
            if answer in ("v", "board"):
                self.terminal.write(words.board(view.table, self.language, seat_view=view))
                self.terminal.write(words.private(view, self.language))
                shown = False
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(current.options):
                option = current.options[int(answer) - 1]
                if option.action is not None:
                    return option.action
                stack.append((*current.prefix, option.token))
                shown = False
                continue
            n = len(current.options)
            back = "_back" if can_go_back else ""
            if answer:
                self.terminal.write(self._say(f"console.not_a_choice{back}", answer=answer, n=n))
            else:
                self.terminal.write(self._say(f"console.type_number{back}", n=n))

    async def _report(self, result: ActionResult, *, by: str | None = None) -> None:
        """Show what happened (public events), keep private ones for their owner's next turn, save the image."""
        assert self.game_id is not None
        if any(step.user_id != by for step in result.steps) or by is None:
            self._others_moved = True
        view: TableView = await self.service.public_view(channel_id=self.channel, game_id=self.game_id)
        table = words.table_of(view, self.language)
        for line in public_lines(announced(result.public_events, quick_game=view.quick_game), table):
            self.terminal.write(line)
        for user, events in result.private_events.items():
            # In the player's own words ("your species 2"), as their direct messages say it in Discord.
            mine: SeatView = await self.service.private_view(channel_id=self.channel, user_id=user,
                                                              game_id=self.game_id)  # fmt: skip
            own = words.table_of(mine.table, self.language, mine)
            self._private.setdefault(user, []).extend(private_lines(events, own))
        self._save_image(view)

    async def _finish(self, info: GameInfo) -> int:
        assert self.game_id is not None
        if info.status == "abandoned":
            self.terminal.write(self._say("console.abandoned"))
            return 0
        table: TableView = await self.service.public_view(channel_id=self.channel, game_id=self.game_id)
        self.terminal.write("")
        self.terminal.write(words.board(table, self.language))
        if table.outcome is not None:
            self.terminal.write("")
            self.terminal.write(words.results(table.outcome, table, self.language))
        self._save_image(table)
        return 0

    # Board images.

    def _save_image(self, table: TableView) -> None:
        if self.images is None:
            return
        if self.render is None:
            if not self._warned_images:
                self.terminal.write(self._say("console.no_renderer"))
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
            self.terminal.write(self._say("console.image_failed", path=path, error=error.strerror or error))


def rule_text(query: str, language: str = DEFAULT_LANGUAGE) -> str:
    """A trait's or rule topic's text from the rule book (``r long neck``), or how to ask for one."""
    from texts import rules

    query = query.strip()
    if not query:
        return message("console.rules_hint", language)
    match = rules.lookup(query, language)
    if match is None:
        suggestions = rules.autocomplete(query, language, limit=5)
        text = message("rules.not_found", language, query=query)
        if suggestions:
            text += " " + message("rules.did_you_mean", language, names=", ".join(title for _, title in suggestions))
        return text
    return rules.render(match.key, language).as_text().rstrip()
