"""The rule texts as data: one package per rule system, one JSON file per language (``<ruleset>/<language>.json``).

Each file is an object::

    {
      "language": "en",
      "ruleset_title": "Evolution (North Star Games)",
      "quotes": ["“", "”"],
      "labels": {"trait": ..., "topic": ..., "aliases": ..., "ruling": ..., "source": ..., "traits": ...,
                 "topics": ..., "not_found": "... {query} ...", "did_you_mean": ...},
      "topics": {"<topic key>": ENTRY, ...},
      "traits": {"<trait key>": ENTRY, ...}
    }

and an ENTRY is::

    {
      "name": "Long Neck",                       # the trait's name, or the topic's title, in this language
      "aliases": ["Longneck", "Neck"],           # other names people use (may be empty)
      "text": "...",                             # the rule, in the project's own words; plain text, "\\n" breaks
      "sources": [{"seed": "000_b758e0fa35e65c93.txt", "passage": "Hosszú nyak"}],
      "ruling": "..."                            # optional: the project's decision where the seed is ambiguous
    }

A source names a seed file (``../shared/seeds/``) and the passage it comes from, by the heading the seed itself
uses, so sources are the same in every language. Trait keys are the values of the ruleset's ``Trait`` enum; topic
keys are listed in ``texts.rules``. ``texts.rules.validate`` checks a file; the loader refuses an incomplete one.
"""
