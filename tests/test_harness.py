"""The test harness itself: installing Debian packages beside another apt-get, and the
throwaway PostgreSQL cluster beside another server on the machine."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
from pathlib import Path

import postgres_cluster
import pytest
from postgres_cluster import PostgresCluster

REPO = Path(__file__).resolve().parent.parent
SYSTEM_DEPS = REPO / ".ci" / "system-deps"


def _fake_program(folder: Path, name: str, script: str) -> None:
    path = folder / name
    path.write_text("#!/usr/bin/env bash\n" + script)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _run_system_deps(tmp_path: Path, apt_get: str) -> subprocess.CompletedProcess[str]:
    """system-deps with one missing package, as root, and `apt-get` replaced by `apt_get`."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _fake_program(bin_dir, "dpkg", "exit 1\n")  # every package is missing
    _fake_program(bin_dir, "id", "echo 0\n")  # as root
    _fake_program(bin_dir, "apt-get", apt_get)
    packages = tmp_path / "packages"
    packages.write_text("# a comment\nsome-package\n")
    env = {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "PAPERSHELF_DEBIAN_PACKAGES": str(packages),
        "PAPERSHELF_APT_LOCK_POLL": "0.1",
        "PAPERSHELF_APT_LOCK_WAIT": "30",
        "CALLS": str(tmp_path / "calls"),
    }
    return subprocess.run(
        ["bash", str(SYSTEM_DEPS)], env=env, capture_output=True, text=True, timeout=60
    )


# apt-get as it answers while another one runs: the first two calls find the lock taken.
BUSY_TWICE = """\
echo "$*" >> "$CALLS"
calls=$(wc -l < "$CALLS")
if [ "$calls" -le 2 ]; then
    echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
    exit 100
fi
exit 0
"""


def test_system_deps_waits_for_the_package_managers_lock(tmp_path: Path) -> None:
    done = _run_system_deps(tmp_path, BUSY_TWICE)
    assert done.returncode == 0, done.stderr
    calls = (tmp_path / "calls").read_text().splitlines()
    assert len(calls) == 4  # update refused twice, then update and install
    assert "update" in calls[2]
    assert "install" in calls[3] and "some-package" in calls[3]
    assert all("DPkg::Lock::Timeout=" in call for call in calls)


def test_system_deps_fails_at_once_on_another_error(tmp_path: Path) -> None:
    broken = (
        'echo "$*" >> "$CALLS"\necho "E: Unable to locate package some-package" >&2\nexit 100\n'
    )
    done = _run_system_deps(tmp_path, broken)
    assert done.returncode != 0
    assert len((tmp_path / "calls").read_text().splitlines()) == 1
    assert "Unable to locate package" in done.stderr


@pytest.mark.postgres
def test_the_cluster_moves_to_another_port_when_its_first_is_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if PostgresCluster.missing_binaries():
        pytest.skip("PostgreSQL server programs not found")
    # Someone else listens on the port the cluster picks first (a second cluster, started
    # between our probe and our server's start).
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", 0))
    squatter.listen()
    taken = squatter.getsockname()[1]
    offered = iter([taken])
    real_free_port = postgres_cluster._free_port
    monkeypatch.setattr(
        postgres_cluster, "_free_port", lambda: next(offered, None) or real_free_port()
    )
    try:
        cluster = PostgresCluster.start()
    finally:
        squatter.close()
    try:
        assert cluster.port != taken
        with cluster.database() as url:
            assert url.startswith("postgresql")
    finally:
        cluster.stop()
