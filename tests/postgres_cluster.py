"""A throwaway PostgreSQL server for the test session: initdb, pg_ctl, a free loopback port."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg

BINARIES = ("initdb", "pg_ctl", "postgres")
SUPERUSER = "postgres"
#: Ports tried before giving up (each a fresh free one).
START_ATTEMPTS = 5


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; the machine's `postgres` account runs it then.
    if os.geteuid() == 0:
        return ["runuser", "-u", SUPERUSER, "--", *command]
    return command


def _initdb(data: Path) -> None:
    command = ["initdb", "-D", str(data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8"]
    command += ["--no-sync", "--locale", "C"]
    subprocess.run(_as_server_user(command), check=True, capture_output=True)


def _pg_ctl_start(folder: Path, port: int) -> list[str]:
    options = (
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c full_page_writes=off -c synchronous_commit=off -c max_connections=100"
    )
    log = str(folder / "server.log")
    data = str(folder / "data")
    return ["pg_ctl", "-D", data, "-o", options, "-l", log, "-w", "-t", "60", "start"]


def _port_clash(log: str) -> bool:
    """Whether the server's log says its port (or the socket file named after it) was taken."""
    return "could not bind" in log or "already in use" in log or "lock file" in log


@dataclass
class PostgresCluster:
    """A running PostgreSQL cluster in a temporary folder."""

    folder: Path
    port: int

    @staticmethod
    def missing_binaries() -> list[str]:
        return [name for name in BINARIES if shutil.which(name) is None]

    @classmethod
    def start(cls) -> PostgresCluster:
        """initdb once, then start the server on a free port; should another server take
        that port between our probe and our start, try the next free one."""
        folder = Path(tempfile.mkdtemp(prefix="papershelf-pg-"))
        if os.geteuid() == 0:
            shutil.chown(folder, SUPERUSER)
        _initdb(folder / "data")
        for attempt in range(1, START_ATTEMPTS + 1):
            port = _free_port()
            (folder / "server.log").unlink(missing_ok=True)  # this attempt's words only
            started = subprocess.run(
                _as_server_user(_pg_ctl_start(folder, port)), capture_output=True, check=False
            )
            if started.returncode == 0:
                return cls(folder, port)
            log = (folder / "server.log").read_text(errors="replace")
            if attempt == START_ATTEMPTS or not _port_clash(log):
                shutil.rmtree(folder, ignore_errors=True)
                raise RuntimeError(f"PostgreSQL did not start on port {port}:\n{log}")
        raise AssertionError("unreachable")

    def stop(self) -> None:
        subprocess.run(
            _as_server_user(["pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop"]),
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def _admin(self) -> psycopg.Connection:
        return psycopg.connect(
            host="127.0.0.1", port=self.port, user=SUPERUSER, dbname="postgres", autocommit=True
        )

    def create(self, name: str, *, template: str | None = None) -> None:
        """Create the database `name`: empty, or a copy of the database `template`."""
        copying = f' TEMPLATE "{template}"' if template else ""
        with self._admin() as admin:
            admin.execute(f'CREATE DATABASE "{name}"{copying}')

    @contextlib.contextmanager
    def database(self, *, template: str | None = None) -> Iterator[str]:
        """A new database, empty or a copy of `template`, dropped afterwards; yields its
        SQLAlchemy URL."""
        name = f"test_{uuid.uuid4().hex[:12]}"
        self.create(name, template=template)
        try:
            yield self.url(name)
        finally:
            with self._admin() as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
