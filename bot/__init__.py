"""The Discord layer only: interactions in, service calls, messages out. No rules and no game state here.

Where things are:

* ``client`` — the bot: minimal intents, the command tree and its one error handler, the persistent components,
  the game service; ``cli`` / ``cli_sync`` — ``evolution-bot run`` and ``evolution-bot sync``;
* ``cogs/`` — thin slash-command cogs: ``lobby`` and ``play`` (the ``/evolution`` subcommands) and ``rules``;
* ``components`` — the DynamicItem buttons and selects and their ``custom_id`` scheme (they survive restarts);
* ``desk`` — what every command and component does (read the interaction, call the service, answer privately);
* ``announce`` — channel posts (board image, summary, whose move), direct messages, the closed-DM fallback;
* ``summaries`` — a game's history in words (the menus of legal actions and the words for events are shared
  with the console, in :mod:`texts.choices` and :mod:`texts.summaries`);
* ``panels`` — embeds and component layouts; ``errors`` — refusal wording and the apology for the unexpected.

Every user-facing word comes from ``texts.messages``.
"""
