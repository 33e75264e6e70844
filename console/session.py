"""One table in the terminal: set up or resume its game, then take each human's decisions in turn (hot-seat) while
the game service plays the computer seats.

Everything goes through :class:`game_service.GameService`, on the same SQLite file as the Discord bot. The table
is a fixed channel id (``console``, or ``console:<name>``); every accepted move is saved by the service before the
console goes on, so quitting at any moment (``q``, Ctrl-D, Ctrl-C) and starting again resumes exactly where the
game stood.

Hot-seat privacy: with more than one human at the table, each private view (hand, food-card pick, face-down
traits, food bag) is shown only after a "pass the keyboard to <name>" prompt, and the screen is cleared as soon as
that player has chosen.

Computer seats, and decisions a player left to the autopilot (``a`` at a prompt; ``m`` takes them all back), move in
the background (``game_service.turns``): the console waits for them before the next person's turn and tells what
they did. A move that was not its player's own choice carries a mark (the legend is shown with the first board).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from console.terminal import Quit, Terminal
from game_service import ActionResult, GameInfo, GameService, NoGameHere, PendingDecision, Prompt
from rules_core.engine import PublicView, SeatView
from rules_core.errors import Refusal
from rules_core.registry import find_ruleset
from texts import rules
from texts.languages import DEFAULT_LANGUAGE
from texts.menus import Path as MenuPath
from texts.menus import menu
from texts.messages import message
from texts.presentation import RulesetWords, Section
from texts.refusals import refusal_text
from texts.registry import DEFAULT_RULESET, words_for

DEFAULT_TABLE = "console"
#: What ``_choose`` answers when the player leaves the decision's kind to the autopilot, or takes every kind back.
AUTOPILOT = object()
MANUAL = object()
MAX_NAME = 32
Render = Callable[[PublicView], bytes]


def channel_id(table: str | None) -> str:
    """The service channel of a console table: ``console`` for the default table, ``console:<name>`` otherwise."""
    return DEFAULT_TABLE if table in (None, "", DEFAULT_TABLE) else f"{DEFAULT_TABLE}:{table}"


def player_range(ruleset: str, options: Mapping[str, Any]) -> tuple[int, int]:
    """How many players a game of ``ruleset`` with ``options`` takes (a refusal for options the rules refuse)."""
    rules = find_ruleset(ruleset)
    return rules.player_range(rules.read_options(options))


@dataclass(frozen=True, slots=True)
class Setup:
    """Who sits at a new table and what they play: human names (hot-seat, in seat order), the number of computer
    seats after them, the rule system and its options, and how well the computers play (None: the settings' level)."""

    humans: tuple[str, ...]
    computers: int = 0
    seed: int | None = None
    ruleset: str = DEFAULT_RULESET
    options: Mapping[str, Any] = field(default_factory=dict)
    level: str | None = None

    def problem(self, language: str = DEFAULT_LANGUAGE) -> str | None:
        """Why this table cannot be played, in words, or None."""
        try:
            low, high = player_range(self.ruleset, self.options)
        except Refusal as refusal:
            return refusal_text(refusal, language)
        problem = names_problem(self.humans, high, language)
        if problem is not None:
            return problem
        if self.computers < 0:
            return message("console.problem.negative", language)
        total = len(self.humans) + self.computers
        if not low <= total <= high:
            return message("console.problem.player_count", language, min=low, max=high, n=total)
        return None


def names_problem(humans: Sequence[str], most: int, language: str = DEFAULT_LANGUAGE) -> str | None:
    """Why these human players' names cannot sit at one table of at most ``most`` players, or None."""
    if not humans:
        return message("console.problem.no_humans", language)
    if len(humans) > most:
        return message("console.problem.too_many", language, max=most)
    for name in humans:
        if not name.strip():
            return message("console.problem.empty_name", language)
        if len(name) > MAX_NAME:
            return message("console.problem.long_name", language, name=name, max=MAX_NAME)
    lowered = [n.strip().lower() for n in humans]
    if len(set(lowered)) != len(lowered):
        return message("console.problem.same_name", language)
    return None


def ask_setup(
    terminal: Terminal,
    *,
    humans: Sequence[str] = (),
    computers: int | None = None,
    level: str | None = None,
    seed: int | None = None,
    ruleset: str = DEFAULT_RULESET,
    options: Mapping[str, Any] | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> Setup:
    """Ask for whatever the command line left out, until the answers make a playable table."""
    names = tuple(humans)
    options = dict(options or {})
    most = player_range(ruleset, options)[1]
    while True:
        if not names:
            answer = terminal.ask(message("console.ask_names", language) + " ")
            names = tuple(n.strip() for n in answer.split(",") if n.strip())
            if not names:
                terminal.write(message("console.names_needed", language))
                continue
            problem = names_problem(names, most, language)
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
                terminal.write(message("console.computers_number", language, max=most - len(names)))
        setup = Setup(names, count, seed, ruleset, options, level)
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
    #: Where the games are saved (the SQLite file), said on the first screen.
    database: str | None = None
    game_id: int | None = None
    #: Private lines waiting for each human until their next turn at the keyboard.
    _private: dict[str, list[str]] = field(default_factory=dict)
    _saved: set[tuple[int, str]] = field(default_factory=set)
    #: Who was shown the board last, and in which round and phase.
    _shown: tuple[str, int, str] | None = None
    #: Hot-seat: the human who has the keyboard now (None: nobody yet, or the screen was cleared for the next).
    _holder: str | None = None
    _warned_images: bool = False
    #: What computers and autopilots did in the background, not told yet.
    _background: list[ActionResult] = field(default_factory=list)
    #: The newest result told: the game as it stands once the background is done (who decides, their prompts and
    #: views), so a move costs the service only the move itself and the wait for the background.
    _latest: ActionResult | None = None
    _legend_shown: bool = False

    def __post_init__(self) -> None:
        self.service.listen(self._heard)

    async def _heard(self, result: ActionResult) -> None:
        if result.game_id == self.game_id:
            self._background.append(result)

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
        self.terminal.write(self._which_game(info))
        self.terminal.write(self._say("console.resuming", n=info.version, players=self._names(info)))
        self.terminal.write(self._say("console.resuming_hint"))
        return info

    async def _create(self, setup: Setup) -> GameInfo:
        problem = setup.problem(self.language)
        if problem is not None:
            raise ValueError(problem)
        host = self._user(0)
        info = await self.service.create_game(
            channel_id=self.channel,
            host_id=host,
            host_name=setup.humans[0],
            ruleset=setup.ruleset,
            options=setup.options,
        )
        self.game_id = info.game_id
        for index, name in enumerate(setup.humans[1:], start=1):
            await self.service.join(channel_id=self.channel, user_id=self._user(index), user_name=name)
        for number in range(1, setup.computers + 1):
            name = self._say("player.computer_name", n=number)
            await self.service.add_computer(channel_id=self.channel, actor_id=host, name=name, level=setup.level)
        started = await self.service.start(channel_id=self.channel, actor_id=host, seed=setup.seed)
        assert started.info is not None
        self.terminal.write(self._which_game(started.info))
        self.terminal.write(self._say("console.new_game", players=self._names(started.info)))
        await self._report(started)
        return started.info

    def _which_game(self, info: GameInfo) -> str:
        """The first screen's line: which game this is and where its moves are saved."""
        game = words_for(info.ruleset).title(self.language)
        if self.database is None:
            return self._say("console.game", game=game, game_id=info.game_id)
        return self._say("console.game_saved_in", game=game, game_id=info.game_id, path=self.database)

    def _user(self, index: int) -> str:
        return f"{self.channel}/{index}"

    # Playing.

    async def _play(self, info: GameInfo) -> int:
        humans = [p for p in info.players if p.user_id is not None]
        hot_seat = len(humans) > 1
        idle_rounds = 0
        while True:
            assert self.game_id is not None
            await self._caught_up()
            latest = self._latest
            if latest is None or latest.info is None:  # resumed: nothing told yet
                info = await self.service.game_info(game_id=self.game_id)
            else:
                info = latest.info
            if info.status != "running":
                return await self._finish(info)
            waiting = [d for d in info.to_decide if d.user_id is not None]
            if not waiting:
                # The process stopped between a human's move and the moves after it: let them be made now.
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

    async def _caught_up(self) -> None:
        """Wait until computers and autopilots are done, and tell what they did."""
        assert self.game_id is not None
        await self.service.idle(game_id=self.game_id)
        told, self._background = self._background, []
        for result in told:
            await self._report(result)

    async def _turn(self, info: GameInfo, decision: PendingDecision, *, hot_seat: bool) -> None:
        user = decision.user_id
        assert user is not None and self.game_id is not None
        name = info.players[decision.seat].name
        if hot_seat and self._holder != user:
            self.terminal.write("")
            self.terminal.ask(self._say("console.pass_keyboard", player=name) + " ")
            self.terminal.clear()
            self._holder = user
        words = words_for(info.ruleset)
        view, prompt = await self._prompt(user)
        self._save_image(words, view.table)
        if prompt is None or not prompt.actions:
            return
        self._show_turn(words, view, name, user, decision.kind)
        while True:
            action = self._choose(words, prompt.actions, view)
            if action is AUTOPILOT or action is MANUAL:
                await self._autopilot(info, user, decision.kind, on=action is AUTOPILOT)
                if action is AUTOPILOT:
                    return
                continue
            try:
                result = await self.service.submit(
                    channel_id=self.channel,
                    user_id=user,
                    action=action,
                    expected_version=prompt.decision.since_version,
                    game_id=self.game_id,
                )
            except Refusal as refusal:
                reason = refusal_text(refusal, self.language, words)
                self.terminal.write(self._say("console.refused", reason=reason))
                self._latest = None  # the game may have moved on: read it again
                view, prompt = await self._prompt(user)
                if prompt is None or not prompt.actions:
                    return
                continue
            break
        if hot_seat:
            following = next((d.user_id for d in result.to_decide if d.user_id is not None), None)
            if following != user:
                # Someone else (or nobody) decides next: wipe this player's secrets off the screen.
                self.terminal.clear()
                self._holder = None
        await self._report(result)

    async def _prompt(self, user: str) -> tuple[SeatView, Prompt | None]:
        """The player's view and prompt: as the newest result left them, else read."""
        latest = self._latest
        if latest is not None and user in latest.prompts and user in latest.views:
            return latest.views[user], latest.prompts[user]
        assert self.game_id is not None
        seat = await self.service.prompt(channel_id=self.channel, user_id=user, game_id=self.game_id)
        return seat.view, seat.prompt

    def _show_turn(self, words: RulesetWords, view: SeatView, name: str, user: str, kind: str) -> None:
        """The board when a phase begins for this player (or the keyboard passes to them), else, between their
        turns in one phase, the shared supplies and their own row: the others' moves since were told line by line,
        so the whole table is not printed again after every feeding move ("v" shows it)."""
        write = self.terminal.write
        write("")
        where = (user, view.table.round, view.table.phase)
        if self._shown != where:
            write(words.board_text(view.table, self.language, mine=view))
        else:
            write(words.table_summary(view.table, self.language))
            write(words.own_row(view, self.language))
        self._shown = where
        write("")
        lines = self._private.pop(user, [])
        write(self._say("console.your_turn", player=name, kind=words.decision(kind, self.language)))
        if lines:
            write(self._say("console.since_last_turn"))
            for line in lines:
                write("  " + line)
        write(self._secrets(words, view))

    def _secrets(self, words: RulesetWords, view: SeatView) -> str:
        """What only this seat may see, a part a line ("Cards in your hand (3): ...")."""
        table = words.table(view.table, mine=view, language=self.language)
        return "\n".join(_section_line(section) for section in words.secret_sections(view, table))

    async def _autopilot(self, info: GameInfo, user: str, kind: str, *, on: bool) -> None:
        """Leave this kind of decision to the autopilot (``on``), or take every kind back."""
        words = words_for(info.ruleset)
        mine = info.autopilots.get(user)
        kinds = [kind] if on else sorted(() if mine is None else mine.kinds)
        for each in kinds:
            await self.service.autopilot(user_id=user, decision_kind=each, on=on, game_id=info.game_id)
        self._latest = None  # what the table shows of the seat changed: read the game again
        if on:
            self.terminal.write(self._say("console.autopilot_on", kind=words.decision(kind, self.language)))
        else:
            self.terminal.write(self._say("console.autopilot_off"))

    def _choose(self, words: RulesetWords, actions: Sequence[Any], view: SeatView) -> Any:
        """Walk the menus of the legal actions (the Discord bot's, numbered) until one is chosen: numbers choose,
        b goes back, v shows the board again, d the discard pile (where it is public), r looks up a rule, a leaves
        this kind of decision to the autopilot (:data:`AUTOPILOT`), m takes every kind back (:data:`MANUAL`)."""
        table = words.table(view.table, mine=view, language=self.language)
        actions = words.offered(actions, view)
        pile = words.discard_pile(view.table, self.language)
        stack: list[MenuPath] = [()]
        shown = False
        while True:
            current = menu(actions, stack[-1], words.action_path)
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
                if pile is not None:
                    self.terminal.write("  " + self._say("console.help_discard"))
                shown = True
            answer = self.terminal.ask("> ").lower()
            if answer in ("b", "back") and can_go_back:
                stack.pop()
                shown = False
                continue
            if answer == "r" or answer.startswith(("r ", "rules")):
                query = answer.split(" ", 1)[1] if " " in answer else ""
                self.terminal.write(rule_text(query, self.language, words.ruleset, edition=words.edition(view.table)))
                shown = False
                continue
            if answer in ("a", "auto"):
                return AUTOPILOT
            if answer in ("m", "manual"):
                return MANUAL
            if answer in ("d", "discard") and pile is not None:
                self.terminal.write(pile)
                continue
            if answer in ("v", "board"):
                self.terminal.write(words.board_text(view.table, self.language, mine=view))
                self.terminal.write(self._secrets(words, view))
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

    async def _report(self, result: ActionResult) -> None:
        """Show what happened (public events), keep private ones for their owner's next turn, save the image."""
        assert self.game_id is not None and result.public_view is not None
        if self._latest is None or result.version >= self._latest.version:
            self._latest = result
        assert result.info is not None
        words = words_for(result.info.ruleset)
        table = words.table(result.public_view, language=self.language)
        lines = words.told_lines(result.public_events, result.steps, table)
        if not self._legend_shown and any(step.played_by != "player" for step in result.steps):
            self._legend_shown = True
            lines.insert(0, self._say("played_by.legend"))
        for line in lines:
            self.terminal.write(line)
        for user, events in result.private_events.items():
            # In the player's own words ("your species 2"), as their direct messages say it in Discord.
            mine = result.views[user]
            own = words.table(mine.table, mine=mine, language=self.language)
            self._private.setdefault(user, []).extend(words.private_lines(events, own))
        self._save_image(words, result.public_view)

    async def _finish(self, info: GameInfo) -> int:
        assert self.game_id is not None
        if info.status == "abandoned":
            self.terminal.write(self._say("console.abandoned"))
            return 0
        words = words_for(info.ruleset)
        view = await self.service.public_view(channel_id=self.channel, game_id=self.game_id)
        self.terminal.write("")
        self.terminal.write(words.board_text(view, self.language))
        if view.outcome is not None:
            table = words.table(view, language=self.language)
            self.terminal.write("")
            lines = words.standings_lines(view.outcome, table)
            self.terminal.write("\n".join([f"=== {self._say('standings.title')} ===", *lines]))
        self._save_image(words, view)
        return 0

    # Board images.

    def _save_image(self, words: RulesetWords, view: PublicView) -> None:
        if self.images is None:
            return
        if self.render is None:
            if not self._warned_images:
                self.terminal.write(self._say("console.no_renderer"))
                self._warned_images = True
            return
        key = (view.round, view.phase)
        if key in self._saved:
            return
        self._saved.add(key)
        order = words.phase_number(view)
        path = self.images / f"game-{self.game_id}-round-{view.round:02d}-{order}-{view.phase}.png"
        try:
            self.images.mkdir(parents=True, exist_ok=True)
            path.write_bytes(self.render(view))
        except OSError as error:
            self.terminal.write(self._say("console.image_failed", path=path, error=error.strerror or error))


def _section_line(section: Section) -> str:
    return f"{section.title}: {', '.join(section.lines)}"


def rule_text(query: str, language: str, ruleset: str, *, edition: int | None = None) -> str:
    """A trait's or rule topic's text from the rule book of the table's game (``r long neck``), in the edition of the
    cards it was dealt (``RulesetWords.edition``), or how to ask."""
    query = query.strip()
    if not query:
        return message("console.rules_hint", language)
    match = rules.lookup(query, language, ruleset=ruleset)
    if match is None:
        suggestions = rules.autocomplete(query, language, limit=5, ruleset=ruleset)
        text = message("rules.not_found", language, query=query)
        if suggestions:
            text += " " + message("rules.did_you_mean", language, names=", ".join(title for _, title in suggestions))
        return text
    return rules.render(match.key, language, ruleset, edition=edition).as_text().rstrip()
