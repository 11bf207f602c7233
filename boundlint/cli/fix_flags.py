"""The options `fix` adds to check's; light to import, as the command line builds its parser on every run."""

from __future__ import annotations

import argparse


def add_fix_arguments(parser: argparse.ArgumentParser) -> None:
    """The options `fix` adds to check's (for `boundlint fix` and `boundlint check --fix`)."""
    parser.add_argument(
        "--diff",
        action="store_true",
        help="print the fixes as a unified diff instead of writing them (exit 1 if there are any)",
    )
    parser.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="also apply fixes that may change behaviour for values within the budget",
    )
