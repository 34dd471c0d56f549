"""The technique registry (filled by the technique-engine work)."""
