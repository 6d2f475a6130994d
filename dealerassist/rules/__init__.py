"""rules layer (see docs/architecture.md)."""
