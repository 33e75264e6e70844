"""Why the service refuses a request, beside the rules' own refusals.

Every class is a :class:`rules_core.errors.Refusal` (so a ``ValueError``) with a stable ``code`` and the ``params``
a front end needs to word it in any language. A refused request changes nothing, in memory or on disk.
"""

from __future__ import annotations

from rules_core.errors import Refusal


class ServiceRefusal(Refusal):
    """Base of the service's refusals (the rules engine's refusals pass through unchanged)."""

    code = "service_refusal"


class NoGameHere(ServiceRefusal):
    """The channel has no lobby or running game (params: ``channel_id``)."""

    code = "no_game_here"


class UnknownGame(ServiceRefusal):
    """No game has this id (params: ``game_id``)."""

    code = "unknown_game"


class GameClosed(ServiceRefusal):
    """The game named by id is finished or abandoned (params: ``game_id``, ``status``)."""

    code = "game_closed"


class GameRunning(ServiceRefusal):
    """Only possible once the game is over, and this one is still being played (params: ``game_id``)."""

    code = "game_running"


class GameExists(ServiceRefusal):
    """The channel already has a lobby or a running game (params: ``channel_id``, ``game_id``)."""

    code = "game_exists"


class NotAPlayer(ServiceRefusal):
    """The user (or the kicked target) holds no seat in this game (params: ``user_id``)."""

    code = "not_a_player"


class NotHost(ServiceRefusal):
    """Only the host or a channel admin may do this (params: ``host_id``)."""

    code = "not_host"


class AlreadyJoined(ServiceRefusal):
    """The user already holds a seat (params: ``user_id``, ``seat``)."""

    code = "already_joined"


class GameFull(ServiceRefusal):
    """Every seat is taken (params: ``max_players``)."""

    code = "game_full"


class LevelNotOffered(ServiceRefusal):
    """A computer player is asked to play a rule system at a level it does not offer, one not shown stronger than
    the level below it there (``computer_players.search.offered_levels``; params: ``level``, ``levels``, those it
    offers)."""

    code = "level_not_offered"


class AlreadyStarted(ServiceRefusal):
    """Only possible in the lobby, and the game is running (params: ``game_id``)."""

    code = "already_started"


class NotStarted(ServiceRefusal):
    """Only possible in a running game, and this one is still a lobby (params: ``game_id``)."""

    code = "not_started"


class StaleVersion(ServiceRefusal):
    """The request was made against an older (or newer) version of the game (params: ``expected``, ``current``)."""

    code = "stale_version"


class TooFewPlayers(ServiceRefusal):
    """Not enough seats to start (params: ``players``, ``min_players``)."""

    code = "too_few_players"


class NotYourSeat(ServiceRefusal):
    """The action names a seat the user does not hold (params: ``seat``, ``your_seat``)."""

    code = "not_your_seat"


class NoSuchSeat(ServiceRefusal):
    """There is no such seat in this game (params: ``seat``)."""

    code = "no_such_seat"


class CannotKickSelf(ServiceRefusal):
    """The host tried to kick themselves; leaving is the way out (params: ``user_id``)."""

    code = "cannot_kick_self"


class BadSettings(ServiceRefusal):
    """Settings must be a JSON object of plain values (params: ``reason``)."""

    code = "bad_settings"


class AlreadyPaused(ServiceRefusal):
    """The game is paused already (params: ``game_id``)."""

    code = "already_paused"


class NotPaused(ServiceRefusal):
    """Only a paused game can be resumed (params: ``game_id``)."""

    code = "not_paused"


class NoDeadlines(ServiceRefusal):
    """The game has no time limit per decision, so there is no deadline to extend (params: ``game_id``)."""

    code = "no_deadlines"


class BadExtension(ServiceRefusal):
    """An extension must add from 1 minute to 7 days (params: ``minutes``)."""

    code = "bad_extension"


class NotSilent(ServiceRefusal):
    """The seat owes no decision now, so there is nothing to vote about (params: ``seat``)."""

    code = "not_silent"


class AlreadyComputer(ServiceRefusal):
    """The seat is played by a computer already (params: ``seat``)."""

    code = "already_computer"


class CannotVoteOnSelf(ServiceRefusal):
    """A player cannot vote to hand their own seat over; leaving does that (params: ``seat``)."""

    code = "cannot_vote_on_self"


class AlreadyVoted(ServiceRefusal):
    """The player has already cast this vote (params: ``kind``, ``seat``)."""

    code = "already_voted"


class BadArgument(ServiceRefusal):
    """An argument of a call has the wrong type or is out of range: a front end's bug or a forged request, never a
    player's move (params: ``argument``, the parameter's name, and ``reason``). Checked before anything is read or
    written (:mod:`game_service.checks`)."""

    code = "bad_argument"


class BadId(BadArgument):
    """A game id is not a whole number from 1 to 2**63 - 1, or a channel or user id is not short printable text
    (params: ``argument``, ``reason``)."""

    code = "bad_id"


class NoActor(BadId):
    """A call that acts or reads for somebody was given nobody (params: ``argument``)."""

    code = "no_actor"


class BadNumber(BadArgument):
    """A version, seat or count is not a whole number in its range (params: ``argument``, ``minimum``,
    ``maximum``)."""

    code = "bad_number"


class BadName(BadArgument):
    """A player's name is not printable text of 1 to ``max_length`` characters (params: ``argument``, ``reason``,
    ``max_length``)."""

    code = "bad_name"


class BadFlag(BadArgument):
    """A yes/no argument is not exactly True or False (params: ``argument``)."""

    code = "bad_flag"


class BadLanguage(BadArgument):
    """A language is not a language tag like ``en`` or ``pt-BR`` (params: ``argument``)."""

    code = "bad_language"


class BadSeed(BadArgument):
    """A starting seed is not a whole number from 0 to 2**63 - 1 (params: ``argument``, ``maximum``)."""

    code = "bad_seed"


class UnknownVoteKind(BadArgument):
    """A vote is neither ``replace`` nor ``end`` (params: ``argument``, ``kinds``)."""

    code = "unknown_vote_kind"


class UnknownLevel(BadArgument):
    """A computer player's difficulty level is none of the known ones (params: ``argument``, ``levels``)."""

    code = "unknown_level"


class BadFrontEndData(BadArgument):
    """A front end's presentation data must be a JSON object of plain values within the size limit (params:
    ``argument``, ``reason``)."""

    code = "bad_front_end_data"


class UnknownDecisionKind(ServiceRefusal):
    """The game's rule system has no decision of that kind to leave to the autopilot (params: ``kind``,
    ``kinds``)."""

    code = "unknown_decision_kind"


class BadAway(ServiceRefusal):
    """An absence must end in the future, and no later than the game allows (the ``max_away`` setting) (params:
    ``reason``: ``past`` or ``too_long``, with ``n`` the longest allowed in days)."""

    code = "bad_away"
