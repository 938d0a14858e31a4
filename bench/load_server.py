"""What the load benchmark runs against: `fitcoach serve` as a child process, and a throwaway database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType

import httpx
import psycopg
from sqlalchemy.engine import make_url

from fitcoach.storage.db import normalize_url

BENCH_ENV = {
    "FITCOACH_PROVIDER": "offline",
    # A capacity test, not a rate-limit test: 50 users in a closed loop would exceed any per-user limit.
    "FITCOACH_CHAT_RATE_PER_MINUTE": "1000000",
}


@contextmanager
def throwaway_postgres(base_url: str) -> Iterator[str]:
    admin = make_url(normalize_url(base_url)).set(drivername="postgresql")
    conninfo = admin.render_as_string(hide_password=False)
    name = f"fitcoach_load_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class Server:
    """`fitcoach serve --workers N` on a free port, stopped (its whole process group) on exit."""

    def __init__(self, database_url: str, *, workers: int, log: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        self.database_url = database_url
        self.workers = workers
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Server:
        env = {**os.environ, **BENCH_ENV, "FITCOACH_DATABASE_URL": self.database_url}
        command = [sys.executable, "-m", "fitcoach", "serve", "--port", str(self.port)]
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [*command, "--workers", str(self.workers)],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(self.log.read_text(errors="replace")[-2000:])
            try:
                if httpx.get(f"{self.base_url}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError("fitcoach serve did not become healthy")

    def __exit__(
        self, _type: type[BaseException] | None, _exc: BaseException | None, _tb: TracebackType | None
    ) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
