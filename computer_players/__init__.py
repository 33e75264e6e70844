"""Computer players: pure policies that choose among the legal actions of a rule system."""
