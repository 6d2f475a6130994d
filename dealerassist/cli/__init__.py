"""Command-line entry points; one module per subcommand."""
