"""Trainer mode: drills, scoring, certification (issue 10)."""
