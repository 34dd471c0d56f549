"""singles family."""
