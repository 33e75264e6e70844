"""What the fake Discord may show of a game of the original "Evolution" (seed 003: hands are secret, an animal lies
face down): a check of every message the bot sent since the last check, and of every view it drew.

A card is named only by the traits printed on it, and a card with two ("Poisonous / Carnivorous") is named so only
in its holder's hand and prompts, and in the discard pile, which every player may look through (seed 003:
"Гравці можуть передивлятися карти у відбої"), shown privately to whoever asks: no public message names one, and a
private message names only cards of kinds its reader has held or that lie in the discard pile. A single-trait
card reads like the trait on an animal, so for those the check relies on the channel never listing a hand (the
hand's title never appears in public). Prompts never reach the channel.

Seed 001: the standing orders (Ambush, Anglerfish) are a player's own: no public message shows their panel, their
choices or the lines that confirm them, so the table never learns from them that a face-down animal is an
Anglerfish.
"""

from __future__ import annotations

import re
from functools import cache

from game_service import NoGameHere
from rules_core.origin.cards import CARDS, Trait, kind_name, traits_of
from rules_core.origin.view import TableView
from tests.bot.conftest import World
from tests.bot.fakes import text_of
from texts.languages import LANGUAGES
from texts.messages import message
from texts.origin.choices import card_name, trait_name

MENU_ID = re.compile(r"evo:[ms]:")


@cache
def two_sided() -> dict[str, frozenset[str]]:
    """Every two-trait card's name in every language, with the kinds of card that carry that name."""
    names: dict[str, set[str]] = {}
    for card in range(len(CARDS)):  # a card's id is its place in CARDS
        if len(traits_of(card)) > 1:
            for language in LANGUAGES:
                names.setdefault(card_name(card, language), set()).add(kind_name(traits_of(card)))
    return {name: frozenset(kinds) for name, kinds in names.items()}


@cache
def order_words() -> frozenset[str]:
    """What only a player's own standing orders show, in every language: their panel's title, the Anglerfish
    order's choices and the lines that confirm it."""
    found = set()
    for language in LANGUAGES:
        trait = trait_name(Trait.ANGLERFISH, language)
        found.add(message("origin.orders.title", language))
        for key in ("choice.lure_on", "choice.lure_off", "private.AnglerfishOrderSet_armed"):
            found.add(message(f"origin.{key}", language, trait=trait))
        found.add(message("origin.private.AnglerfishOrderSet_disarmed", language, trait=trait))
    return frozenset(found)


def held_kinds(world: World, user: str) -> set[str]:
    """The kinds of two-trait card ``user``'s hand has held (as the test world noted their private panel)."""
    held = world.service.knowledge.held.get(user, set())
    return {kind for name, kinds in two_sided().items() if name in held for kind in kinds}


async def discarded_kinds(world: World) -> set[str]:
    """The kinds of card in the game's discard pile, which is public (the rules core's public view holds it)."""
    try:
        info = await world.info()
    except NoGameHere:
        return set()
    if info.status == "lobby":
        return set()
    view = await world.service.public_view(channel_id=info.channel_id, game_id=info.game_id)
    assert isinstance(view, TableView)
    return {kind_name(traits_of(card)) for card in view.discard}


async def check_privacy(world: World) -> None:
    """Every message since the last check and every view drawn since: nothing of a hand in public, nothing of
    another player's hand in private, the renderer given public views only."""
    hand_titles = {message("hand.title", language) for language in LANGUAGES}
    discarded = await discarded_kinds(world)
    for sent in world.fake.sent[world.checked :]:
        text = text_of(sent.data)
        named = [name for name in two_sided() if name in text]
        if sent.audience == "public":
            assert not named, f"a card of a hand in a public message: {named}: {text!r}"
            assert not any(title in text for title in hand_titles), f"a hand in a public message: {text!r}"
            assert not MENU_ID.search(text), f"a private prompt in a public message: {text!r}"
            shown = [words for words in order_words() if words.casefold() in text.casefold()]
            assert not shown, f"a standing order in a public message: {shown}: {text!r}"
            assert all(name == "board.png" for name, _ in sent.message.files)
            continue
        known = held_kinds(world, sent.audience) | discarded
        for name in named:
            assert two_sided()[name] & known, f"{sent.audience} was shown {name}, a card they never held: {text!r}"
    world.checked = len(world.fake.sent)
    for view in world.rendered:
        assert type(view) is TableView, f"the renderer got a {type(view).__name__}"
    world.rendered.clear()
