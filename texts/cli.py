"""``evolution-bot rules``: look up a trait or a rule of the game in the terminal.

Examples::

    evolution-bot rules long neck              the trait, in the language of the name typed (English here)
    evolution-bot rules hosszú nyak            ... in Hungarian
    evolution-bot rules --language pl horns    ... in Polish
    evolution-bot rules --topic feeding        a rule topic (phase 4, scoring, two-player rules, ...)
    evolution-bot rules відкидання хвоста      every rule system is searched (here: the original game's)
    evolution-bot rules --game origin swimming ... in one rule system only
    evolution-bot rules --list                 every trait and topic with its key
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from texts import rules
from texts.rule_books import DEFAULT_RULESET


def _language(value: str) -> str:
    if not rules.is_known_language(value):
        raise argparse.ArgumentTypeError(f"unknown language {value!r}: choose one of {', '.join(rules.LANGUAGES)}")
    return rules.language_code(value)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("query", nargs="*", help="a trait or rule topic, in any of the six languages (e.g. long neck)")
    parser.add_argument(
        "-l",
        "--language",
        type=_language,
        help=f"answer in this language ({', '.join(rules.LANGUAGES)}, or a Discord locale such as pt-BR); "
        "default: the language of the name typed",
    )
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--trait", action="store_true", help="look among the traits only")
    kind.add_argument("--topic", action="store_true", help="look among the rule topics only (feeding, scoring, ...)")
    parser.add_argument("--list", action="store_true", help="list every trait and rule topic")
    parser.add_argument(
        "--game",
        choices=rules.searched(),
        help="look in this rule system's book only (default: every one, " + DEFAULT_RULESET + "'s first)",
    )


def _kinds(args: argparse.Namespace) -> tuple[rules.Kind, ...]:
    if args.trait:
        return ("trait",)
    if args.topic:
        return ("topic",)
    return rules.KINDS


def listing(language: str, kinds: tuple[rules.Kind, ...], chosen: str | None = None) -> str:
    """Every trait and topic of the rule systems searched, each under its book's title, with the key that looks it
    up."""
    lines: list[str] = []
    for name in rules.searched(chosen):
        book = rules.book(language, name)
        lines += ["", book.title] if lines else [book.title]
        for kind in kinds:
            count = len(rules.keys(kind, name))
            if not count:
                continue
            lines += ["", book.labels[kind + "s"] + ":"]
            for key, title in rules.autocomplete("", language, limit=count, kinds=(kind,), ruleset=name):
                lines.append(f"  {title} ({key})")
    return "\n".join(lines) + "\n"


def _utf8(stream: TextIO) -> TextIO:
    """The stream, writing UTF-8 whatever the terminal's locale (names such as "Довга шия" must print)."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None and (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8":
        reconfigure(encoding="utf-8")
    return stream


def main(args: argparse.Namespace) -> int:
    out, err = _utf8(sys.stdout), _utf8(sys.stderr)
    kinds = _kinds(args)
    query = " ".join(args.query).strip()
    if args.list or not query:
        out.write(listing(args.language or rules.DEFAULT_LANGUAGE, kinds, args.game))
        return 0
    found = rules.lookup_anywhere(query, args.language, kinds=kinds, chosen=args.game)
    if found is None:
        language = args.language or rules.DEFAULT_LANGUAGE
        labels = rules.book(language, rules.searched(args.game)[0]).labels
        err.write(labels["not_found"].format(query=query) + "\n")
        suggestions = [
            f"{title} ({key})"
            for name in rules.searched(args.game)
            for key, title in rules.autocomplete(query, language, limit=5, kinds=kinds, ruleset=name)
        ][:5]
        if suggestions:
            err.write(labels["did_you_mean"] + ": " + ", ".join(suggestions) + "\n")
        return 1
    ruleset, match = found
    out.write(rules.render(match.key, args.language or match.language, ruleset).as_text())
    return 0
