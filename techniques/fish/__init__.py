"""fish family."""
