"""vision layer (see docs/architecture.md)."""
