"""`python -m dealerassist` runs the command-line entry point."""

from dealerassist.cli.main import main

raise SystemExit(main())
