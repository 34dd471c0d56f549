"""forcing family."""
