"""Every word a player reads, in six languages (en, hu, pt, uk, pl, es): the message catalogues (``messages``),
the rule texts (``rules``), and, shared by the Discord bot and the console, the menus of a seat's legal actions
with their labels (``choices``) and events put into words (``summaries``)."""
