"""dealerassist: a live dealer assistant for a physical poker table."""

__version__ = "0.1.0"

__all__ = ["__version__"]
