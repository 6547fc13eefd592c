"""The Spark job (examples/spark/inspect_sessions.py) in local mode against the command line.

A corpus of 2,000 generated sessions with injected defects (mcpvet-sessiongen; 100 servers of
20 sessions, every tenth server changing its tools for its last five sessions) is written to a
temporary folder, the job runs on it with spark-submit, and its Parquet tables must equal what
`mcpvet transcript --format json` reports on the same files: the same findings (file, code,
severity, line, column, JSON path, message), the same session facts, the same digest changes,
the same top codes, and no secret anywhere. It also measures sessions per second per core of
both. Run by scripts/test-python (after the wheel is installed):

    pytest -s crates/mcpvet_py/tests/test_spark_job.py

Needs pyspark (and pyarrow) in this Python and Java 17 or later on PATH; without them the test
is skipped, unless MCPVET_REQUIRE_SPARK=1 (scripts/test-python sets it), which makes it fail.
MCPVET_SESSIONGEN names the generator (default target/debug/mcpvet-sessiongen),
MCPVET_SPARK_SESSIONS the corpus size (default 2000, at least 2000 when required),
MCPVET_SPARK_CORES the local cores (default 2), MCPVET_SPARK_PASSES how many times the job
inspects the corpus (default 1; the figures are the last pass's: the first also starts the
Python workers), MCPVET_SPARK_METRICS a file for the figures.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from support import BIN, ROOT, target_dir

REQUIRED = os.environ.get("MCPVET_REQUIRE_SPARK") == "1"
SESSIONGEN = Path(
    os.environ.get("MCPVET_SESSIONGEN", target_dir() / "debug" / "mcpvet-sessiongen")
)
SESSIONS = int(os.environ.get("MCPVET_SPARK_SESSIONS", "2000"))
CORES = int(os.environ.get("MCPVET_SPARK_CORES", "2"))
PASSES = int(os.environ.get("MCPVET_SPARK_PASSES", "1"))
PER_SERVER = 20
CHANGED_FROM = 15  # sessions of a changing server from this index on have new tools
JOB = ROOT / "examples" / "spark" / "inspect_sessions.py"
TOKEN = re.compile(r"ghp_[A-Za-z0-9]{30,}")


def _missing() -> str:
    try:
        import pyarrow  # noqa: F401
        import pyspark  # noqa: F401
    except ImportError as error:
        return f"pyspark or pyarrow is missing ({error})"
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return "java is missing (Spark needs a JRE 17 or later)"
    if shutil.which("spark-submit", path=os.path.dirname(sys.executable)) is None:
        return "spark-submit is missing beside this Python"
    return ""


@pytest.fixture(scope="module")
def spark_ready():
    reason = _missing()
    if reason:
        if REQUIRED:
            pytest.fail(f"MCPVET_REQUIRE_SPARK=1 but {reason}")
        pytest.skip(f"{reason}: skipped")
    if REQUIRED:
        assert SESSIONS >= 2000, "the required run inspects at least 2,000 sessions"
    assert SESSIONGEN.exists(), f"{SESSIONGEN} is missing: cargo build -p mcpvet_sessiongen"
    assert BIN.exists(), f"{BIN} is missing: cargo build -p mcpvet"


def _generate(job):
    path, args, mtime = job
    run = subprocess.run(
        [str(SESSIONGEN), "--quiet", "-o", str(path), *args], capture_output=True, check=False
    )
    assert run.returncode == 0, run.stderr.decode(errors="replace")
    os.utime(path, (mtime, mtime))


@pytest.fixture(scope="module")
def corpus(spark_ready, tmp_path_factory):
    """The generated corpus: {server: [files]}, and the servers whose tools change."""
    root = tmp_path_factory.mktemp("sessions")
    servers = max(1, -(-SESSIONS // PER_SERVER))
    jobs = []
    layout = {}
    changing = set()
    base = 1_700_000_000
    for k in range(servers):
        server = f"server-{k:03d}"
        folder = root / server
        folder.mkdir()
        protocol = "2026-07-28" if k % 3 == 2 else "2025-11-25"
        framing = "trace" if k % 5 == 4 else "jsonl"
        layout[server] = []
        if k % 10 == 3:
            changing.add(server)
        for j in range(PER_SERVER):
            if k * PER_SERVER + j >= SESSIONS:
                break
            seed = k + 1 + (10_000 if server in changing and j >= CHANGED_FROM else 0)
            # The handshake and tools/list take about 20 kB: the defects land after them.
            size = 26_000 + ((j * 7_919 + k * 104_729) % 14_000)
            args = [
                "--protocol", protocol, "--seed", str(seed), "--size", str(size),
                "--inject-every", str(2 + (j + k) % 4), "--framing", framing,
            ]
            path = folder / f"session-{j:02d}.jsonl"
            jobs.append((path, args, base + k * 1_000 + j * 60))
            layout[server].append(path)
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(_generate, jobs))
    print(f"\ngenerated {len(jobs)} sessions in {time.perf_counter() - started:.1f} s")
    # Two files that are not sessions: findings, never a failure. (Spark's file sources skip
    # empty files: an empty one would have no row.)
    odd = root / "server-odd"
    odd.mkdir()
    (odd / "notes.md").write_text("# Bug report\n\nThe server did not start.\n")
    (odd / "broken.jsonl").write_bytes(b'{"jsonrpc": "2.0", \xff\xfe\n')
    layout["server-odd"] = [odd / "notes.md", odd / "broken.jsonl"]
    return root, layout, changing


def _cli_reports(paths):
    """{file: report entry} from one `mcpvet transcript --format json` over all files, with
    the wall and CPU seconds it took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    run = subprocess.run(
        # --no-cross-file: the job inspects each session on its own, as the command line
        # inspects one file; files given together would also be compared with one another.
        [str(BIN), "transcript", "--format", "json", "--no-cross-file", *map(str, paths)],
        capture_output=True, check=False,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert run.returncode in (0, 1), run.stderr.decode(errors="replace")[-2000:]
    report = json.loads(run.stdout)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {entry["path"]: entry for entry in report["files"]}, wall, cpu


def _local(uri: str) -> str:
    """The local path of a file: URI as Spark writes it."""
    return re.sub(r"^file:(//)?", "", uri)


def _table(path: Path):
    import pyarrow.parquet as pq

    return pq.read_table(path).to_pylist()


def test_the_spark_job_finds_what_the_command_line_finds(corpus, tmp_path):
    root, layout, changing = corpus
    paths = sorted(p for files in layout.values() for p in files)
    assert len(paths) >= SESSIONS

    expected, cli_wall, cli_cpu = _cli_reports(paths)
    assert len(expected) == len(paths)

    out = tmp_path / "out"
    metrics_file = tmp_path / "metrics.json"
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    started = time.perf_counter()
    run = subprocess.run(
        [
            os.path.join(os.path.dirname(sys.executable), "spark-submit"),
            "--master", f"local[{CORES}]",
            "--conf", "spark.ui.enabled=false",
            "--conf", "spark.sql.shuffle.partitions=4",
            # Opening a local file costs little: about 1,000 sessions per partition here,
            # rather than the 32 that the default (4 MiB per file opened) makes.
            "--conf", "spark.sql.files.openCostInBytes=65536",
            "--driver-memory", "2g",
            str(JOB), str(root), str(out), "--metrics", str(metrics_file),
            "--passes", str(PASSES),
        ],
        capture_output=True, env=env, cwd=tmp_path, check=False,
    )
    job_wall = time.perf_counter() - started
    stdout = run.stdout.decode(errors="replace")
    assert run.returncode == 0, stdout[-3000:] + run.stderr.decode(errors="replace")[-6000:]
    metrics = json.loads(metrics_file.read_text())
    assert metrics["files"] == len(paths) and metrics["inspected"] == len(paths), metrics
    assert "top 20 codes:" in stdout and "whose tools digest changed" in stdout, stdout

    # One row per finding, equal to the command line's findings.
    findings = _table(out / "findings")
    got = Counter(
        (_local(r["file"]), r["code"], r["severity"], r["line"], r["column"], r["path"],
         r["message"])
        for r in findings
    )
    want = Counter(
        (file, f["code"], f["severity"], f["line"], f["column"], f["path"], f["message"])
        for file, entry in expected.items()
        for f in entry["findings"]
    )
    assert sum(want.values()) >= SESSIONS, "the corpus has too few injected defects"
    assert got == want, (list((got - want).items())[:5], list((want - got).items())[:5])
    codes = Counter(key[1] for key in want.elements())
    assert len(codes) >= 5, codes
    with_findings = {key[0] for key in want}
    generated = [p for p in paths if p.parent.name != "server-odd"]
    assert len(with_findings & set(map(str, generated))) >= 0.9 * len(generated)

    # One row per session, with the report's facts.
    sessions = {_local(r["file"]): r for r in _table(out / "sessions")}
    assert set(sessions) == set(expected)
    for file, entry in expected.items():
        row = sessions[file]
        assert row["skipped"] is None, row
        assert row["cpu_ms"] >= 0, row
        assert row["server"] == Path(file).parent.name
        assert row["tools_digest"] == entry.get("tools_digest"), file
        assert row["phase_reached"] == entry["phase"]["reached"], file
        assert row["last_event"] == entry["phase"]["last_event"], file
        assert row["protocol"] == (entry["protocol"] or {}).get("version"), file
        assert row["input_format"] == entry["input_format"]["name"], file
        assert row["findings_count"] == len(entry["findings"]), file
        for name in ("messages", "requests", "responses", "errors", "warnings", "infos"):
            assert row[name] == entry["summary"].get(name), (file, name)

    # The second query: the sessions of servers whose tools digest changed...
    digests = {}
    for file, entry in expected.items():
        if entry.get("tools_digest"):
            digests.setdefault(Path(file).parent.name, set()).add(entry["tools_digest"])
    changed = {server for server, seen in digests.items() if len(seen) > 1}
    assert changed == changing, (changed, changing)
    changes = _table(out / "digest_changes")
    assert {(r["server"], _local(r["file"]), r["tools_digest"]) for r in changes} == {
        (Path(file).parent.name, file, entry["tools_digest"])
        for file, entry in expected.items()
        if Path(file).parent.name in changed
    }
    assert all(r["server_digests"] == 2 for r in changes)
    assert sorted(r["sessions_with_digest"] for r in changes if r["server"] == min(changed)) == (
        [PER_SERVER - CHANGED_FROM] * (PER_SERVER - CHANGED_FROM)
        + [CHANGED_FROM] * CHANGED_FROM
    )

    # ... and the top codes.
    per_code = Counter()
    sessions_per_code = {}
    for file, entry in expected.items():
        for f in entry["findings"]:
            per_code[(f["code"], f["severity"])] += 1
            sessions_per_code.setdefault((f["code"], f["severity"]), set()).add(file)
    top = _table(out / "top_codes")
    assert len(top) == min(20, len(per_code))
    for r in top:
        key = (r["code"], r["severity"])
        assert r["findings"] == per_code[key] and r["sessions"] == len(sessions_per_code[key])
    lowest = min(r["findings"] for r in top)
    shown = {(r["code"], r["severity"]) for r in top}
    assert all(n <= lowest for key, n in per_code.items() if key not in shown)

    # No secret in any table (the corpus has plaintext tokens on purpose).
    assert any(code.startswith("MCP3") for code in codes), codes
    generated_text = b"".join(p.read_bytes() for p in generated[:200])
    assert TOKEN.search(generated_text.decode("utf-8", "replace")), "no token was injected"
    for table in ("findings", "sessions", "top_codes", "digest_changes"):
        for row in _table(out / table):
            for value in row.values():
                assert not (isinstance(value, str) and TOKEN.search(value)), (table, row)

    # Sessions per second per core, the job against the command line.
    total_bytes = sum(p.stat().st_size for p in paths)
    figures = {
        "sessions": len(paths),
        "megabytes": round(total_bytes / 1e6, 1),
        "cli_seconds": round(cli_wall, 2),
        "cli_cpu_seconds": round(cli_cpu, 2),
        "cli_sessions_per_second_per_core": round(len(paths) / cli_wall, 1),
        "spark_cores": metrics["cores"],
        "spark_inspect_seconds": round(metrics["inspect_seconds"], 2),
        "spark_pass_seconds": [round(x, 2) for x in metrics["pass_seconds"]],
        "spark_sessions_per_second_per_core": round(
            len(paths) / metrics["inspect_seconds"] / metrics["cores"], 1
        ),
        "spark_engine_cpu_seconds": round(metrics["engine_cpu_seconds"], 2),
        "spark_sessions_per_engine_cpu_second": round(
            len(paths) / max(metrics["engine_cpu_seconds"], 1e-9), 1
        ),
        "cli_sessions_per_cpu_second": round(len(paths) / max(cli_cpu, 1e-9), 1),
        "spark_job_seconds": round(metrics["total_seconds"], 2),
        "spark_submit_seconds": round(job_wall, 2),
        "load_average": [round(x, 1) for x in os.getloadavg()],
    }
    print("\nspark job against the command line:", json.dumps(figures, indent=2))
    if os.environ.get("MCPVET_SPARK_METRICS"):
        Path(os.environ["MCPVET_SPARK_METRICS"]).write_text(json.dumps(figures, indent=2) + "\n")
