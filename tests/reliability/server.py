"""`fitcoach serve` as a real child process for tests that kill it: start, wait until healthy, SIGKILL."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

START_TIMEOUT_S = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """One `fitcoach serve` on a free port against `database_url`, in its own process group so a
    SIGKILL reaches every worker it forked."""

    def __init__(self, database_url: str, *, log_dir: Path, workers: int = 1) -> None:
        self.database_url = database_url
        self.log_dir = log_dir
        self.workers = workers
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.starts += 1
        env = {
            **os.environ,
            "FITCOACH_DATABASE_URL": self.database_url,
            "FITCOACH_PROVIDER": "offline",
            "FITCOACH_CHAT_RATE_PER_MINUTE": "100000",
        }
        log = (self.log_dir / f"server-{self.starts}.log").open("wb")
        command = [sys.executable, "-m", "fitcoach", "serve", "--port", str(self.port)]
        command += ["--workers", str(self.workers)]
        self.process = subprocess.Popen(
            command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        self._wait_healthy()

    def _wait_healthy(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"fitcoach serve exited with {self.process.returncode}: {self.log_tail()}")
            try:
                if httpx.get(f"{self.base_url}/api/health", timeout=1.0).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"fitcoach serve did not become healthy: {self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL the whole process group: no shutdown hooks, no flushing, like a crash of the process."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.process = None

    def log_tail(self, chars: int = 2000) -> str:
        path = self.log_dir / f"server-{self.starts}.log"
        return path.read_text(errors="replace")[-chars:] if path.exists() else ""
