"""``stepdoku serve``: the interactive page and the JSON API (the optional ``web`` extra).

``app`` builds the FastAPI application (routes under ``/api/v1``, the page at ``/``, the
OpenAPI description), ``jobs`` the work each endpoint does in worker processes, ``lanes``
the worker processes with their bounded queues and work budgets, ``middleware`` the
access log and the body limit, ``server`` the start-up and the stop, ``static/`` the page
(plain HTML, CSS and JavaScript: no build step, nothing fetched from elsewhere).

The core never imports this package (``tests/test_layering.py``).
"""
