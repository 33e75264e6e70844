"""Rule texts for ``/rules`` lookups, in six languages, and the lookup itself.

The texts are data (``texts/rule_texts/<ruleset>/<language>.json``, format in ``texts.rule_texts``). A query may
name a trait or a rule topic in any of the six languages, with or without accents, in any case and with small
typos: "hosszu nyak", "pescoço longo", "довга шия", "long neck" and "lng neck" all find Long Neck.

* ``lookup(query, language, ruleset=)`` finds the best trait or topic (``lookup_trait`` / ``lookup_topic``: one kind
  only);
* ``autocomplete(query, language, ruleset=)`` gives up to 25 (value, localized title) choices;
* ``render(key, language, ruleset)`` gives an entry ready to show: title, text, rule-system title, ruling and source;
* ``language_for_locale`` maps a Discord locale ("pt-BR", "es-419", ...) to one of the six languages
  (``texts.languages``).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from texts import rule_editions

# Re-exported: the console and the bot ask this module for its languages.
from texts.languages import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from texts.languages import LANGUAGES as LANGUAGES
from texts.languages import is_known_language as is_known_language
from texts.languages import language_code as language_code
from texts.messages import message
from texts.rule_books import DEFAULT_RULESET, RULE_BOOKS
from texts.rule_texts import RuleBookIndex

Kind = Literal["trait", "topic"]

#: The rule books (``../shared/seeds/``, see its README) by the names their titles have in the catalogue
#: (``rule_book.<name>``): a reader is never shown a seed's file name.
SEED_BOOKS: Mapping[str, str] = {
    "000_b758e0fa35e65c93.txt": "north_star",
    "002_88b7167119c6e1de.txt": "north_star_summary",
    "003_ed689cec067fc58b.txt": "origin",
    "001_b72a1d11b0e0e709.txt": "origin_expansions",
    "004_bf03506083fd946a.txt": "dice_combat",
}
KINDS: tuple[Kind, ...] = ("trait", "topic")


def subjects(ruleset: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A rule system's (trait keys, topic keys), from its rule book's index (``texts.rule_books``): a trait
    added to the index without texts makes the texts invalid."""
    index = _index(ruleset)
    return index.traits, index.topics


def _index(ruleset: str) -> RuleBookIndex:
    try:
        return RULE_BOOKS[ruleset]
    except KeyError:
        raise RuleTextError(f"no rule texts for the rule system {ruleset!r}") from None


LABELS: tuple[str, ...] = (
    "trait",
    "topic",
    "aliases",
    "ruling",
    "source",
    "traits",
    "topics",
    "not_found",
    "did_you_mean",
)

#: Discord limits the texts must respect.
EMBED_TITLE_LIMIT = 256
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_FIELD_LIMIT = 1024
EMBED_TOTAL_LIMIT = 6000
CHOICE_NAME_LIMIT = 100
MAX_CHOICES = 25


class RuleTextError(ValueError):
    """A rule-text file is missing, malformed or incomplete."""


@dataclass(frozen=True, slots=True)
class Source:
    seed: str
    passage: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One trait or topic in one language, as written in the data."""

    kind: Kind
    key: str
    language: str
    name: str
    aliases: tuple[str, ...]
    text: str
    sources: tuple[Source, ...]
    ruling: str | None
    #: The text in each older edition of the cards where it differs from ``text``, the newest edition's (a dice
    #: game keeps the edition it was dealt: ``rules_core/dice_combat/cards.py``). A name never changes.
    editions: Mapping[int, str] = field(default_factory=dict)

    def text_in(self, edition: int | None) -> str:
        """The text in a game of this edition of the cards (None: the newest edition)."""
        return self.text if edition is None else self.editions.get(edition, self.text)


@dataclass(frozen=True, slots=True)
class RuleBook:
    """The texts of one rule system in one language."""

    ruleset: str
    language: str
    title: str
    quotes: tuple[str, str]
    labels: Mapping[str, str]
    traits: Mapping[str, Entry]
    topics: Mapping[str, Entry]

    def entries(self, kind: Kind) -> Mapping[str, Entry]:
        return self.traits if kind == "trait" else self.topics


@dataclass(frozen=True, slots=True)
class Match:
    """What a query found: the entry's kind and key, and the name it matched (and that name's language)."""

    kind: Kind
    key: str
    name: str
    language: str
    #: How well it matched, for ``lookup``: the match level less the letters left untyped, plus a small bonus for
    #: a name in the asked language.
    score: float
    #: For ``autocomplete``: the match level, with a larger bonus for a name in the asked language.
    rank: float


@dataclass(frozen=True, slots=True)
class RenderedEntry:
    """An entry ready to show, e.g. as an embed: title, description, a ruling field, a source footer."""

    kind: Kind
    key: str
    language: str
    title: str
    text: str
    ruleset_title: str
    aliases: tuple[str, ...]
    aliases_label: str
    ruling: str | None
    ruling_label: str
    source: str
    source_label: str

    def as_text(self) -> str:
        """The entry as plain text (the console lookup prints this)."""
        lines = [f"{self.title} — {self.ruleset_title}"]
        if self.aliases:
            lines.append(f"{self.aliases_label}: {', '.join(self.aliases)}")
        lines += ["", self.text, ""]
        if self.ruling:
            lines.append(f"{self.ruling_label}: {self.ruling}")
        lines.append(f"{self.source_label}: {self.source}")
        return "\n".join(lines) + "\n"


# Normalizing names and queries.

#: Letters that Unicode does not decompose into a base letter and a mark.
_FOLD = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i", "ґ": "г"})
_APOSTROPHES = frozenset("'’‘ʼ`´ʹ")


def normalize(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form: "Buraco d'Água" -> "buraco dagua", "Довга шия" ->
    "довга шия", "Długa szyja" -> "dluga szyja". Cyrillic й and ї lose their marks like Latin letters do (и, і)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_FOLD)
    kept = "".join(c if c.isalnum() else "" if c in _APOSTROPHES else " " for c in letters)
    return " ".join(kept.split())


def edit_distance(a: str, b: str, limit: int | None = None) -> int:
    """Optimal string alignment distance (insertions, deletions, substitutions and swaps of neighbours).

    With ``limit``, any result above it is reported as ``limit + 1`` (and found faster)."""
    if limit is not None and abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if limit is not None and min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    distance = previous[-1]
    return distance if limit is None else min(distance, limit + 1)


def typo_allowance(length: int) -> int:
    """How many typos a query of this length may contain."""
    if length < 4:
        return 0
    if length < 8:
        return 1
    if length < 13:
        return 2
    return 3


# Levels of a match, best first; a score is a level minus small penalties plus a bonus for the wanted language.
EXACT, PREFIX, WORDS, INSIDE, TYPO, TYPO_PREFIX = 1000.0, 800.0, 600.0, 500.0, 400.0, 300.0
TYPO_COST = 50.0
#: ``lookup`` prefers names in the asked language only among equals; ``autocomplete`` lists them first within a level.
LANGUAGE_BONUS = 0.5
AUTOCOMPLETE_LANGUAGE_BONUS = 95.0
#: ... and, in autocomplete, an entry's own name in that language before its aliases.
AUTOCOMPLETE_ALIAS_BONUS = 50.0
#: A best match is accepted by ``lookup`` when no other entry scores within this margin of it.
CLEAR_MARGIN = 50.0


def match_level(query: str, name: str) -> tuple[float, int] | None:
    """How a normalized query matches a normalized name: (level, letters of the name not typed), or None."""
    if not query or not name:
        return None
    rest = max(len(name) - len(query), 0)
    if query == name:
        return EXACT, 0
    if name.startswith(query):
        return PREFIX, rest
    if _words_are_prefixes(query.split(), name.split()):
        return WORDS, rest
    if len(query) >= 3 and query in name:
        return INSIDE, rest
    allowance = typo_allowance(len(query))
    if allowance:
        distance = edit_distance(query, name, allowance)
        if distance <= allowance:
            return TYPO - TYPO_COST * distance, rest
        distance = edit_distance(query, name[: len(query)], allowance)
        if distance <= allowance and len(name) > len(query):
            return TYPO_PREFIX - TYPO_COST * distance, rest
    return None


def _words_are_prefixes(query_words: Sequence[str], name_words: Sequence[str]) -> bool:
    """Every word of the query starts a word of the name, in order ("neck" in "long neck")."""
    position = 0
    for word in query_words:
        while position < len(name_words) and not name_words[position].startswith(word):
            position += 1
        if position == len(name_words):
            return False
        position += 1
    return bool(query_words)


# Loading and checking the data.


def validate(data: Any, *, ruleset: str, language: str) -> list[str]:
    """Every problem of one rule-text file's parsed JSON (empty: the file is complete and well formed)."""
    if not isinstance(data, dict):
        return ["the file is not a JSON object"]
    problems: list[str] = []
    if data.get("language") != language:
        problems.append(f"language is {data.get('language')!r}, expected {language!r}")
    if not _text(data.get("ruleset_title")):
        problems.append("ruleset_title is missing or empty")
    quotes = data.get("quotes")
    if not (isinstance(quotes, list) and len(quotes) == 2 and all(_text(q) for q in quotes)):
        problems.append("quotes must be a pair of strings")
    labels = data.get("labels")
    if not isinstance(labels, dict):
        problems.append("labels is missing")
    else:
        problems += [f"label {name!r} is missing or empty" for name in LABELS if not _text(labels.get(name))]
        if "{query}" not in str(labels.get("not_found", "")):
            problems.append("label 'not_found' must contain {query}")
    traits, topics = subjects(ruleset)
    for kind, keys in (("trait", traits), ("topic", topics)):
        entries = data.get(kind + "s")
        if not isinstance(entries, dict):
            problems.append(f"{kind}s is missing")
            continue
        problems += [f"{kind} {key!r} has no text" for key in keys if key not in entries]
        problems += [f"{kind} {key!r} is not a {kind} of {ruleset}" for key in entries if key not in keys]
        for key, entry in entries.items():
            problems += [f"{kind} {key!r}: {p}" for p in _entry_problems(entry)]
    return problems


def _text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _entry_problems(entry: Any) -> list[str]:
    if not isinstance(entry, dict):
        return ["not an object"]
    problems: list[str] = []
    unknown = set(entry) - {"name", "aliases", "text", "editions", "sources", "ruling"}
    if unknown:
        problems.append(f"unknown fields {sorted(unknown)}")
    if not _text(entry.get("name")):
        problems.append("name is missing or empty")
    elif len(entry["name"]) > CHOICE_NAME_LIMIT:
        problems.append(f"name is longer than {CHOICE_NAME_LIMIT} characters")
    aliases = entry.get("aliases")
    if not (isinstance(aliases, list) and all(_text(a) for a in aliases)):
        problems.append("aliases must be a list of non-empty strings")
    if not _text(entry.get("text")):
        problems.append("text is missing or empty")
    elif len(entry["text"]) > EMBED_DESCRIPTION_LIMIT:
        problems.append(f"text is longer than {EMBED_DESCRIPTION_LIMIT} characters")
    if "editions" in entry:
        problems += rule_editions.problems(entry["editions"], entry.get("text"), limit=EMBED_DESCRIPTION_LIMIT)
    sources = entry.get("sources")
    if not (isinstance(sources, list) and sources):
        problems.append("sources are missing")
    else:
        for source in sources:
            if not (isinstance(source, dict) and _text(source.get("seed")) and _text(source.get("passage"))):
                problems.append("a source needs a seed and a passage")
            elif source["seed"].strip() not in SEED_BOOKS:
                problems.append(f"no rule book is known for the seed {source['seed']!r}")
    if "ruling" in entry:
        if not _text(entry["ruling"]):
            problems.append("ruling is empty (leave it out when there is none)")
        elif len(entry["ruling"]) > EMBED_FIELD_LIMIT:
            problems.append(f"ruling is longer than {EMBED_FIELD_LIMIT} characters")
    return problems


def _read(ruleset: str, language: str) -> Any:
    index = _index(ruleset)
    if language not in LANGUAGES:
        raise RuleTextError(f"no rule texts in the language {language!r}")
    path = index.folder().joinpath(f"{language}.json")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise RuleTextError(f"{ruleset}/{language}.json cannot be read: {error}") from error


def _entry(kind: Kind, key: str, language: str, raw: dict[str, Any]) -> Entry:
    return Entry(
        kind=kind,
        key=key,
        language=language,
        name=raw["name"].strip(),
        aliases=tuple(a.strip() for a in raw["aliases"]),
        text=raw["text"].strip(),
        sources=tuple(Source(s["seed"].strip(), s["passage"].strip()) for s in raw["sources"]),
        ruling=raw["ruling"].strip() if "ruling" in raw else None,
        editions={int(number): old.strip() for number, old in raw.get("editions", {}).items()},
    )


@cache
def book(language: str, ruleset: str) -> RuleBook:
    """The texts of a rule system in one language; RuleTextError when they are incomplete."""
    data = _read(ruleset, language)
    problems = validate(data, ruleset=ruleset, language=language)
    if problems:
        raise RuleTextError(f"{ruleset}/{language}.json: " + "; ".join(problems))
    traits, topics = subjects(ruleset)
    return RuleBook(
        ruleset=ruleset,
        language=language,
        title=data["ruleset_title"].strip(),
        quotes=(data["quotes"][0], data["quotes"][1]),
        labels={name: data["labels"][name] for name in LABELS},
        traits={key: _entry("trait", key, language, data["traits"][key]) for key in traits},
        topics={key: _entry("topic", key, language, data["topics"][key]) for key in topics},
    )


def keys(kind: Kind, ruleset: str) -> tuple[str, ...]:
    """Every trait or topic key of a rule system, in a fixed order."""
    traits, topics = subjects(ruleset)
    return traits if kind == "trait" else topics


def kind_of(key: str, ruleset: str) -> Kind:
    for kind in KINDS:
        if key in keys(kind, ruleset):
            return kind
    raise KeyError(key)


def entry(key: str, language: str | None, ruleset: str) -> Entry:
    """The entry of a trait or topic key (KeyError for an unknown key)."""
    return book(language_code(language), ruleset).entries(kind_of(key, ruleset))[key]


# Languages: the codes and Discord locales of ``texts.languages``.

language_for_locale = language_code


# Finding entries.


@dataclass(frozen=True, slots=True)
class _Name:
    normalized: str
    kind: Kind
    key: str
    language: str
    name: str
    #: The entry's name (not an alias) in that language.
    primary: bool


@cache
def _names(ruleset: str) -> tuple[_Name, ...]:
    """Every name and alias of every entry in every language, and each key spelt as words."""
    found: dict[tuple[str, Kind, str, str], _Name] = {}
    for language in LANGUAGES:
        rule_book = book(language, ruleset)
        for kind in KINDS:
            for key, item in rule_book.entries(kind).items():
                for name in (item.name, *item.aliases):
                    normalized = normalize(name)
                    found.setdefault(
                        (normalized, kind, key, language),
                        _Name(normalized, kind, key, language, name, name == item.name),
                    )
    for kind in KINDS:
        for key in keys(kind, ruleset):
            normalized = normalize(key.replace("_", " "))
            found.setdefault((normalized, kind, key, "en"), _Name(normalized, kind, key, "en", key, False))
    return tuple(found.values())


def _ranked(query: str, language: str | None, kinds: Iterable[Kind], ruleset: str) -> list[Match]:
    """The best match of every entry the query matches, best first."""
    wanted = set(kinds)
    normalized = normalize(query)
    preferred = language_code(language) if language else None
    best: dict[tuple[Kind, str], tuple[float, _Name]] = {}
    ranks: dict[tuple[Kind, str], float] = {}
    for name in _names(ruleset):
        if name.kind not in wanted:
            continue
        found = match_level(normalized, name.normalized)
        if found is None:
            continue
        level, rest = found
        score = level - min(rest, 90)
        if name.language == preferred:
            score += LANGUAGE_BONUS
            level += AUTOCOMPLETE_LANGUAGE_BONUS if name.primary else AUTOCOMPLETE_ALIAS_BONUS
        elif name.language == DEFAULT_LANGUAGE:
            score += LANGUAGE_BONUS / 2
        entry_id = (name.kind, name.key)
        if entry_id not in best or score > best[entry_id][0]:
            best[entry_id] = (score, name)
        ranks[entry_id] = max(level, ranks.get(entry_id, level))
    found_matches = [
        Match(name.kind, name.key, name.name, name.language, score, ranks[entry_id])
        for entry_id, (score, name) in best.items()
    ]
    return sorted(found_matches, key=lambda m: (-m.score, KINDS.index(m.kind), m.key))


def lookup(query: str, language: str | None = None, *, ruleset: str, kinds: Iterable[Kind] = KINDS) -> Match | None:
    """The trait or topic a query names, in any language; None when nothing, or more than one entry, fits.

    ``language`` (a code or a Discord locale) only breaks ties between names of different languages. A rule system
    without a rule book (a rule book is optional: docs/engine.md) has no entry to find."""
    if ruleset not in RULE_BOOKS:
        return None
    ranked = _ranked(query, language, kinds, ruleset)
    if not ranked:
        return None
    if len(ranked) > 1 and ranked[0].score - ranked[1].score < CLEAR_MARGIN:
        return None
    return ranked[0]


def searched(chosen: str | None = None) -> list[str]:
    """The rule systems a lookup searches: the chosen one, else every one with a rule book (the default game's
    first, the others by name). ``/rules`` and the command line search alike."""
    if chosen is not None and chosen in RULE_BOOKS:
        return [chosen]
    return sorted(RULE_BOOKS, key=lambda name: (name != DEFAULT_RULESET, name))


def lookup_anywhere(
    query: str, language: str | None = None, *, kinds: Iterable[Kind] = KINDS, chosen: str | None = None
) -> tuple[str, Match] | None:
    """(rule system, match) of the entry a query names, in the first rule system :func:`searched` where
    :func:`lookup` finds one."""
    for name in searched(chosen):
        match = lookup(query, language, kinds=kinds, ruleset=name)
        if match is not None:
            return name, match
    return None


def lookup_trait(query: str, language: str | None = None, *, ruleset: str) -> str | None:
    """The key of the trait a query names ("hosszu nyak", "lng neck" -> "long_neck"), or None."""
    match = lookup(query, language, kinds=("trait",), ruleset=ruleset)
    return match.key if match else None


def lookup_topic(query: str, language: str | None = None, *, ruleset: str) -> str | None:
    """The key of the rule topic a query names ("feeding", "pontozás" -> "end_of_game"), or None."""
    match = lookup(query, language, kinds=("topic",), ruleset=ruleset)
    return match.key if match else None


def autocomplete(
    query: str,
    language: str | None = None,
    limit: int = MAX_CHOICES,
    *,
    ruleset: str,
    kinds: Iterable[Kind] = KINDS,
) -> list[tuple[str, str]]:
    """Up to ``limit`` (value, title) choices for a partial query: the value is the entry's key, the title its
    name in ``language``. An empty query lists the traits alphabetically, then the topics in rule-book order; a rule
    system without a rule book offers none."""
    if ruleset not in RULE_BOOKS:
        return []
    wanted = tuple(kinds)
    rule_book = book(language_code(language), ruleset)
    if not normalize(query):
        choices: list[tuple[str, str]] = []
        for kind in wanted:
            items = [(key, rule_book.entries(kind)[key].name) for key in keys(kind, ruleset)]
            if kind == "trait":
                items.sort(key=lambda item: normalize(item[1]))
            choices += items
        return choices[:limit]
    ranked = _ranked(query, language, wanted, ruleset)
    # Best level first (names in the asked language lifted within theirs), then in the same order as the list.
    ranked.sort(key=lambda m: (-m.rank, *_list_position(rule_book, m)))
    return [(m.key, rule_book.entries(m.kind)[m.key].name) for m in ranked[:limit]]


def _list_position(rule_book: RuleBook, match: Match) -> tuple[int, str, int]:
    """Where an entry stands in a list: traits alphabetically by their localized names, then topics in order."""
    if match.kind == "trait":
        return 0, normalize(rule_book.traits[match.key].name), 0
    return 1, "", keys("topic", rule_book.ruleset).index(match.key)


def render(key: str, language: str | None, ruleset: str, *, edition: int | None = None) -> RenderedEntry:
    """A trait or topic in one language, ready to show (KeyError for an unknown key). In a game (``edition``: the
    edition of the cards it was dealt) the text is that edition's; outside one it is the newest edition's, and an
    entry that read otherwise in an older edition gives that text too, each under a heading naming its edition."""
    rule_book = book(language_code(language), ruleset)
    item = rule_book.entries(kind_of(key, ruleset))[key]
    if edition is None:
        text = rule_editions.every_edition(item.text, item.editions, rule_book.language)
    else:
        text = item.text_in(edition)
    opening, closing = rule_book.quotes
    # The reader is told which book and which section, in their language: the books by their titles, the section
    # by the entry's own name (the passages are the seeds' headings, in the seeds' languages).
    books = "; ".join(
        message(f"rule_book.{SEED_BOOKS[seed]}", rule_book.language)
        for seed in dict.fromkeys(s.seed for s in item.sources)
    )
    source = f"{books}: {opening}{item.name}{closing}"
    return RenderedEntry(
        kind=item.kind,
        key=key,
        language=rule_book.language,
        title=item.name,
        text=text,
        ruleset_title=rule_book.title,
        aliases=item.aliases,
        aliases_label=rule_book.labels["aliases"],
        ruling=item.ruling,
        ruling_label=rule_book.labels["ruling"],
        source=source,
        source_label=rule_book.labels["source"],
    )
