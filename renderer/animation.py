"""A finished game's replay as one animated GIF: the board at the start, at the end of each phase and at the end of
the game (with its scores), for any rule system (docs/rulings.md, "Replays").

GIF because Discord plays an attached GIF inline in every client, where animated WebP and APNG attachments are
shown still in some. Frames are drawn from public views only (``render`` is ``render_board`` or a stand-in with
its signature), padded to the largest board (a board grows as species are added), and cut to a palette of their
own each (the fast octree: a board has few colours). When the file exceeds ``max_bytes`` the frames are shrunk and
encoded again, so the answer always fits the upload.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from PIL import Image

from rules_core.engine import PublicView

V = TypeVar("V", bound=PublicView)
T = TypeVar("T")

#: How long each board shows, and the last one (the final board and its scores), in milliseconds.
FRAME_MS = 1500
LAST_FRAME_MS = 6000
#: At most this many boards in one replay (a long game's phases are sampled evenly beyond it).
MAX_FRAMES = 60
#: Frames are at most this wide: Discord shows an image inline far smaller, and one opened full size still reads
#: well; a 1600-pixel board (six players) costs half as much again to encode.
MAX_WIDTH = 1200
#: Each try that is still too big shrinks the frames by this factor, down to :data:`MIN_WIDTH` pixels.
SHRINK = 0.75
MIN_WIDTH = 320
#: Colours in each frame's palette (GIF's limit).
COLOURS = 256


class Render(Protocol):
    """Draws a public view as PNG bytes, its words from ``labels``."""

    def __call__(self, view: PublicView, /, *, labels: Mapping[str, str] | None = None) -> bytes: ...


class ReplayTooLarge(ValueError):
    """Even the smallest frames do not fit in the size asked for."""


def phase_boards(views: Sequence[V]) -> list[V]:
    """The boards a replay shows, from the view after each action in order (the start first): the start, the board
    each time the (round, phase) changes, which is the board as the phase just ended left it (what the channel's
    phase post shows), and the last board."""
    kept: list[V] = []
    for view in views:
        if not kept or (view.round, view.phase) != (kept[-1].round, kept[-1].phase):
            kept.append(view)
    if views and kept[-1] is not views[-1]:
        kept.append(views[-1])
    return kept


def sampled(frames: Sequence[T], limit: int = MAX_FRAMES) -> list[T]:
    """At most ``limit`` (at least 2) of ``frames``, evenly spread, always keeping the first and the last."""
    if len(frames) <= limit:
        return list(frames)
    last = len(frames) - 1
    picks = sorted({round(i * last / (limit - 1)) for i in range(limit)})
    return [frames[i] for i in picks]


def animate(
    views: Sequence[PublicView],
    *,
    render: Render,
    labels: Mapping[str, str] | None = None,
    max_bytes: int,
    frame_ms: int = FRAME_MS,
    last_frame_ms: int = LAST_FRAME_MS,
    max_frames: int = MAX_FRAMES,
) -> bytes:
    """The boards of ``views`` (``phase_boards``, sampled to ``max_frames``) as a looping GIF of at most
    ``max_bytes`` bytes; ``ReplayTooLarge`` when even frames :data:`MIN_WIDTH` pixels wide do not fit."""
    if not views:
        raise ValueError("a replay needs at least one board")
    boards = sampled(phase_boards(views), max_frames)
    frames = padded([Image.open(io.BytesIO(render(view, labels=labels))).convert("RGB") for view in boards])
    durations = [frame_ms] * (len(frames) - 1) + [last_frame_ms]
    width = min(frames[0].width, MAX_WIDTH)
    while True:
        data = encoded(frames, durations, width)
        if len(data) <= max_bytes:
            return data
        width = int(width * SHRINK)
        if width < MIN_WIDTH:
            raise ReplayTooLarge(f"a replay of {len(frames)} boards does not fit in {max_bytes} bytes")


def padded(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """Every frame on a canvas of the largest one's size (top left, the rest in the frame's own background colour),
    so that a board that grew does not shift or get cut."""
    width = max(frame.width for frame in frames)
    height = max(frame.height for frame in frames)
    out = []
    for frame in frames:
        if frame.size != (width, height):
            canvas = Image.new("RGB", (width, height), frame.getpixel((0, 0)))
            canvas.paste(frame, (0, 0))
            frame = canvas
        out.append(frame)
    return out


def encoded(frames: Sequence[Image.Image], durations: Sequence[int], width: int) -> bytes:
    """The frames scaled to ``width`` pixels, each on its own palette, as a GIF that loops forever."""
    size = (width, max(1, round(frames[0].height * width / frames[0].width)))
    paletted = [
        # BOX keeps a board's flat colours flat (fewer colours, a smaller file than LANCZOS).
        (frame if frame.size == size else frame.resize(size, Image.Resampling.BOX)).quantize(
            colors=COLOURS, method=Image.Quantize.FASTOCTREE
        )
        for frame in frames
    ]
    out = io.BytesIO()
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=list(durations), loop=0)
    return out.getvalue()
