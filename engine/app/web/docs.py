"""``/docs``: the OpenAPI description as a readable page, written from ``/openapi.json``
itself (so it says what the description says), with nothing fetched from elsewhere."""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem; color: #1a1a1a; line-height: 1.45;
  overflow-wrap: anywhere; }
h2 { margin-top: 2rem; border-bottom: 1px solid #d5dbe2; } code, pre { font-family: 'DejaVu Sans Mono', monospace; font-size: 0.85rem; }
pre { background: #f4f6f8; padding: 0.6rem; overflow-x: auto; } table { border-collapse: collapse; margin: 0.4rem 0; }
td, th { text-align: left; padding: 2px 10px 2px 0; border-bottom: 1px solid #e4e8ec; vertical-align: top; } .method { font-weight: bold; }
@media (max-width: 40rem) { table, tbody, tr, td { display: block; } tr { padding: 4px 0; border-bottom: 1px solid #e4e8ec; } td { border: 0; padding: 0; } }
"""
CODE = re.compile(r"`([^`]+)`")


def docs_page(spec: dict[str, Any]) -> str:
    """Every endpoint with its fields, responses and an example, then the records."""
    info = spec.get("info", {})
    parts = [f"<h1>{escape(info.get('title', ''))} API {escape(str(info.get('version', '')))}</h1>"]
    parts.append(f"<p>{_text(info.get('description', ''))}</p><p>The description itself: <a href=\"/openapi.json\">/openapi.json</a>.</p>")
    for path, methods in spec.get("paths", {}).items():
        for method, operation in methods.items():
            parts.append(_operation(path, method, operation, spec))
    parts.append("<h2>Records</h2>")
    for name, schema in spec.get("components", {}).get("schemas", {}).items():
        parts.append(f'<h3 id="{escape(name)}">{escape(name)}</h3>{_doc(schema)}{_fields(schema)}')
    title = escape(info.get("title", "API"))
    return f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>{title} API</title><style>{STYLE}</style></head><body>{"".join(parts)}</body></html>'


def _operation(path: str, method: str, operation: dict[str, Any], spec: dict[str, Any]) -> str:
    head = f'<h2><span class="method">{escape(method.upper())}</span> <code>{escape(path)}</code></h2>'
    text = f"<p>{_text(operation.get('summary', ''))}</p><p>{_text(operation.get('description', ''))}</p>"
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    request = ""
    if body:
        schema = _resolve(body, spec)
        request = f"<h4>Request body ({_type(body)})</h4>{_fields(schema)}"
        example = {k: v["examples"][0] for k, v in schema.get("properties", {}).items() if v.get("examples")}
        if example:
            request += f"<pre>{escape(json.dumps(example, indent=1))}</pre>"
    params = "".join(f"<tr><td><code>{escape(p['name'])}</code></td><td>{escape(p.get('in', ''))}</td><td>{escape(_type(p.get('schema', {})))}</td></tr>" for p in operation.get("parameters", []))
    params = f"<h4>Parameters</h4><table>{params}</table>" if params else ""
    answers = "".join(
        f"<tr><td>{escape(code)}</td><td>{_text(r.get('description', ''))}</td><td>{escape(_type(_schema_of(r)))}</td></tr>"
        for code, r in operation.get("responses", {}).items()
    )
    return f"{head}{text}{params}{request}<h4>Responses</h4><table>{answers}</table>"


def _schema_of(response: dict[str, Any]) -> dict[str, Any]:
    content = response.get("content", {})
    for kind in ("application/json", "text/html"):
        if kind in content:
            schema: dict[str, Any] = content[kind].get("schema", {})
            return schema
    return {}


def _resolve(schema: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref:
        resolved: dict[str, Any] = spec["components"]["schemas"][ref.rsplit("/", 1)[1]]
        return resolved
    return schema


def _doc(schema: dict[str, Any]) -> str:
    words = schema.get("description", "")
    return f"<p>{_text(words)}</p>" if words else ""


def _fields(schema: dict[str, Any]) -> str:
    properties = schema.get("properties", {})
    if not properties:
        return ""
    required = set(schema.get("required", ()))
    rows = "".join(
        f"<tr><td><code>{escape(name)}</code>{'' if name in required else ' (optional)'}</td><td>{escape(_type(field))}</td>"
        f"<td>{_text(field.get('description', ''))}{_default(field)}</td></tr>"
        for name, field in properties.items()
    )
    return f"<table>{rows}</table>"


def _text(words: str) -> str:
    """A description (Markdown) as HTML: escaped, with its `code` spans shown as code."""
    return CODE.sub(r"<code>\1</code>", escape(words))


def _default(field: dict[str, Any]) -> str:
    return f" (default {json.dumps(field['default'])})" if "default" in field else ""


def _type(schema: dict[str, Any]) -> str:
    """A schema's type in a few words: ``string``, ``list of StepRecord``, ``1 | 2 | 3``."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1]
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_type(s) for s in schema[key])
    if schema.get("type") == "array":
        return f"list of {_type(schema.get('items', {}))}"
    if schema.get("type") == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return f"object of {_type(schema['additionalProperties'])}"
    return str(schema.get("type", "any"))
