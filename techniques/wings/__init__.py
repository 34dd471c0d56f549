"""wings family."""
