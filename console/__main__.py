"""``python -m console``: the same as ``evolution-bot console``."""

import sys

from console.cli import run_from_argv

if __name__ == "__main__":
    sys.exit(run_from_argv())
