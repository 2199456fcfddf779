"""Discord's request bodies as its OpenAPI description (discord/discord-api-spec) gives them,
and a validator of the JSON bodies the bot sends to the fake Discord.

``tests/discord_api/requests.json`` holds the part of the spec Postal's requests need: the
request-body schema of each route the fake serves and the component schemas they refer
to (MIT licence: ``tests/discord_api/LICENSE``). Made from a copy of the spec with
``python -m tests.discord_schema SPEC.json`` (see ``tests/discord_api/README.md``).

The validator knows the keywords those schemas use, nothing more: ``$ref``, ``type``
(one or a list), ``enum``, ``const``, ``properties``, ``required``,
``additionalProperties``, ``maxProperties``, ``items``, ``minItems``, ``maxItems``,
``uniqueItems``, ``minLength``, ``maxLength``, ``pattern``, ``minimum``, ``maximum``,
``allOf``, ``anyOf`` and ``oneOf``; ``format`` and ``contentEncoding`` only describe.
Two of the spec's own conventions (its README, "Spec conventions"): a union, ``oneOf`` as
much as ``anyOf``, means the value is one of its members (the first that fits is taken:
partial objects may fit several); an integer may be sent as a string of digits. And a
snowflake (a string of digits in the spec) may be sent as a JSON integer, which Discord
takes and discord.py does for some ids. An integer may be a number with no fraction (6.0),
as JSON Schema has it: discord.py sends a poll's duration so, and Discord takes it.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

SPEC_PART = Path(__file__).with_name("discord_api") / "requests.json"
# The routes whose request bodies are checked: the fake's, as the spec names them.
ROUTES = (
    ("PUT", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("PATCH", "/channels/{channel_id}"),
    ("POST", "/channels/{channel_id}/threads"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("POST", "/users/@me/channels"),
)
_SNOWFLAKE = re.compile(r"^(0|[1-9][0-9]*)$")
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "boolean": (bool,),
    "null": (type(None),),
}


@dataclass(frozen=True)
class Refusal:
    """Where in a body (``at``: a JSON path) the spec is not met, and how."""

    at: str
    problem: str
    # False when the value is not even of the type asked (a union's other member fits it
    # better, and its refusals say more).
    typed: bool = True

    def __str__(self) -> str:
        return f"{self.at}: {self.problem}"


@cache
def spec_part() -> dict[str, Any]:
    """The shipped part of the spec."""
    loaded: dict[str, Any] = json.loads(SPEC_PART.read_text(encoding="utf-8"))
    return loaded


def _template(path: str) -> re.Pattern[str]:
    """A route's path as a pattern (``{name}`` matches one segment; ``@original`` and
    ``@me`` literally)."""
    return re.compile("^" + re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(path)) + "$")


_PATTERNS = [(method, route, _template(route)) for method, route in ROUTES]


def route_of(method: str, path: str) -> str | None:
    """The spec's name of the route ``method path`` (``/api/v10`` left out), or None for a
    route whose body is not checked. A literal segment wins over a placeholder."""
    path = path.removeprefix("/api/v10")
    found = [route for m, route, pattern in _PATTERNS if m == method and pattern.match(path)]
    if not found:
        return None
    return min(found, key=lambda route: route.count("{"))


def check_request(method: str, path: str, body: Any) -> list[Refusal]:
    """What in ``body``, sent as ``method path``, the spec refuses (empty: nothing)."""
    route = route_of(method, path)
    if route is None:
        return []
    schema = spec_part()["requests"][f"{method} {route}"]
    return list(_check(schema, body, "$"))


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema = spec_part()["components"]["schemas"][name]
    return schema


def _check(schema: dict[str, Any], value: Any, at: str) -> Iterator[Refusal]:
    schema = _resolve(schema)
    if "type" in schema and not _typed(schema, value):
        yield Refusal(at, f"{_shown(value)} is not {schema['type']}", typed=False)
        return
    if "enum" in schema and value not in schema["enum"]:
        yield Refusal(at, f"{_shown(value)} is not one of {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        yield Refusal(at, f"{_shown(value)} is not {schema['const']!r}")
    for part in schema.get("allOf", ()):
        yield from _check(part, value, at)
    union = schema.get("anyOf") or schema.get("oneOf")
    if union:
        yield from _one_of(union, value, at)
    if isinstance(value, dict):
        yield from _check_object(schema, value, at)
    elif isinstance(value, list):
        yield from _check_array(schema, value, at)
    elif isinstance(value, str):
        yield from _check_string(schema, value, at)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield from _check_number(schema, value, at)


def _typed(schema: dict[str, Any], value: Any) -> bool:
    kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    for kind in kinds:
        if kind == "integer" and (
            (isinstance(value, int) and not isinstance(value, bool))
            or (isinstance(value, float) and value.is_integer())
            or (isinstance(value, str) and _SNOWFLAKE.match(value.lstrip("-")))
        ):
            return True
        if kind == "number" and isinstance(value, int | float) and not isinstance(value, bool):
            return True
        if kind == "string" and schema.get("format") == "snowflake" and _whole(value):
            return True
        if kind in _JSON_TYPES and isinstance(value, _JSON_TYPES[kind]):
            return True
    return False


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _one_of(union: list[dict[str, Any]], value: Any, at: str) -> Iterator[Refusal]:
    """A union: the value fits one member; else the refusals of the member it came closest
    to (the one whose refusals lie deepest in the value, of its type before not)."""
    members = [_resolve(member) for member in union]
    if all("const" in member for member in members):  # an enumeration, spelt as a union
        if value not in [member["const"] for member in members]:
            yield Refusal(at, f"{_shown(value)} is not one of {[m['const'] for m in members]}")
        return
    if isinstance(value, dict) and "type" in value:
        # Discord's unions of components and callbacks say their member by "type": try
        # those that take this one first (a hundredfold quicker than trying every member).
        fitting = [m for m in members if _takes_type(m, value["type"])]
        members = fitting + [m for m in members if m not in fitting]
    best: list[Refusal] = []
    for member in members:
        refusals = list(_check(member, value, at))
        if not refusals:
            return
        if not best or _closeness(refusals) > _closeness(best):
            best = refusals
    yield from best


def _takes_type(member: dict[str, Any], kind: Any) -> bool:
    """Whether the object schema ``member`` allows ``kind`` as its ``type`` property."""
    allowed = _resolve(member.get("properties", {}).get("type", {}))
    if "const" in allowed:
        return bool(allowed["const"] == kind)
    if "enum" in allowed:
        return kind in allowed["enum"]
    consts = [_resolve(m).get("const") for m in allowed.get("oneOf", allowed.get("anyOf", []))]
    return kind in consts if consts else True


def _closeness(refusals: list[Refusal]) -> tuple[int, bool]:
    return max(len(r.at) for r in refusals), any(r.typed for r in refusals)


def _check_object(schema: dict[str, Any], value: dict[str, Any], at: str) -> Iterator[Refusal]:
    properties: dict[str, Any] = schema.get("properties", {})
    for name in schema.get("required", ()):
        if name not in value:
            yield Refusal(at, f"{name!r} is required")
    if len(value) > schema.get("maxProperties", len(value)):
        yield Refusal(at, f"more than {schema['maxProperties']} properties")
    extra = schema.get("additionalProperties", True)
    for name, item in value.items():
        if name in properties:
            yield from _check(properties[name], item, f"{at}.{name}")
        elif extra is False:
            yield Refusal(at, f"unknown property {name!r}")
        elif isinstance(extra, dict):
            yield from _check(extra, item, f"{at}.{name}")


def _check_array(schema: dict[str, Any], value: list[Any], at: str) -> Iterator[Refusal]:
    if len(value) < schema.get("minItems", 0):
        yield Refusal(at, f"{len(value)} items, fewer than {schema['minItems']}")
    if len(value) > schema.get("maxItems", len(value)):
        yield Refusal(at, f"{len(value)} items, more than {schema['maxItems']}")
    if schema.get("uniqueItems"):
        seen = [json.dumps(item, sort_keys=True) for item in value]
        if len(set(seen)) != len(seen):
            yield Refusal(at, "items repeated")
    if "items" in schema:
        for index, item in enumerate(value):
            yield from _check(schema["items"], item, f"{at}[{index}]")


def _check_string(schema: dict[str, Any], value: str, at: str) -> Iterator[Refusal]:
    # JSON Schema counts characters (code points), as Python's len does.
    if len(value) < schema.get("minLength", 0):
        yield Refusal(at, f"{_shown(value)} is shorter than {schema['minLength']}")
    if len(value) > schema.get("maxLength", len(value)):
        yield Refusal(at, f"{len(value)} characters, more than {schema['maxLength']}")
    if "pattern" in schema and not _pattern(schema["pattern"]).search(value):
        yield Refusal(at, f"{_shown(value)} does not match {schema['pattern']}")


@cache
def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text)


def _check_number(schema: dict[str, Any], value: float, at: str) -> Iterator[Refusal]:
    if "minimum" in schema and value < schema["minimum"]:
        yield Refusal(at, f"{value} is below {schema['minimum']}")
    if "maximum" in schema and value > schema["maximum"]:
        yield Refusal(at, f"{value} is above {schema['maximum']}")


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


# ------------------------------------------------------------------ making the spec part


def extract(spec: dict[str, Any]) -> dict[str, Any]:
    """The part of the whole spec ``spec`` that ``ROUTES`` need: each route's JSON request
    body and every component schema reachable from them."""
    requests = {}
    for method, route in ROUTES:
        operation = spec["paths"][route][method.lower()]
        requests[f"{method} {route}"] = operation["requestBody"]["content"]["application/json"][
            "schema"
        ]
    names: set[str] = set()
    _collect(requests, spec["components"]["schemas"], names)
    return {
        "openapi": spec["openapi"],
        "info": {"title": spec["info"]["title"], "version": spec["info"]["version"]},
        "requests": requests,
        "components": {"schemas": {n: spec["components"]["schemas"][n] for n in sorted(names)}},
    }


def _collect(node: Any, schemas: dict[str, Any], names: set[str]) -> None:
    if isinstance(node, dict):
        for key, item in node.items():
            if key == "$ref":
                name = item.rsplit("/", 1)[1]
                if name not in names:
                    names.add(name)
                    _collect(schemas[name], schemas, names)
            else:
                _collect(item, schemas, names)
    elif isinstance(node, list):
        for item in node:
            _collect(item, schemas, names)


if __name__ == "__main__":
    whole = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    SPEC_PART.write_text(json.dumps(extract(whole), indent=1, sort_keys=True) + "\n")
