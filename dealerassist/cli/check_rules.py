"""``dealerassist check-rules FILE...``: validate house rules files.

Prints one ``FILE:LINE: message`` line per problem on standard output (all problems of every
file in one run) and exits 1 if any file has a problem, 0 when every file is valid. A valid
file's presets whose blinds depart from the catalogue's guide (BET-SB-SIZE, BET-BB-SIZE)
get ``FILE: warning: message`` lines: the house may choose so, the status stays 0.
"""

from __future__ import annotations

import argparse

from dealerassist.rules.loader import validate_rules_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the subcommand's arguments."""
    parser.add_argument("files", nargs="+", metavar="FILE", help="house rules file(s) to check")
    parser.add_argument("--quiet", "-q", action="store_true",
                        help="print nothing for a valid file")


def run(args: argparse.Namespace) -> int:
    """Check each file; return 0 when all are valid, 1 otherwise."""
    status = 0
    for path in args.files:
        problems = validate_rules_file(path)
        for problem in problems:
            print(problem, flush=True)
        if problems:
            status = 1
            continue
        from dealerassist.rules.checks import preset_warnings
        from dealerassist.rules.loader import load_rules

        for warning in preset_warnings(load_rules(path)):
            print(f"{path}: warning: {warning}", flush=True)
        if not args.quiet:
            print(f"{path}: ok")
    return status
