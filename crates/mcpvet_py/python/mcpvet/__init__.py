"""mcpvet for Python: the engine of the ``mcpvet`` command line, compiled into this package.

Every function takes the contents of one file (``bytes``, ``bytearray`` or ``str``) and
returns the report that ``mcpvet <command> --format json FILE`` prints for the same file:
as a ``dict`` (``lint_config``, ``lint_transcript``, ``lint_server``, ``inspect``), or as
the exact JSON text (the ``*_json`` variants). Nothing is run, nothing is read from disk or
the network, nothing is printed, and no secret appears in a report.

Bad input never raises: a syntax error, invalid UTF-8 or a file that is not what was asked
for is a finding in the report. An option value that no option takes raises ``ValueError``
(with the command line's message); an argument of the wrong type raises ``TypeError``.

The engine runs without the GIL, so threads (or a thread pool) inspect files in parallel::

    import mcpvet

    report = mcpvet.lint_transcript(open("session.jsonl", "rb").read(), "session.jsonl")
    for finding in report["files"][0]["findings"]:
        print(finding["line"], finding["code"], finding["message"])
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional, Sequence, Union

from . import _native

__version__: str = _native.__version__

__all__ = [
    "__version__",
    "inspect",
    "inspect_json",
    "lint_config",
    "lint_config_json",
    "lint_server",
    "lint_server_json",
    "lint_transcript",
    "lint_transcript_json",
    "rules",
    "rules_json",
]

Data = Union[bytes, bytearray, str]
FileName = Union[str, "os.PathLike[str]", None]
Target = Union[str, Sequence[str], None]

_KINDS = ("auto", "config", "transcript", "server")


def _file_name(file_name: FileName) -> Optional[str]:
    if file_name is None or isinstance(file_name, str):
        return file_name
    if isinstance(file_name, os.PathLike):
        name = os.fspath(file_name)
        if isinstance(name, str):
            return name
    raise TypeError(
        f"file_name must be a str or a path, not {type(file_name).__name__}"
    )


def _target(target: Target) -> Optional[str]:
    if target is None or isinstance(target, str):
        return target
    if isinstance(target, (list, tuple)) and all(isinstance(t, str) for t in target):
        return ",".join(target)
    raise TypeError(
        "target must be a str such as 'openai,gemini' or a list of str, "
        f"not {type(target).__name__}"
    )


def _lint(
    data: Data,
    kind: str,
    file_name: FileName,
    *,
    dialect: Optional[str] = None,
    protocol: Optional[str] = None,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
    compact: bool = False,
) -> str:
    if not isinstance(kind, str):
        raise TypeError(f"kind must be a str, not {type(kind).__name__}")
    if kind not in _KINDS:
        raise ValueError(
            f"unknown kind `{kind}`; expected `auto`, `config`, `transcript` or `server`"
        )
    return _native.lint(
        data,
        kind,
        _file_name(file_name),
        dialect,
        protocol,
        input_format,
        _target(target),
        utf16_columns,
        compact,
        lang,
    )


def inspect_json(
    data: Data,
    file_name: FileName = None,
    *,
    kind: str = "auto",
    dialect: Optional[str] = None,
    protocol: Optional[str] = None,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> str:
    """The JSON report of ``data``, as ``mcpvet check --format json`` prints it.

    ``kind`` is ``auto`` (decide from the content), ``config``, ``transcript`` or
    ``server``. ``file_name`` helps detect a configuration's client and syntax and is the
    report's ``path`` (``-`` when absent). ``dialect``, ``protocol``, ``input_format`` and
    ``target`` are the command line's ``--dialect``, ``--protocol``, ``--input-format`` and
    ``--target``; ``utf16_columns`` adds ``column_utf16`` and ``end_column_utf16``; ``lang``
    (``"es"``, or a tag such as ``"es-ES"``) puts the help sentences in that language, as
    ``--lang`` does (English by default).
    """
    return _lint(
        data,
        kind,
        file_name,
        dialect=dialect,
        protocol=protocol,
        input_format=input_format,
        target=target,
        utf16_columns=utf16_columns,
        lang=lang,
    )


def inspect(
    data: Data,
    file_name: FileName = None,
    *,
    kind: str = "auto",
    dialect: Optional[str] = None,
    protocol: Optional[str] = None,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> Dict[str, Any]:
    """The report of ``data`` as a dict; see :func:`inspect_json` for the options."""
    return json.loads(
        _lint(
            data,
            kind,
            file_name,
            dialect=dialect,
            protocol=protocol,
            input_format=input_format,
            target=target,
            utf16_columns=utf16_columns,
            lang=lang,
            compact=True,
        )
    )


def lint_config_json(
    text: Data,
    file_name: FileName = None,
    dialect: Optional[str] = None,
    *,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> str:
    """The JSON report of a client configuration, as ``mcpvet config --format json``."""
    return _lint(
        text, "config", file_name, dialect=dialect, utf16_columns=utf16_columns, lang=lang
    )


def lint_config(
    text: Data,
    file_name: FileName = None,
    dialect: Optional[str] = None,
    *,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> Dict[str, Any]:
    """The report of a client configuration (``mcpvet config``) as a dict.

    ``dialect`` forces the client (``vscode``, ``claude-desktop``, ``codex``...); without it
    the client is decided from ``file_name`` and the content.
    """
    return json.loads(
        _lint(
            text,
            "config",
            file_name,
            dialect=dialect,
            utf16_columns=utf16_columns,
            lang=lang,
            compact=True,
        )
    )


def lint_transcript_json(
    data: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> str:
    """The JSON report of a captured session or run log, as ``mcpvet transcript --format json``."""
    return _lint(
        data,
        "transcript",
        file_name,
        protocol=protocol,
        input_format=input_format,
        target=target,
        utf16_columns=utf16_columns,
        lang=lang,
    )


def lint_transcript(
    data: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> Dict[str, Any]:
    """The report of a captured session or run log (``mcpvet transcript``) as a dict.

    ``protocol`` forces the protocol version (``2025-06-18``...); ``input_format`` the
    capture format (``jsonl``, ``har``...); ``target`` the clients and models whose
    compatibility is checked (``"openai,gemini"``, a list, or ``"all"``).
    """
    return json.loads(
        _lint(
            data,
            "transcript",
            file_name,
            protocol=protocol,
            input_format=input_format,
            target=target,
            utf16_columns=utf16_columns,
            lang=lang,
            compact=True,
        )
    )


def lint_server_json(
    text: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> str:
    """The JSON report of a server definition, as ``mcpvet server --format json``."""
    return _lint(
        text,
        "server",
        file_name,
        protocol=protocol,
        input_format=input_format,
        target=target,
        utf16_columns=utf16_columns,
        lang=lang,
    )


def lint_server(
    text: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> Dict[str, Any]:
    """The report of a server definition (``mcpvet server``) as a dict.

    A definition is a captured ``tools/list`` listing, a registry ``server.json``, an MCPB
    manifest or a definition file; ``input_format`` (``listing``, ``server-json``,
    ``mcpb-manifest``, ``definition``) forces one.
    """
    return json.loads(
        _lint(
            text,
            "server",
            file_name,
            protocol=protocol,
            input_format=input_format,
            target=target,
            utf16_columns=utf16_columns,
            lang=lang,
            compact=True,
        )
    )


def rules_json() -> str:
    """The rule catalog as JSON, as ``mcpvet rules --format json`` prints it."""
    return _native.rules_json()


def rules() -> List[Dict[str, str]]:
    """The rule catalog: one dict per rule (``code``, ``name``, ``severity``, ``family``,
    ``summary``), in code order."""
    return json.loads(_native.rules_json())["rules"]
