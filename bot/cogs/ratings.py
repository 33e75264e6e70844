"""``/evolution leaderboard [game] [page] [share]`` and ``/evolution stats [player] [share]``: the server's statistics
and ratings (game_service/ratings.py), computer levels rated among the players.

"The server" is the guild the command is used in: the games whose lobby was opened there (the lobby cog records the
guild with each game), and the games from before games recorded it in the guild's channels and threads as the bot's
cache holds them (docs/rulings.md, "Ratings"). Both answers are private unless ``share`` posts them in the channel,
as ``/rules`` does: a leaderboard is public knowledge, but nobody's look at it need fill the channel. They show
people as mentions (which name nobody in a ping: an embed's mentions do not notify) and numbers only.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from bot.cogs import EvolutionSubcommands
from bot.cogs.lobby import ruleset_choices
from bot.errors import BotRefusal
from bot.interactions import Interaction, channel_id_of, user_id_of
from bot.languages import language_of
from bot.limits import fit_embed
from bot.panels import COLOUR
from bot.translator import text
from game_service import PlayerRating, RulesetRatings
from texts.messages import message
from texts.registry import playable_rulesets, words_for

#: Players on one page of the leaderboard (20 short lines stay well inside an embed's description).
PAGE = 20


def server_channels(interaction: Interaction) -> list[str]:
    """The channels whose games from before games recorded their server are the server's: the guild's channels and
    the threads the bot's cache holds, and always the channel the command came from (a thread the cache does not
    hold yet). Refused in a DM, which is no server."""
    channel = channel_id_of(interaction)
    guild = interaction.guild
    cached = [] if guild is None else [str(c.id) for c in (*guild.channels, *guild.threads)]
    return [channel, *cached]


def rating_text(player: PlayerRating, language: str) -> str:
    """The conservative estimate to one decimal, with the language's decimal mark."""
    return f"{player.ordinal:.1f}".replace(".", message("ratings.decimal_mark", language))


def who(player: PlayerRating, language: str) -> str:
    if player.user_id is not None:
        return f"<@{player.user_id}>"
    return message("ratings.computer", language, level=message(f"computer_level.{player.level}", language))


def counts(player: PlayerRating, language: str) -> tuple[str, str]:
    return message("ratings.played", language, n=player.played), message("ratings.won", language, n=player.won)


def leaderboard_embed(ratings: RulesetRatings, page: int, language: str) -> discord.Embed:
    """One page of the leaderboard (a page past the end shows the last)."""
    pages = max(1, -(-len(ratings.players) // PAGE))
    shown = min(page, pages)
    lines = []
    for place, player in enumerate(ratings.players[(shown - 1) * PAGE : shown * PAGE], start=(shown - 1) * PAGE + 1):
        played, won = counts(player, language)
        lines.append(message("ratings.line", language, place=place, player=who(player, language),
                             rating=rating_text(player, language), played=played, won=won))  # fmt: skip
    embed = discord.Embed(
        title=message("ratings.title", language, game=words_for(ratings.ruleset).title(language)),
        description="\n".join(lines),
        colour=COLOUR,
    )
    games = message("ratings.games", language, n=ratings.games)
    embed.set_footer(text=message("ratings.footer", language, page=shown, pages=pages, games=games))
    return fit_embed(embed)


def stats_embed(user_id: str, ratings: Sequence[RulesetRatings], language: str) -> discord.Embed:
    """One person's games played and won, rating and place in each rule system they finished a game of."""
    lines = [message("stats.who", language, player=f"<@{user_id}>")]
    for table in ratings:
        place = table.rank_of(user_id)
        if place is None:
            continue
        player = table.players[place - 1]
        played, won = counts(player, language)
        game, rating = words_for(table.ruleset).title(language), rating_text(player, language)
        lines.append(message("stats.line", language, game=game, played=played, won=won, rating=rating,
                             place=place, players=len(table.players)))  # fmt: skip
    if len(lines) == 1:
        lines = [message("stats.none", language, player=f"<@{user_id}>")]
    embed = discord.Embed(title=message("stats.title", language), description="\n".join(lines), colour=COLOUR)
    return fit_embed(embed)


class RatingsCog(EvolutionSubcommands):
    async def _ratings(self, interaction: Interaction, share: bool) -> tuple[RulesetRatings, ...]:
        """The server's ratings of the rule systems the bot plays, once the answer is deferred (public if shared)."""
        channels = server_channels(interaction)
        await interaction.response.defer(ephemeral=not share, thinking=True)
        playable = set(playable_rulesets())
        found = await self.service.ratings(server_id=str(interaction.guild_id), channels=channels)
        return tuple(r for r in found if r.ruleset in playable)

    @app_commands.command(name=text("command_name.leaderboard"), description=text("command.leaderboard"))
    @app_commands.rename(ruleset=text("option_name.ruleset"), page=text("option_name.page"),
                         share=text("option_name.share"))  # fmt: skip
    @app_commands.describe(ruleset=text("option.leaderboard_ruleset"), page=text("option.leaderboard_page"),
                           share=text("option.ratings_share"))  # fmt: skip
    async def leaderboard(
        self,
        interaction: Interaction,
        ruleset: str | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
        share: bool = False,
    ) -> None:
        """The players of one rule system (the one with the most finished games here, unless chosen) by rating."""
        lang = language_of(interaction)
        if ruleset is not None and ruleset not in playable_rulesets():
            raise BotRefusal("no such game", code="unknown_ruleset")
        ratings = await self._ratings(interaction, share)
        chosen = [r for r in ratings if ruleset is None or r.ruleset == ruleset]
        if not chosen:
            reply = (message("ratings.none", lang) if ruleset is None
                     else message("ratings.none_of", lang, game=words_for(ruleset).title(lang)))  # fmt: skip
            await interaction.followup.send(reply, ephemeral=not share)
            return
        await interaction.followup.send(embed=leaderboard_embed(chosen[0], page, lang), ephemeral=not share)

    @leaderboard.autocomplete("ruleset")
    async def ruleset_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return ruleset_choices(current, language_of(interaction))

    @app_commands.command(name=text("command_name.stats"), description=text("command.stats"))
    @app_commands.rename(player=text("option_name.player"), share=text("option_name.share"))
    @app_commands.describe(player=text("option.stats_player"), share=text("option.ratings_share"))
    async def stats(self, interaction: Interaction, player: discord.User | None = None, share: bool = False) -> None:
        """A person's games played and won, rating and place in each rule system on this server."""
        lang = language_of(interaction)
        user_id = user_id_of(interaction) if player is None else str(player.id)
        ratings = await self._ratings(interaction, share)
        await interaction.followup.send(embed=stats_embed(user_id, ratings, lang), ephemeral=not share)
