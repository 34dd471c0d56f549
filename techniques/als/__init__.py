"""als family."""
