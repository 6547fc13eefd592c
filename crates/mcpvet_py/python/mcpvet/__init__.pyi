# Types of the mcpvet package. The report's format (version 1) is docs/report.schema.json of
# the repository; the dicts below name its main members (more may be added within a version).
import os
from typing import Any, Dict, List, Optional, Sequence, Union

# Read by type checkers only, which ship typing_extensions (as typeshed's stubs use it).
from typing_extensions import NotRequired, TypedDict

__version__: str

Data = Union[bytes, bytearray, str]
FileName = Union[str, os.PathLike[str], None]
Target = Union[str, Sequence[str], None]

class Tool(TypedDict):
    name: str
    version: str

class Summary(TypedDict):
    errors: int
    warnings: int
    infos: int
    servers: NotRequired[int]
    messages: NotRequired[int]
    requests: NotRequired[int]
    responses: NotRequired[int]
    notifications: NotRequired[int]
    unpaired_ids: NotRequired[int]

class Phase(TypedDict):
    reached: str
    last_event: str
    exit_code: NotRequired[int]

class Protocol(TypedDict):
    version: str
    detected_by: str

class Finding(TypedDict):
    code: str
    rule: Optional[str]
    severity: str
    message: str
    path: Optional[str]
    pointer: Optional[str]
    label: Optional[str]
    help: Optional[str]
    secondary: List[Dict[str, Any]]
    fix: Optional[Dict[str, Any]]
    span: Dict[str, int]
    line: int
    column: int
    end_line: int
    end_column: int
    column_utf16: NotRequired[int]
    end_column_utf16: NotRequired[int]
    message_index: NotRequired[int]

class FileReport(TypedDict):
    path: str
    kind: str
    dialect: Optional[Dict[str, str]]
    protocol: Optional[Protocol]
    input_format: NotRequired[Dict[str, str]]
    summary: Summary
    phase: NotRequired[Phase]
    tools_digest: NotRequired[Optional[str]]
    servers: List[Dict[str, Any]]
    definition: NotRequired[Dict[str, Any]]
    findings: List[Finding]
    messages: NotRequired[List[Dict[str, Any]]]
    runs: NotRequired[List[Dict[str, Any]]]

class Report(TypedDict):
    version: int
    tool: Tool
    files: List[FileReport]

class Rule(TypedDict):
    code: str
    name: str
    severity: str
    family: str
    summary: str

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
) -> Report: ...
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
) -> str: ...
def lint_config(
    text: Data,
    file_name: FileName = None,
    dialect: Optional[str] = None,
    *,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> Report: ...
def lint_config_json(
    text: Data,
    file_name: FileName = None,
    dialect: Optional[str] = None,
    *,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> str: ...
def lint_transcript(
    data: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> Report: ...
def lint_transcript_json(
    data: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> str: ...
def lint_server(
    text: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> Report: ...
def lint_server_json(
    text: Data,
    file_name: FileName = None,
    protocol: Optional[str] = None,
    *,
    input_format: Optional[str] = None,
    target: Target = None,
    utf16_columns: bool = False,
    lang: Optional[str] = None,
) -> str: ...
def rules() -> List[Rule]: ...
def rules_json() -> str: ...
