"""chains family."""
