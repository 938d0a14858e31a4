"""The real server for end-to-end tests: `fitcoach serve` as a subprocess on a free port, temp SQLite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from .browser import free_port


class LiveServer:
    """One `fitcoach serve` process with its own database; stop() and start() keep port and data."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "server.log"
        self.env = {
            **os.environ,
            "FITCOACH_DATABASE_URL": f"sqlite:///{workdir / 'fitcoach.db'}",
            "FITCOACH_PROVIDER": "offline",
        }
        self._process: subprocess.Popen[bytes] | None = None

    def cli(self, *args: str, stdin: str | None = None) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "fitcoach", *args],
            cwd=self.workdir,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, f"fitcoach {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
        return done.stdout

    def create_user(self, name: str) -> dict[str, Any]:
        user: dict[str, Any] = json.loads(self.cli("user", "create", name))
        return user

    def start(self) -> None:
        with self.log_path.open("ab") as log:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "fitcoach", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=self.workdir,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while True:
            if self._process.poll() is not None:
                raise RuntimeError(f"fitcoach serve exited early:\n{self.log_path.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"fitcoach serve did not answer within 60 s:\n{self.log_path.read_text()}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(timeout=15)
        self._process = None

    def api(self, token: str) -> httpx.Client:
        return httpx.Client(base_url=self.url, headers={"Authorization": f"Bearer {token}"}, timeout=30)
