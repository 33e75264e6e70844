"""Out-of-turn answers, one mechanism for every rule system: an interrupt stack.

Some moves stop the game to ask another seat something before they can finish: a carnivore attacks and the
defender chooses Tail Loss or Mimicry (the original game), a player asks another whose carnivore would join a Pack
hunt (Darwin's Day), the dice game's defender plays cards. The move pushes an :class:`Interrupt` naming *who* must
answer, *what* kind of decision it is, and a ruleset-defined ``context``: what is being answered and what resumes
once it is. While the stack is not empty only its top is asked (an answer may itself push another question); when
the answer has been applied the ruleset pops the frame and continues from its context.

The stack is plain immutable data inside the ruleset's state, so it is saved, replayed and viewed like the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from rules_core.engine import Decision

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Interrupt(Generic[C]):
    """``seat`` must answer a decision of ``kind`` about ``context`` before play goes on."""

    seat: int
    kind: str
    context: C
    #: The question shows the answering seat's own secrets (its hand): a front end asks it privately.
    uses_secrets: bool = False


@dataclass(frozen=True, slots=True)
class Interrupts(Generic[C]):
    """The questions waiting for an answer, the latest on top."""

    frames: tuple[Interrupt[C], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.frames)

    @property
    def top(self) -> Interrupt[C] | None:
        return self.frames[-1] if self.frames else None

    def push(self, interrupt: Interrupt[C]) -> Interrupts[C]:
        return Interrupts((*self.frames, interrupt))

    def pop(self) -> tuple[Interrupt[C], Interrupts[C]]:
        """The top question and the stack without it (``IndexError`` when empty: a ruleset bug)."""
        if not self.frames:
            raise IndexError("no interrupt to answer")
        return self.frames[-1], Interrupts(self.frames[:-1])

    def decisions(self) -> tuple[Decision, ...]:
        """The one decision the game waits for while a question is open (empty when none is)."""
        top = self.top
        return () if top is None else (Decision(top.seat, top.kind, uses_secrets=top.uses_secrets),)

    def asks(self, seat: int) -> bool:
        """Whether ``seat`` is the one that must answer now."""
        top = self.top
        return top is not None and top.seat == seat
