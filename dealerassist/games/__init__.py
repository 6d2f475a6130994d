"""games layer (see docs/architecture.md)."""
