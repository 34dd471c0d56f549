"""The application layer: command-line commands and rich rendering (the core never imports it)."""
