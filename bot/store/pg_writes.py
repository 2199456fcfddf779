"""The store's SQL as PostgreSQL runs it: ``?`` placeholders numbered ``$n``, and each shape
of write compiled into a PL/pgSQL function sent in one round trip (``compile_write``). Pure:
no connection, no asyncpg.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.store.database import Statement

_RETURNS_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES|SHOW)\b|\bRETURNING\b", re.IGNORECASE)
_TOKENS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"])*\"|--[^\n]*|\?")


@lru_cache(maxsize=4096)
def to_postgres(sql: str) -> tuple[str, bool]:
    """``sql`` with ``?`` placeholders numbered as ``$n`` (quotes and comments left alone),
    and whether it returns rows."""
    number = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal number
        if match.group(0) != "?":
            return match.group(0)
        number += 1
        return f"${number}"

    return _TOKENS.sub(replace, sql), _RETURNS_ROWS.search(sql) is not None


# ``Database.write`` in one round trip, with the server's plans kept: each shape of write
# (its statements' SQL, which parameters are NULL and the Python types of the others) gets
# a PL/pgSQL function of its own, made the first time a process meets that shape and named
# by a hash of its text (so every process and every run finds the same one). Its body is the
# statements as static SQL reading the function's arguments, so PostgreSQL parses them
# once and PL/pgSQL keeps their plans for the session; the call itself is a statement
# asyncpg prepares once per connection. A function call is one statement, so one
# transaction; it returns one JSON array holding each statement's rows (objects). A guard
# that finds no row raises ``GUARD_STATE``, which rolls all of it back. (The one function
# taking every statement as text, ``postal_write``, had the server parse and plan each
# statement at every call: 1.0 ms of the server's CPU a move, where this costs ~0.5.)
GUARD_STATE = "PR001"
COMPILED_PREFIX = "postal_write_"
# PostgreSQL's limit on a function's arguments (FUNC_MAX_ARGS); a larger write goes as a
# transaction of prepared statements instead (a round trip each).
MOST_ARGUMENTS = 100
# The SQL type of a parameter, by its Python type (NULLs are written into the SQL).
_SQL_TYPES: dict[type, str] = {
    bool: "boolean",
    int: "bigint",
    float: "double precision",
    str: "text",
    bytes: "bytea",
}
# A write's shape: each statement's SQL, guard and parameters' Python types.
Shape = tuple[tuple[str, bool, tuple[type, ...]], ...]


@dataclass(frozen=True, slots=True)
class CompiledWrite:
    """The function of one shape of write: its name, the SQL that makes it, and the
    statement that calls it with the write's non-NULL parameters as ``$1, $2, ...``."""

    name: str
    create: str
    call: str


def shape_of(statements: Sequence[Statement]) -> Shape:
    """What makes two writes share a function. Raises ``TypeError`` for a parameter of a
    type the store never writes."""
    shape = []
    for statement in statements:
        kinds = tuple(type(value) for value in statement.params)
        for kind in kinds:
            if kind is not type(None) and kind not in _SQL_TYPES:
                _sql_type(kind)  # raises for a type the store never writes
        shape.append((statement.sql, statement.guard, kinds))
    return tuple(shape)


def _sql_type(kind: type) -> str:
    """The SQL type of a parameter of Python type ``kind``: its own or its nearest base's
    (a ``str`` subclass such as a move's SAN is text). Raises ``TypeError`` for a type the
    store never writes."""
    for base in kind.__mro__:
        if base in _SQL_TYPES:
            return _SQL_TYPES[base]
    raise TypeError(f"cannot write {kind.__name__} to PostgreSQL")


def arguments(statements: Sequence[Statement]) -> list[object]:
    """The non-NULL parameters of ``statements``, in order: the compiled function's
    arguments. Raises ``ValueError`` for a string with a NUL (PostgreSQL's text cannot
    hold one)."""
    found = [value for statement in statements for value in statement.params if value is not None]
    for value in found:
        if isinstance(value, str) and "\x00" in value:
            raise ValueError("PostgreSQL text cannot hold a NUL character")
    return found


@lru_cache(maxsize=1024)
def compile_write(shape: Shape) -> CompiledWrite:
    """The PL/pgSQL function running a write of ``shape`` (see ``COMPILED_PREFIX``).
    Raises ``ValueError`` when a statement's placeholders and parameters differ in number."""
    types: list[str] = []
    lines: list[str] = []
    for index, (sql, guard, kinds) in enumerate(shape, start=1):
        written = _bind(sql, kinds, types)
        if to_postgres(sql)[1]:
            lines.append(
                f"WITH t AS ({written}) SELECT coalesce(json_agg(t), '[]')::text "
                "INTO postal_rows FROM t;"
            )
        else:
            lines.append(f"{written};")
            lines.append("postal_rows := '[]';")
        if guard:
            lines.append(
                "IF postal_rows = '[]' THEN RAISE EXCEPTION "
                f"'postal write: guard {index} found no row' USING ERRCODE = '{GUARD_STATE}'; "
                "END IF;"
            )
        lines.append("postal_results := postal_results || postal_rows;")
    signature = ", ".join(types)
    body = "\n    ".join(lines)
    digest = hashlib.blake2b(f"{signature}\n{body}".encode(), digest_size=8).hexdigest()
    name = COMPILED_PREFIX + digest
    create = (
        f"CREATE OR REPLACE FUNCTION {name}({signature}) RETURNS text\n"
        "LANGUAGE plpgsql AS $postal$\n"
        "#variable_conflict use_column\n"
        "DECLARE\n    postal_results text[] := '{}';\n    postal_rows text;\n"
        f"BEGIN\n    {body}\n    RETURN '[' || array_to_string(postal_results, ',') || ']';\nEND\n"
        "$postal$"
    )
    placeholders = ", ".join(f"${n}" for n in range(1, len(types) + 1))
    return CompiledWrite(name, create, f"SELECT {name}({placeholders})")


def _bind(sql: str, kinds: tuple[type, ...], types: list[str]) -> str:
    """``sql`` with each ``?`` (outside quotes and comments) as the function's next
    argument (``$n``, its SQL type appended to ``types``), or ``NULL`` for a None.
    Raises ``ValueError`` when the counts differ."""
    each = iter(kinds)

    def replace(match: re.Match[str]) -> str:
        if match.group(0) != "?":
            return match.group(0)
        kind = next(each, None)
        if kind is None:
            raise ValueError(f"more placeholders than parameters in {sql!r}")
        if kind is type(None):
            return "NULL"
        types.append(_sql_type(kind))
        return f"${len(types)}"

    written = _TOKENS.sub(replace, sql)
    if next(each, None) is not None:
        raise ValueError(f"more parameters than placeholders in {sql!r}")
    return written


def _values(pairs: list[tuple[str, Any]]) -> tuple[Any, ...]:
    """A JSON object of a compiled write's rows as the row's values, in column order
    (duplicate column names kept)."""
    return tuple(value for _, value in pairs)


# The rows of a compiled write: one JSON array (a statement's rows, each an object) for
# each statement, read by one decoder made once (``json.loads`` with a hook makes one at
# every call).
WRITE_ROWS = json.JSONDecoder(object_pairs_hook=_values)
