"""Profiles: a rating scale and the solving policy that goes with it (issue 12 fills this in)."""
