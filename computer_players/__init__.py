"""Computer players: pure policies that choose among the legal actions of a rule system.

``choose_action(ruleset, seat_view, legal_actions)`` returns one of the legal actions, chosen by the policy
registered for ``ruleset.name`` (one package per rule system: ``computer_players/north_star/``). A policy sees its
seat's view, never the full state. Policies are pure functions of their arguments: no I/O, no clock, no global
randomness; the same view always gives the same action.
"""

from computer_players.registry import POLICIES, NoComputerPlayer, Policy, choose_action, has_policy

__all__ = ["POLICIES", "NoComputerPlayer", "Policy", "choose_action", "has_policy"]
