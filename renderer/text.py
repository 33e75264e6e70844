"""Fonts and text fitting: the shipped DejaVu Sans, cleaned-up names, and text measured to fit a width.

Every length here is in pixels of the output image. Text never overflows its box: it shrinks to a minimum size,
then wraps (where the caller allows several lines), then ends in an ellipsis, always by measured width.
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from importlib import resources

import pyphen
from PIL import ImageFont

FreeTypeFont = ImageFont.FreeTypeFont

_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"
#: Marks a word broken across two lines.
HYPHEN = "-"
#: The fewest letters of a broken word carried to the next line.
_CARRIED = 3
#: A code point no font maps: what DejaVu draws for it is its "missing glyph" box.
_UNMAPPED = "\U0010fffd"
#: Variation selectors (emoji presentation and the like) and tag characters: invisible, never drawn alone.
_INVISIBLE_RANGES = ((0xFE00, 0xFE0F), (0xE0000, 0xE007F), (0xE0100, 0xE01EF))


@lru_cache(maxsize=2)
def _font_bytes(bold: bool) -> bytes:
    return resources.files("renderer").joinpath("fonts", _FILES[bold]).read_bytes()


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> FreeTypeFont:
    """DejaVu Sans at ``size`` pixels, loaded from the package and cached per size and weight."""
    return ImageFont.truetype(io.BytesIO(_font_bytes(bold)), max(1, size))


@lru_cache(maxsize=2)
def _missing_glyph(bold: bool) -> bytes:
    return bytes(font(16, bold).getmask(_UNMAPPED))


@lru_cache(maxsize=4096)
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether DejaVu Sans (of that weight) draws ``char`` as itself rather than as its missing-glyph box."""
    return bytes(font(16, bold).getmask(char)) != _missing_glyph(bold)


def _invisible(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _INVISIBLE_RANGES)


def clean(text: str, *, bold: bool = False) -> str:
    """``text`` reduced to what the font can draw: characters without a glyph (most emoji, scripts DejaVu lacks)
    are dropped, with the combining marks and joiners that belonged to them; control and format characters go;
    runs of white space become one space."""
    out: list[str] = []
    kept_base = False
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category[0] == "Z" or char in "\t\n\r":
            out.append(" ")
            kept_base = False
            continue
        if category[0] == "C" or _invisible(char):
            continue
        if category[0] == "M":
            if kept_base and has_glyph(char, bold):
                out.append(char)
            continue
        kept_base = has_glyph(char, bold)
        if kept_base:
            out.append(char)
    return " ".join("".join(out).split())


def width(text: str, face: FreeTypeFont) -> float:
    return face.getlength(text) if text else 0.0


def _cut_points(text: str) -> list[int]:
    """Indices where ``text`` may be cut without separating a letter from its combining marks."""
    return [i for i in range(1, len(text) + 1) if i == len(text) or unicodedata.category(text[i])[0] != "M"]


def truncate(text: str, face: FreeTypeFont, max_width: float) -> str:
    """``text`` if it fits in ``max_width``, else its longest prefix that fits followed by an ellipsis."""
    if width(text, face) <= max_width:
        return text
    cuts = _cut_points(text)
    low, high = 0, len(cuts) - 1
    best = ""
    while low <= high:
        middle = (low + high) // 2
        candidate = text[: cuts[middle]].rstrip() + ELLIPSIS
        if width(candidate, face) <= max_width:
            best = candidate
            low = middle + 1
        else:
            high = middle - 1
    if best:
        return best
    return ELLIPSIS if width(ELLIPSIS, face) <= max_width else ""


@lru_cache(maxsize=4096)
def fit(
    text: str, max_width: float, size: int, *, min_size: int | None = None, bold: bool = False
) -> tuple[str, FreeTypeFont]:
    """The largest font from ``size`` down to ``min_size`` in which ``text`` fits on one line; at the minimum
    size the text is truncated with an ellipsis instead."""
    smallest = max(1, min_size if min_size is not None else size)
    current = max(size, smallest)
    while current > smallest:
        face = font(current, bold)
        if width(text, face) <= max_width:
            return text, face
        current -= 1
    face = font(smallest, bold)
    return truncate(text, face, max_width), face


def _wrap_words(text: str, face: FreeTypeFont, max_width: float) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than the line."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if width(word, face) > max_width:
            return None
        attempt = f"{line} {word}" if line else word
        if width(attempt, face) <= max_width:
            line = attempt
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


@lru_cache(maxsize=16)
def _hyphenator(language: str) -> pyphen.Pyphen | None:
    """The hyphenation dictionary of a language (``hu``, ``uk``, ...), None for none or an unknown one."""
    found = pyphen.language_fallback(language) if language else None
    return pyphen.Pyphen(lang=found) if found else None


def _syllable_cuts(word: str, language: str) -> list[int]:
    """Where the language's hyphenation allows ``word`` to be broken (indices into it); none without a language."""
    hyphenator = _hyphenator(language)
    if hyphenator is None:
        return []
    cuts: list[int] = hyphenator.positions(word)
    return cuts


def _wrap_chars(text: str, face: FreeTypeFont, max_width: float, max_lines: int, language: str) -> list[str]:
    """Break at the last space that fits, else inside a word with a hyphen (for words longer than the line): at the
    last place the reader's language hyphenates it that fits, else where it fits; the last line ends in an ellipsis
    if text remains."""
    lines: list[str] = []
    rest = text
    while rest and len(lines) < max_lines - 1:
        if width(rest, face) <= max_width:
            break
        cuts = _cut_points(rest)
        space = max((c for c in cuts if rest[c - 1 : c] == " " and width(rest[: c - 1], face) <= max_width), default=0)
        if space > 1:
            lines.append(rest[: space - 1].rstrip())
            rest = rest[space:].lstrip()
            continue
        fitting = [c for c in cuts if width(rest[:c] + HYPHEN, face) <= max_width]
        word_end = rest.find(" ") if " " in rest else len(rest)
        syllables = [c for c in _syllable_cuts(rest[:word_end], language) if c in fitting]
        # Without the language's hyphenation, a broken word carries at least a syllable's worth of letters to the
        # next line ("Anglerf-ish", never "Anglerfis-h").
        whole = [c for c in fitting if word_end - c >= _CARRIED]
        cut = syllables[-1] if syllables else whole[-1] if whole else fitting[-1] if fitting else cuts[0]
        # A word broken where it has a hyphen of its own ("Peixe-Pescador") keeps that one.
        lines.append(rest[:cut] if rest[:cut].endswith(HYPHEN) else rest[:cut] + HYPHEN)
        rest = rest[cut:]
    if rest:
        lines.append(truncate(rest, face, max_width))
    return lines


@lru_cache(maxsize=4096)
def wrap(
    text: str,
    max_width: float,
    size: int,
    *,
    min_size: int,
    max_lines: int,
    bold: bool = False,
    language: str = "",
) -> tuple[tuple[str, ...], FreeTypeFont]:
    """``text`` in at most ``max_lines`` lines of ``max_width``: on one line if it fits at most a sixth below
    ``size``, else the largest size down to ``min_size`` at which whole words fit on ``max_lines`` lines;
    failing that, broken inside words at ``min_size`` (where ``language`` hyphenates them, when it can) and ending
    in an ellipsis."""
    smallest = max(1, min(min_size, size))
    # One line is preferred while it costs at most a sixth of the size; past that, two lines of larger text.
    for current in range(size, max(smallest, size - size // 6) - 1, -1):
        face = font(current, bold)
        if width(text, face) <= max_width:
            return (text,), face
    for current in range(size, smallest - 1, -1):
        face = font(current, bold)
        lines = _wrap_words(text, face, max_width)
        if lines is not None and len(lines) <= max_lines:
            return tuple(lines), face
    face = font(smallest, bold)
    return tuple(_wrap_chars(text, face, max_width, max_lines, language)), face
