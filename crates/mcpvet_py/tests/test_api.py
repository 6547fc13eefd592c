"""The Python package against the command line: for every bundled example and the shared
corpus of real configurations and sessions, the package's report must be the exact text
`mcpvet <command> --format json FILE` prints. Run by scripts/test-python (which builds the
wheel and the binary first):

    pytest crates/mcpvet_py/tests/test_api.py
"""

from __future__ import annotations

import ast
import json
import random
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath

import pytest

import mcpvet
from support import ROOT, cli, files, read

CONFIGS = [
    "examples/claude_desktop_config.json",
    "examples/vscode/.vscode/mcp.json",
    "examples/codex/config.toml",
    *files("tests/dialects", (".json", ".jsonc", ".toml", ".yaml", ".yml")),
]
SESSIONS = [
    *files("examples/sessions", (".jsonl",)),
    *files("examples/http", (".har",)),
    *files("examples/runs", (".jsonl", ".log")),
]
SERVERS = files("examples/server", (".json",))


def test_every_bundled_configuration_gives_the_command_lines_report_byte_for_byte():
    assert len(CONFIGS) >= 5, CONFIGS
    for file in CONFIGS:
        expected = cli("config", "--format", "json", file)
        assert mcpvet.lint_config_json(read(file), file) == expected, file
        assert mcpvet.lint_config(read(file).decode("utf-8"), file) == json.loads(expected), file


def test_every_bundled_session_http_capture_and_run_log_gives_the_command_lines_report():
    assert len(SESSIONS) >= 8, SESSIONS
    for file in SESSIONS:
        expected = cli("transcript", "--format", "json", file)
        assert mcpvet.lint_transcript_json(read(file), file) == expected, file
        assert mcpvet.lint_transcript(read(file), file) == json.loads(expected), file


def test_every_bundled_server_definition_gives_the_command_lines_report():
    assert len(SERVERS) >= 2, SERVERS
    for file in SERVERS:
        expected = cli("server", "--format", "json", file)
        assert mcpvet.lint_server_json(read(file), file) == expected, file
        report = mcpvet.lint_server(read(file), file)
        assert report == json.loads(expected), file
        assert report["files"][0]["findings"], f"{file}: the example has findings on purpose"


def test_auto_detection_is_the_check_commands():
    for file in [*CONFIGS[:3], *SESSIONS, *SERVERS]:
        expected = cli("check", "--format", "json", file)
        assert mcpvet.inspect_json(read(file), file) == expected, file
        assert mcpvet.inspect(read(file), Path(file)) == json.loads(expected), file


def test_the_corpus_of_real_configurations_gives_the_command_lines_reports(shared):
    corpus = sorted(p for p in (shared / "corpus" / "configs").iterdir() if p.is_file())
    assert len(corpus) >= 20, len(corpus)
    for path in corpus:
        expected = cli("config", "--format", "json", str(path))
        assert mcpvet.lint_config_json(path.read_bytes(), str(path)) == expected, path.name
        expected = cli("check", "--format", "json", str(path))
        assert mcpvet.inspect_json(path.read_bytes(), str(path)) == expected, path.name


def test_the_corpus_of_real_sessions_gives_the_command_lines_reports(shared):
    corpus = sorted(p for p in (shared / "corpus" / "sessions").iterdir() if p.is_file())
    assert len(corpus) >= 8, len(corpus)
    for path in corpus:
        expected = cli("transcript", "--format", "json", str(path))
        assert mcpvet.lint_transcript_json(path.read_bytes(), str(path)) == expected, path.name


def test_options_reach_the_engine_as_the_command_lines_flags_do():
    file = "examples/sessions/tool-call-is-error.jsonl"
    expected = cli(
        "transcript", "--format", "json", "--protocol", "2025-03-26",
        "--target", "openai,gemini", file,
    )
    assert mcpvet.lint_transcript_json(
        read(file), file, "2025-03-26", target=["openai", "gemini"]
    ) == expected
    assert mcpvet.lint_transcript_json(
        read(file), file, protocol="2025-03-26", target="openai,gemini"
    ) == expected
    assert json.loads(expected)["files"][0]["protocol"]["version"] == "2025-03-26"

    config = "examples/claude_desktop_config.json"
    expected = cli("config", "--format", "json", "--dialect", "cursor", config)
    assert mcpvet.lint_config_json(read(config), config, "cursor") == expected
    assert json.loads(expected)["files"][0]["dialect"]["name"] == "cursor"

    vscode = '{"servers": {"docs": {"command": "npx", "args": ["docs-mcp"]}}}'
    as_vscode = mcpvet.lint_config(vscode, dialect="vscode")
    assert as_vscode["files"][0]["dialect"]["name"] == "vscode"
    assert as_vscode["files"][0]["path"] == "-"

    server = "examples/server/tools.json"
    expected = cli("server", "--format", "json", "--input-format", "listing", server)
    assert mcpvet.lint_server_json(read(server), server, input_format="listing") == expected


def test_lang_gives_the_command_lines_spanish():
    config = "examples/claude_desktop_config.json"
    expected = cli("--lang", "es", "config", "--format", "json", config)
    assert mcpvet.lint_config_json(read(config), config, lang="es") == expected
    helps = [f.get("help") for f in json.loads(expected)["files"][0]["findings"]]
    assert "quite la coma; un analizador estricto rechaza el archivo entero" in helps
    english = mcpvet.lint_config(read(config), config, lang="fr")
    assert english == mcpvet.lint_config(read(config), config)


def test_utf16_columns_and_bytes_that_are_not_utf8():
    config = '{"mcpServers": {"\U0001f600": {"command": "npx", "args": ["x"]}}}'
    report = mcpvet.lint_config(config, utf16_columns=True)
    positioned = [f for f in report["files"][0]["findings"] if "column_utf16" in f]
    assert positioned, report["files"][0]["findings"]
    plain = mcpvet.lint_config(config)
    assert all("column_utf16" not in f for f in plain["files"][0]["findings"])

    broken = bytes([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
    for kind in ("config", "transcript", "server", "auto"):
        codes = [f["code"] for f in mcpvet.inspect(broken, kind=kind)["files"][0]["findings"]]
        assert "MCP008" in codes, (kind, codes)
    # A str with a lone surrogate (as os.fsdecode makes of undecodable bytes) is read as the
    # invalid bytes it denotes, never an exception.
    codes = [f["code"] for f in mcpvet.lint_config('{"\udcff": 1}')["files"][0]["findings"]]
    assert "MCP008" in codes, codes
    # bytes, bytearray and str give the same report.
    text = read("examples/claude_desktop_config.json")
    name = "claude_desktop_config.json"
    same = {
        mcpvet.lint_config_json(text, name),
        mcpvet.lint_config_json(bytearray(text), name),
        mcpvet.lint_config_json(text.decode("utf-8"), name),
    }
    assert len(same) == 1


def test_an_invalid_option_value_is_a_value_error():
    with pytest.raises(ValueError, match="notepad"):
        mcpvet.lint_config("{}", dialect="notepad")
    with pytest.raises(ValueError, match="1999-01-01"):
        mcpvet.lint_transcript("", protocol="1999-01-01")
    with pytest.raises(ValueError, match="yaml-ish"):
        mcpvet.lint_transcript("", input_format="yaml-ish")
    with pytest.raises(ValueError, match="emacs"):
        mcpvet.lint_server("{}", target=["openai", "emacs"])
    with pytest.raises(ValueError, match="unknown kind `yaml`"):
        mcpvet.inspect("{}", kind="yaml")


def test_a_wrong_argument_type_is_a_type_error():
    with pytest.raises(TypeError, match="bytes, bytearray or str, not int"):
        mcpvet.lint_config(42)
    with pytest.raises(TypeError, match="not NoneType"):
        mcpvet.lint_transcript_json(None)
    with pytest.raises(TypeError, match="file_name"):
        mcpvet.lint_config("{}", 3)
    with pytest.raises(TypeError, match="target"):
        mcpvet.lint_transcript("", target=7)
    with pytest.raises(TypeError):
        mcpvet.lint_config("{}", dialect=["vscode"])
    with pytest.raises(TypeError):
        mcpvet.lint_config("{}", utf16_columns="yes")
    with pytest.raises(TypeError):
        mcpvet.inspect("{}", kind=None)
    with pytest.raises(TypeError):
        mcpvet.lint_config("{}", "a.json", "vscode", "extra")


def test_bad_input_is_a_finding_never_an_exception():
    report = mcpvet.lint_config("{ this is not json")
    assert any(f["code"] == "MCP001" for f in report["files"][0]["findings"])
    rng = random.Random(21)
    pieces = [b"{", b"}", b"[", b"]", b'"', b":", b",", b"\n", b"\\u", b"\xff", b"\xc3",
              b'{"jsonrpc":"2.0","id":1,"method":"initialize"}', b"null", b"mcpServers"]
    for _ in range(200):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 40)))
        for kind in ("auto", "config", "transcript", "server"):
            report = mcpvet.inspect(data, "fuzz.jsonl", kind=kind)
            assert report["version"] == 1
            assert len(report["files"]) == 1
    assert mcpvet.lint_transcript(b"")["files"][0]["kind"] == "transcript"


def test_no_report_holds_a_secret():
    token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    config = json.dumps({"mcpServers": {"gh": {"command": "npx", "env": {"GITHUB_TOKEN": token}}}})
    out = mcpvet.lint_config_json(config, "claude_desktop_config.json")
    assert "MCP3" in out
    assert token not in out and token[8:] not in out


def test_the_rule_catalog_is_the_command_lines():
    expected = cli("rules", "--format", "json")
    assert mcpvet.rules_json() == expected
    assert mcpvet.rules() == json.loads(expected)["rules"]
    assert len(mcpvet.rules()) > 100


def test_the_version_is_the_command_lines():
    assert re.fullmatch(r"\d+\.\d+\.\d+", mcpvet.__version__)
    assert cli("--version").split() == ["mcpvet", mcpvet.__version__]


def _session(pairs: int) -> bytes:
    """A valid session of `pairs` tools/call requests and results after the handshake."""
    lines = [
        '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
        '"capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
        '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":'
        '{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}',
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","inputSchema":{"type":'
        '"object","properties":{"text":{"type":"string"}},"required":["text"]}}]}}',
    ]
    for i in range(2, pairs + 2):
        lines.append(
            f'{{"jsonrpc":"2.0","id":{i},"method":"tools/call","params":{{"name":"echo",'
            f'"arguments":{{"text":"message {i} é"}}}}}}'
        )
        lines.append(
            f'{{"jsonrpc":"2.0","id":{i},"result":{{"content":[{{"type":"text",'
            f'"text":"message {i} é"}}]}}}}'
        )
    return ("\n".join(lines) + "\n").encode("utf-8")


def test_threads_get_the_same_reports_as_one_thread():
    inputs = [(file, read(file)) for file in [*SESSIONS, *CONFIGS[:3], *SERVERS]] * 6
    expected = [mcpvet.inspect_json(data, file) for file, data in inputs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda item: mcpvet.inspect_json(item[1], item[0]), inputs))
    assert got == expected
    assert len(set(got)) == len(SESSIONS) + 3 + len(SERVERS)


def _longest_stall(call) -> float:
    """The longest time this thread could not run while another thread ran `call`, in
    seconds: a loop here notes every pause between two of its steps, the other thread when
    the call started and ended."""
    span = []
    done = threading.Event()

    def work():
        span.append(time.perf_counter())
        call()
        span.append(time.perf_counter())
        done.set()

    pauses = []
    worker = threading.Thread(target=work)
    last = time.perf_counter()
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        if now - last > 0.001:
            pauses.append((last, now))
        last = now
    worker.join()
    start, end = span
    return max((min(b, end) - max(a, start) for a, b in pauses), default=0.0)


def _timed(call) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def test_the_engine_runs_without_the_gil():
    # While one thread is inside the engine on a large session, another Python thread keeps
    # running. A call that holds the GIL stops it for the whole call: json.loads shows it, as
    # a control. Both inputs grow until a call takes 0.3 s or more.
    pairs = 1_000
    while True:
        data = _session(pairs)
        alone = _timed(lambda: mcpvet.lint_transcript_json(data, "big.jsonl"))
        if alone >= 0.3 or pairs >= 512_000:
            break
        pairs *= 2
    report = mcpvet.lint_transcript(data, "big.jsonl")
    assert report["files"][0]["summary"]["errors"] == 0, report["files"][0]["findings"][:3]
    assert report["files"][0]["summary"]["requests"] == pairs + 2

    items = 50_000
    while True:
        text = json.dumps([{"id": i, "text": "message"} for i in range(items)])
        control_alone = _timed(lambda: json.loads(text))
        if control_alone >= 0.3 or items >= 6_400_000:
            break
        items *= 2

    # The least of three: a held GIL stalls every run; a busy machine may stall one.
    stall = min(
        _longest_stall(lambda: mcpvet.lint_transcript_json(data, "big.jsonl")) for _ in range(3)
    )
    control = _longest_stall(lambda: json.loads(text))
    assert control > control_alone / 3, (
        f"the control stalled this thread {control:.3f} s of {control_alone:.3f} s: "
        "the measure cannot tell"
    )
    assert stall < alone / 4, f"the engine stalled this thread {stall:.3f} s of {alone:.3f} s"


def test_the_stub_declares_every_public_function():
    package = Path(mcpvet.__file__).parent
    assert (package / "py.typed").is_file()
    stub = ast.parse((package / "__init__.pyi").read_text(encoding="utf-8"))
    declared = {node.name for node in stub.body if isinstance(node, ast.FunctionDef)}
    public = {name for name in mcpvet.__all__ if name != "__version__"}
    assert declared == public
    for name in public:
        assert callable(getattr(mcpvet, name)), name
        assert getattr(mcpvet, name).__doc__, f"{name} has no docstring"
