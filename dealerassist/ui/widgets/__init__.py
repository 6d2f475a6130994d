"""The console's widgets, each named after the view-model it renders (PotView -> QtPots)."""
