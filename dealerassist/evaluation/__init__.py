"""evaluation layer (see docs/architecture.md)."""
