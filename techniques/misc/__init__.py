"""misc family."""
