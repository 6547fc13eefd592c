"""Shared functions of the Python package's tests: the repository, the command line, the data.

MCPVET_BIN names the mcpvet binary the reports are compared with (default: target/debug/mcpvet
of the repository); MCPVET_SHARED the shared test data (default: ../shared beside the
repository), whose tests say "skipped" when it is absent.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parents[3]


def target_dir() -> Path:
    target = Path(os.environ.get("CARGO_TARGET_DIR", "target"))
    return target if target.is_absolute() else ROOT / target


BIN = Path(os.environ.get("MCPVET_BIN", target_dir() / "debug" / "mcpvet"))


def shared_dir() -> Optional[Path]:
    """The shared test data, or None when it is absent."""
    shared = Path(os.environ.get("MCPVET_SHARED", ROOT.parent / "shared"))
    return shared if shared.is_dir() else None


def cli(*args: str, cwd: Path = ROOT) -> str:
    """Runs the binary (in the repository's root by default); returns its standard output."""
    assert BIN.exists(), f"{BIN} is missing: cargo build -p mcpvet"
    run = subprocess.run(
        [str(BIN), *args], cwd=cwd, capture_output=True, check=False
    )
    assert run.returncode in (0, 1), (
        f"mcpvet {' '.join(args)} exited {run.returncode}: {run.stderr.decode(errors='replace')}"
    )
    return run.stdout.decode("utf-8")


def files(directory: str, suffixes: tuple) -> List[str]:
    """Every file under `directory` (relative to the root) ending in one of `suffixes`,
    as sorted relative POSIX paths."""
    found = [
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / directory).rglob("*")
        if p.is_file() and p.name.endswith(suffixes)
    ]
    return sorted(found)


def read(relative: str) -> bytes:
    return (ROOT / relative).read_bytes()
