"""Inspect a fleet's captured MCP sessions with Apache Spark and the mcpvet Python package.

Reads every session file under INPUT (a folder, or a URI such as s3a://bucket/captures/ or
hdfs:///captures/) with Spark's `binaryFile` source, inspects each file in a `mapInArrow`
function with `mcpvet.lint_transcript` (one call per file, on the executors), and writes
Parquet under OUTPUT:

  sessions/        one row per session file: server, size, modification time, protocol,
                   capture format, phase reached, last event, tools digest, counts (messages,
                   requests, responses, notifications, unpaired ids, errors, warnings, infos,
                   findings), the CPU time of its inspection (`cpu_ms`), and why a file was
                   not inspected (`skipped`, null when it was)
  findings/        one row per finding: file, server, code, rule, severity, line, column, JSON
                   path, message (secrets are masked by the engine: no row holds one)
  top_codes/       the second query: the most frequent codes, with the sessions they hit
  digest_changes/  the second query: every session of a server whose sessions show more than
                   one tools digest (see below)

and prints the two results of the second query.

A session's *server* is taken from its path with --server-pattern (a regular expression whose
first group is the server; by default the name of the folder holding the file, for a layout
such as captures/<server>/<session>.jsonl). A server's tool interface *changed* when its
inspected sessions show more than one distinct `tools_digest` (the SHA-256 of the advertised
tools; sessions that listed no tools have none and are left out): `digest_changes` lists every
session of such a server with its digest, how many of the server's sessions share it, and the
server's number of distinct digests, oldest file first.

Usage (local mode; on a cluster see docs/fleet.md):

  spark-submit --master 'local[*]' examples/spark/inspect_sessions.py captures/ out/
  spark-submit ... examples/spark/inspect_sessions.py s3a://bucket/captures/ s3a://bucket/mcpvet/ \\
      --protocol 2025-06-18 --glob '*.jsonl'

s3a:// needs the hadoop-aws package of the cluster's Hadoop version (and its credentials
set up as usual for the cluster), e.g. `--packages org.apache.hadoop:hadoop-aws:3.4.1`.
Each file is read whole into one row: files over --max-file-bytes (default 256 MiB; Spark's
binaryFile source takes at most 2 GiB) are not inspected here but listed in `sessions` with
the reason; `mcpvet transcript` inspects such captures as a stream.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any, Dict, Iterator, List, Optional

import pyarrow as pa

FINDING = pa.struct(
    [
        ("code", pa.string()),
        ("rule", pa.string()),
        ("severity", pa.string()),
        ("line", pa.int64()),
        ("column", pa.int64()),
        ("path", pa.string()),
        ("message", pa.string()),
    ]
)

COUNTS = [
    "messages",
    "requests",
    "responses",
    "notifications",
    "unpaired_ids",
    "errors",
    "warnings",
    "infos",
]

# What the inspecting function returns: one row per file, its findings nested (the job then
# writes the sessions without them, and the findings exploded, one row each).
INSPECTED = pa.schema(
    [
        ("file", pa.string()),
        ("bytes", pa.int64()),
        ("modified", pa.timestamp("us", tz="UTC")),
        ("kind", pa.string()),
        ("input_format", pa.string()),
        ("protocol", pa.string()),
        ("protocol_detected_by", pa.string()),
        ("phase_reached", pa.string()),
        ("last_event", pa.string()),
        ("tools_digest", pa.string()),
        *[(name, pa.int64()) for name in COUNTS],
        ("cpu_ms", pa.float64()),
        ("skipped", pa.string()),
        ("findings", pa.list_(FINDING)),
    ]
)

INSPECTED_DDL = ", ".join(
    [
        "file string",
        "bytes bigint",
        "modified timestamp",
        "kind string",
        "input_format string",
        "protocol string",
        "protocol_detected_by string",
        "phase_reached string",
        "last_event string",
        "tools_digest string",
        *[f"{name} bigint" for name in COUNTS],
        "cpu_ms double",
        "skipped string",
        "findings array<struct<code: string, rule: string, severity: string, line: bigint, "
        "column: bigint, path: string, message: string>>",
    ]
)


def session_row(
    file: str, size: int, modified: Any, report: Dict[str, Any], cpu_ms: float
) -> Dict[str, Any]:
    """The row of one inspected file, from its mcpvet report and the CPU time it took."""
    entry = report["files"][0]
    summary = entry.get("summary") or {}
    protocol = entry.get("protocol") or {}
    phase = entry.get("phase") or {}
    input_format = entry.get("input_format") or {}
    row: Dict[str, Any] = {
        "file": file,
        "bytes": size,
        "modified": modified,
        "kind": entry.get("kind"),
        "input_format": input_format.get("name"),
        "protocol": protocol.get("version"),
        "protocol_detected_by": protocol.get("detected_by"),
        "phase_reached": phase.get("reached"),
        "last_event": phase.get("last_event"),
        "tools_digest": entry.get("tools_digest"),
        "cpu_ms": cpu_ms,
        "skipped": None,
        "findings": [
            {
                "code": f["code"],
                "rule": f.get("rule"),
                "severity": f["severity"],
                "line": f.get("line"),
                "column": f.get("column"),
                "path": f.get("path"),
                "message": f["message"],
            }
            for f in entry["findings"]
        ],
    }
    for name in COUNTS:
        row[name] = summary.get(name)
    return row


def skipped_row(file: str, size: int, modified: Any, reason: str) -> Dict[str, Any]:
    """The row of a file that was not inspected, and why."""
    row: Dict[str, Any] = {name: None for name in INSPECTED.names}
    row.update(file=file, bytes=size, modified=modified, skipped=reason, findings=[])
    return row


def inspect_batches(
    batches: Iterator[pa.RecordBatch], protocol: Optional[str]
) -> Iterator[pa.RecordBatch]:
    """The mapInArrow function: each batch of (path, length, modificationTime, content)
    rows becomes a batch of INSPECTED rows, one mcpvet call per file."""
    import mcpvet  # on the executor

    for batch in batches:
        # The modification time keeps the Arrow type Spark gave it (its session time zone).
        schema = INSPECTED.set(
            INSPECTED.get_field_index("modified"),
            pa.field("modified", batch.schema.field("modificationTime").type),
        )
        paths = batch.column("path").to_pylist()
        sizes = batch.column("length").to_pylist()
        times = batch.column("modificationTime").to_pylist()
        contents = batch.column("content")
        rows: List[Dict[str, Any]] = []
        for i, path in enumerate(paths):
            data = contents[i].as_py()
            if data is None:
                rows.append(skipped_row(path, sizes[i], times[i], "no content"))
                continue
            cpu = time.thread_time()
            try:
                report = mcpvet.lint_transcript(data, path, protocol)
            except ValueError as error:  # an input over 4 GiB, the one thing it refuses
                rows.append(skipped_row(path, sizes[i], times[i], str(error)))
                continue
            cpu_ms = (time.thread_time() - cpu) * 1000
            rows.append(session_row(path, sizes[i], times[i], report, cpu_ms))
        yield pa.RecordBatch.from_pylist(rows, schema=schema)


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="inspect_sessions.py",
        description="Inspect captured MCP sessions with mcpvet on Spark; write Parquet.",
    )
    parser.add_argument("input", help="folder or URI of the session files (s3a://, hdfs://, file:)")
    parser.add_argument("output", help="folder or URI for the Parquet tables")
    parser.add_argument(
        "--protocol",
        help="protocol version to check every session against (default: detected per session)",
    )
    parser.add_argument(
        "--glob", help="only files whose name matches this pattern (e.g. '*.jsonl')"
    )
    parser.add_argument(
        "--server-pattern",
        default=r"([^/]+)/[^/]+$",
        help="regular expression on the file's URI whose first group is the session's server "
        "(default: the folder holding the file)",
    )
    parser.add_argument(
        "--max-file-bytes",
        type=int,
        default=256 << 20,
        help="files larger than this are listed, not inspected (default 256 MiB)",
    )
    parser.add_argument(
        "--batch-rows",
        type=int,
        default=64,
        help="files per Arrow batch handed to Python (bounds memory: rows x file size)",
    )
    parser.add_argument("--top", type=int, default=20, help="codes shown by the second query")
    parser.add_argument(
        "--passes",
        type=int,
        default=1,
        help="inspect the files this many times and keep the last pass (for timing: the first "
        "pass also starts the Python workers and warms the JVM up)",
    )
    parser.add_argument(
        "--overwrite", action="store_true", help="replace the tables if they exist"
    )
    parser.add_argument(
        "--metrics", help="write the job's counts and timings as JSON to this local file"
    )
    args = parser.parse_args(argv)
    if args.passes < 1 or args.batch_rows < 1 or args.max_file_bytes < 0:
        parser.error("--passes and --batch-rows take 1 or more, --max-file-bytes 0 or more")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    if args.protocol is not None:
        try:  # fail on the driver, at once, rather than in every task
            import mcpvet

            mcpvet.lint_transcript(b"", protocol=args.protocol)
        except ImportError:
            pass
        except ValueError as error:
            print(f"inspect_sessions.py: --protocol: {error}", file=sys.stderr)
            return 2

    from pyspark import StorageLevel
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    from pyspark.sql.window import Window

    spark = SparkSession.builder.appName("mcpvet inspect sessions").getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(args.batch_rows))
    mode = "overwrite" if args.overwrite else "errorifexists"
    started = time.perf_counter()

    reader = spark.read.format("binaryFile").option("recursiveFileLookup", "true")
    if args.glob:
        reader = reader.option("pathGlobFilter", args.glob)
    files = reader.load(args.input)
    # The length filter is pushed down to the file listing: large files are never read.
    small = files.filter(F.col("length") <= args.max_file_bytes)
    large = files.filter(F.col("length") > args.max_file_bytes).select(
        "path", "length", "modificationTime"
    )
    protocol = args.protocol
    inspected = small.select("path", "length", "modificationTime", "content").mapInArrow(
        lambda batches: inspect_batches(batches, protocol), INSPECTED_DDL
    )
    too_large = large.select(
        F.col("path").alias("file"),
        F.col("length").alias("bytes"),
        F.col("modificationTime").alias("modified"),
        *[F.lit(None).cast("string").alias(c) for c in INSPECTED.names[3:10]],
        *[F.lit(None).cast("bigint").alias(c) for c in COUNTS],
        F.lit(None).cast("double").alias("cpu_ms"),
        F.lit(
            f"larger than --max-file-bytes ({args.max_file_bytes}): inspect it with "
            "`mcpvet transcript`, which streams large captures"
        ).alias("skipped"),
        F.array()
        .cast(
            "array<struct<code: string, rule: string, severity: string, line: bigint, "
            "column: bigint, path: string, message: string>>"
        )
        .alias("findings"),
    )
    server = F.regexp_extract(F.col("file"), args.server_pattern, 1)
    pass_seconds = []
    for number in range(args.passes):
        pass_started = time.perf_counter()
        result = (
            inspected.unionByName(too_large)
            .withColumn("server", server)
            .persist(StorageLevel.MEMORY_AND_DISK)
        )
        result.count()  # inspects every file (the cache is filled)
        pass_seconds.append(time.perf_counter() - pass_started)
        if number + 1 < args.passes:
            result.unpersist(blocking=True)
    inspected_at = time.perf_counter()

    sessions = result.withColumn("findings_count", F.size("findings")).drop("findings")
    sessions.write.mode(mode).parquet(f"{args.output}/sessions")
    findings = result.select(
        "file", "server", F.explode("findings").alias("f")
    ).select("file", "server", "f.*")
    findings.write.mode(mode).parquet(f"{args.output}/findings")
    written_at = time.perf_counter()

    # The second query, on the written tables.
    findings = spark.read.parquet(f"{args.output}/findings")
    sessions = spark.read.parquet(f"{args.output}/sessions")
    top_codes = (
        findings.groupBy("code", "severity")
        .agg(F.count("*").alias("findings"), F.countDistinct("file").alias("sessions"))
        .orderBy(F.desc("findings"), "code")
        .limit(args.top)
    )
    top_codes.write.mode(mode).parquet(f"{args.output}/top_codes")
    with_digest = sessions.filter(
        F.col("tools_digest").isNotNull() & F.col("skipped").isNull()
    )
    per_server = Window.partitionBy("server")
    per_digest = Window.partitionBy("server", "tools_digest")
    digest_changes = (
        with_digest.select("server", "file", "modified", "tools_digest")
        .withColumn("server_digests", F.size(F.collect_set("tools_digest").over(per_server)))
        .withColumn("sessions_with_digest", F.count("*").over(per_digest))
        .filter(F.col("server_digests") > 1)
        .orderBy("server", "modified", "file")
    )
    digest_changes.write.mode(mode).parquet(f"{args.output}/digest_changes")
    finished = time.perf_counter()

    print(f"top {args.top} codes:")
    spark.read.parquet(f"{args.output}/top_codes").orderBy(
        F.desc("findings"), "code"
    ).show(args.top, truncate=False)
    changes = spark.read.parquet(f"{args.output}/digest_changes")
    changed_servers = changes.select("server").distinct().count()
    print(f"sessions of the {changed_servers} servers whose tools digest changed:")
    changes.orderBy("server", "modified", "file").show(50, truncate=False)

    totals = result.agg(
        F.count("*").alias("files"),
        F.sum(F.when(F.col("skipped").isNull(), 1).otherwise(0)).alias("inspected"),
        F.sum(F.when(F.col("skipped").isNull(), F.col("bytes")).otherwise(0)).alias("bytes"),
        F.sum(F.size("findings")).alias("findings"),
        F.sum("cpu_ms").alias("cpu_ms"),
    ).first()
    result.unpersist()
    cores = spark.sparkContext.defaultParallelism
    seconds = pass_seconds[-1]
    metrics = {
        "files": totals["files"],
        "inspected": totals["inspected"],
        "bytes": totals["bytes"] or 0,
        "findings": totals["findings"] or 0,
        "engine_cpu_seconds": (totals["cpu_ms"] or 0) / 1000,
        "cores": cores,
        "inspect_seconds": seconds,
        "pass_seconds": pass_seconds,
        "write_seconds": written_at - inspected_at,
        "query_seconds": finished - written_at,
        "total_seconds": finished - started,
    }
    print(
        f"inspected {metrics['inspected']} of {metrics['files']} files "
        f"({metrics['bytes'] / 1e6:.1f} MB, {metrics['findings']} findings) in {seconds:.1f} s "
        f"on {cores} cores: {metrics['inspected'] / seconds / cores:.1f} sessions/s per core; "
        f"tables written in {metrics['write_seconds']:.1f} s, second query "
        f"{metrics['query_seconds']:.1f} s"
    )
    if args.metrics:
        with open(args.metrics, "w", encoding="utf-8") as out:
            json.dump(metrics, out, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
