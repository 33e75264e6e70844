"""Computer players: pure policies that choose among the legal actions of a rule system.

``choose_action(ruleset, state, seat)`` returns one of ``ruleset.legal_actions(state, seat)``, chosen by the policy
registered for ``ruleset.name``. Policies are pure functions of their arguments: no I/O, no clock, no global
randomness; the same state always gives the same action.
"""

from computer_players.registry import POLICIES, NoComputerPlayer, Policy, choose_action, has_policy

__all__ = ["POLICIES", "NoComputerPlayer", "Policy", "choose_action", "has_policy"]
