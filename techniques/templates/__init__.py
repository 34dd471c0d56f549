"""Templates: Template Set and Template Delete.
"""

from __future__ import annotations

from engine.technique import Technique
from techniques.templates.templates import TEMPLATE_DELETE, TEMPLATE_SET

TECHNIQUES: tuple[Technique, ...] = (TEMPLATE_SET, TEMPLATE_DELETE,)
