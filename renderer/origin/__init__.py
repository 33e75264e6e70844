"""The original "Evolution"'s board image (seed 003): ``board.draw`` for its public ``TableView``."""
