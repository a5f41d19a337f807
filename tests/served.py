"""`sanma serve` run as a person runs it, for the tests: the real command in its own process, on a
free port of 127.0.0.1, with a known token; requests through the standard library's HTTP client."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

from spawned import interruptible

TOKEN = "test-token"


class Served:
    def __init__(self, record: Path, *args: str, token: str = TOKEN, env: dict | None = None,
                 cwd: Path | None = None) -> None:
        """`env`: more of the environment, e.g. small bounds (SANMA_BOUND_..., calc/core/bounds.py);
        `cwd`: the folder it runs in (default beside the record, which it names as a person types it)."""
        self.record = record
        self.token = token
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        named = record.name if cwd is None else os.path.relpath(record, cwd)
        self.process = subprocess.Popen([sys.executable, "-m", "calc", "serve", named, "--port", "0",
                                         "--token", token, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, env=env, cwd=cwd or record.parent,
                                        preexec_fn=interruptible)
        self.printed: list[str] = []
        for line in self.process.stdout:
            self.printed.append(line.rstrip("\n"))
            if line.startswith("Every request needs the token"):
                break
        else:
            raise AssertionError(f"sanma serve did not start: {self.process.stderr.read()}")
        self.link = re.search(r"http://127\.0\.0\.1:\d+/\?token=\S+", "\n".join(self.printed)).group(0)
        self.base = self.link.split("/?")[0]
        # what it prints while serving (a line per hand) is read as it comes: a full pipe would stall it
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.printed.append(line.rstrip("\n"))

    def request(self, method: str, path: str, body=None, *, auth: bool = True, headers: dict | None = None,
                raw: bytes | None = None) -> tuple[int, object, dict]:
        """(status, the JSON answer or the text, the headers with lower-case names)."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers or {})
        if data is not None and "Content-Type" not in (headers or {}):
            request.add_header("Content-Type", "application/json")
        if auth:
            request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, text, got = response.status, response.read().decode(), dict(response.headers.items())
        except urllib.error.HTTPError as error:
            status, text, got = error.code, error.read().decode(), dict(error.headers.items())
        got = {key.lower(): value for key, value in got.items()}
        is_json = "json" in got.get("content-type", "")
        return status, json.loads(text) if is_json and text else text, got

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, as a person stops it: (exit code, what it printed after starting)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=30)
        self.reader.join(timeout=10)
        return self.process.returncode, "\n".join(self.printed) + "\n" + self.process.stderr.read()

    def __enter__(self) -> "Served":
        return self

    def __exit__(self, *exc) -> None:
        if self.process.poll() is None:  # a test that failed midway leaves no server behind
            self.stop()

    def kill(self) -> None:
        self.process.kill()  # SIGKILL: no clean-up at all
        self.process.wait(timeout=30)
