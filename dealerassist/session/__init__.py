"""session layer (see docs/architecture.md)."""
