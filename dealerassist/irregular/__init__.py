"""irregular layer (see docs/architecture.md)."""
