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


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; the machine's `postgres` account runs it then.
    if os.geteuid() == 0:
        return ["runuser", "-u", SUPERUSER, "--", *command]
    return command


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
        folder = Path(tempfile.mkdtemp(prefix="papershelf-pg-"))
        if os.geteuid() == 0:
            shutil.chown(folder, SUPERUSER)
        data = folder / "data"
        port = _free_port()
        subprocess.run(
            _as_server_user(
                [
                    "initdb",
                    "-D",
                    str(data),
                    "-U",
                    SUPERUSER,
                    "-A",
                    "trust",
                    "-E",
                    "UTF8",
                    "--no-sync",
                    "--locale",
                    "C",
                ]
            ),
            check=True,
            capture_output=True,
        )
        options = (
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c full_page_writes=off -c synchronous_commit=off -c max_connections=100"
        )
        subprocess.run(
            _as_server_user(
                [
                    "pg_ctl",
                    "-D",
                    str(data),
                    "-o",
                    options,
                    "-l",
                    str(folder / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )
        return cls(folder, port)

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

    @contextlib.contextmanager
    def database(self) -> Iterator[str]:
        """A new empty database, dropped afterwards; yields its SQLAlchemy URL."""
        name = f"test_{uuid.uuid4().hex[:12]}"
        with self._admin() as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield self.url(name)
        finally:
            with self._admin() as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
