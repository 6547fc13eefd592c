"""Fixtures of the Python package's tests (shared functions: support.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import shared_dir


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared test data (../shared beside the repository, or MCPVET_SHARED)."""
    found = shared_dir()
    if found is None:
        pytest.skip("shared test data absent (../shared or MCPVET_SHARED): skipped")
    return found
