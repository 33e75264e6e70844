"""The dice-combat game's board image (seed 004): ``board.draw`` for its public ``TableView``."""
