"""The attacks of docs/bad-input.md at full size, against the real command with its real bounds
(`make attacks`; the tests run the same ones small and fast). Each prints what it did and how long
it took, and the script exits 1 if any bound did not hold. Everything stays on 127.0.0.1 and in a
temporary folder. About two minutes: the dripping download alone waits out its minute.

    python tests/attacks.py [NAME ...]     (names: gzip alias merge digits nesting idle fetch)
"""

from __future__ import annotations

import http.client
import http.server
import json
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path

SANMA = [sys.executable, "-m", "calc"]
GAME = "2026011603gm-00b9-0000-36cf9559"
failures: list[str] = []


def check(ok: bool, what: str) -> None:
    print(f"  {'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failures.append(what)


def run(args: list[str], stdin: str = "", env: dict | None = None, limit_mb: int | None = None):
    """(exit code, output, seconds, the command's peak memory in MB)."""
    def cap() -> None:
        if limit_mb:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))

    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.monotonic()
    done = subprocess.run(SANMA + args, input=stdin, capture_output=True, text=True, preexec_fn=cap,
                          env={**os.environ, **(env or {})}, timeout=600)
    seconds = time.monotonic() - started
    peak = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) // 1024
    return done.returncode, done.stdout + done.stderr, seconds, peak


def one_line_error(output: str) -> bool:
    """One `Error: ` line (replay adds its summary line) and no traceback."""
    return sum(line.startswith("Error: ") for line in output.splitlines()) == 1 and "Traceback" not in output


def gzip_bomb(path: Path, gigabytes: int) -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    with path.open("wb") as out:
        out.write(packer.compress(b'{"log": ['))
        chunk = b" " * (1 << 20)
        for _ in range(gigabytes * 1024):
            out.write(packer.compress(chunk))
        out.write(packer.compress(b"]}") + packer.flush())


def attack_gzip(folder: Path) -> None:
    for gigabytes in (1, 3):
        bomb = folder / f"game{gigabytes}.json.gz"
        gzip_bomb(bomb, gigabytes)
        code, out, seconds, peak = run(["replay", str(bomb), "--workers", "1"], limit_mb=2048)
        print(f"gzip bomb {bomb.stat().st_size:,} bytes -> {gigabytes} GiB: exit {code}, {seconds:.1f} s, "
              f"peak {peak} MB")
        check(code == 1 and one_line_error(out) and "gzip bomb" in out, "replay refuses it in one line")
        check(peak < 300 and seconds < 10, "without unpacking it")


def alias_bomb(levels: int) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 9)}]" for k in range(1, levels + 1)]
    return "\n".join(lines) + "\nplayers: [A, B, C]\nhands: []\n"


def attack_alias(folder: Path) -> None:
    bomb = folder / "bomb.yaml"
    bomb.write_text(alias_bomb(9))
    for args in (["settle", str(bomb)], ["keep", str(bomb)]):
        code, out, seconds, peak = run(args, stdin="quit\n", limit_mb=1536)
        print(f"alias bomb (1.3 KB, 9 ** 9 values) to {args[0]}: exit {code}, {seconds:.1f} s, peak {peak} MB")
        check(code == 1 and one_line_error(out) and "aliases are expanded" in out and seconds < 5,
              f"{args[0]} refuses it before expanding it")


def attack_merge(folder: Path) -> None:
    lines = ["m0: &m0 {a0: 1, a1: 1, a2: 1, a3: 1, a4: 1, a5: 1, a6: 1, a7: 1, a8: 1}"]
    lines += [f"m{k}: &m{k} {{<<: [{', '.join([f'*m{k - 1}'] * 9)}]}}" for k in range(1, 10)]
    profile = folder / "club.yaml"
    profile.write_text("extends: standard\n" + "\n".join(lines) + "\n")
    code, out, seconds, peak = run(["rules", "check", str(profile)])
    print(f"merge-key bomb in a profile: exit {code}, {seconds:.1f} s")
    check(code == 1 and one_line_error(out) and seconds < 5, "rules check refuses it before flattening it")


def attack_digits(folder: Path) -> None:
    long = "9" * 100_000
    record = folder / "long.yaml"
    record.write_text(f"players: [A, B, C]\nstart: {long}\n")
    batch = folder / "batch.jsonl"
    batch.write_text(f'{{"hand": "123456p789s99p234s", "honba": {long}}}\n')
    for args in (["settle", str(record)], ["hand", "--batch", str(batch)]):
        code, out, seconds, _ = run(args)
        print(f"a number of 100,000 digits to {args[0]}: exit {code}, {seconds:.1f} s")
        check(code == 1 and "Traceback" not in out and "digits: too long" in out, f"{args[0]}: one line")


def serve(folder: Path, env: dict | None = None) -> tuple[subprocess.Popen, int]:
    table = folder / "table.yaml"
    table.write_text((Path(__file__).resolve().parents[1] / "examples" / "table.yaml").read_text())
    process = subprocess.Popen(SANMA + ["serve", str(table), "--port", "0", "--token", "tok"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
                               preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128)))
    for line in process.stdout:
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if found:
            return process, int(found.group(1))
    raise SystemExit("sanma serve did not start")


def phone(port: int, source: str) -> str:
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(source, 0))
        connection.request("GET", "/api/match", headers={"Authorization": "Bearer tok"})
        return str(connection.getresponse().status)
    except OSError as exc:
        return f"no answer ({type(exc).__name__})"


def attack_nesting(folder: Path) -> None:
    process, port = serve(folder)
    try:
        for depth in (200, 400, 990, 100_000):
            body = ('{"draw": {"tenpai": ' + "[" * depth + "]" * depth + "}}").encode()
            request = urllib.request.Request(f"http://127.0.0.1:{port}/api/check", data=body, headers={
                "Authorization": "Bearer tok", "Content-Type": "application/json"})
            try:
                status = urllib.request.urlopen(request, timeout=10).status
            except urllib.error.HTTPError as error:
                status = error.code
            check(status in (400, 413), f"a body nested {depth} deep: {status}")
    finally:
        process.terminate()
        out = process.communicate(timeout=30)[0]
    check("Traceback" not in out, "no traceback on the server's terminal")


def attack_idle(folder: Path) -> None:
    """150 half-sent requests from one address to a server limited to 128 open files."""
    process, port = serve(folder)
    try:
        print(f"a phone before: {phone(port, '127.0.0.2')}")
        held = []
        for _ in range(150):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=2)
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
                held.append(sock)
            except OSError:
                break
        time.sleep(1)
        check(phone(port, "127.0.0.2") == "200", "a phone on another address is answered while they are held")
        started = time.monotonic()
        open_ = held
        while open_ and time.monotonic() - started < 15:
            still = []
            for sock in open_:
                sock.settimeout(0.01)
                try:
                    if sock.recv(4096) != b"":
                        still.append(sock)
                except socket.timeout:
                    still.append(sock)
                except OSError:
                    pass
            open_ = still
            time.sleep(0.2)
        check(not open_, f"all 150 closed within {time.monotonic() - started:.1f} s of the last one opening")
        for sock in held:
            sock.close()
        check(phone(port, "127.0.0.1") == "200", "the address is answered again")
    finally:
        process.terminate()
        out = process.communicate(timeout=30)[0]
    check(out.count("\n") < 20 and "Too many open files" not in out, "the server's terminal stays quiet")


def attack_fetch(folder: Path) -> None:
    stop = threading.Event()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.end_headers()
            try:
                self.wfile.write(b'<mjloggm ver="2.3">')
                while not stop.is_set():
                    if self.path.startswith("/drip"):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        stop.wait(5)
                    else:
                        self.wfile.write(b" " * (1 << 20))
            except OSError:
                pass

        def log_message(self, *args) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    env = {"SANMA_CACHE_DIR": str(folder / "cache"), "no_proxy": "127.0.0.1"}
    try:
        for kind, bound in (("huge", "larger than 8 MB"), ("drip", "took longer than 60 s in all")):
            code, out, seconds, peak = run(["replay", GAME], env={**env, "SANMA_TENHOU_LOG_URL": f"{base}/{kind}/{{id}}"})
            print(f"a log server that sends {kind}: exit {code}, {seconds:.1f} s, peak {peak} MB")
            check(code == 1 and bound in out and "Traceback" not in out and seconds < 85, f"{kind}: one line")
    finally:
        stop.set()
        httpd.shutdown()


ATTACKS = {"gzip": attack_gzip, "alias": attack_alias, "merge": attack_merge, "digits": attack_digits,
           "nesting": attack_nesting, "idle": attack_idle, "fetch": attack_fetch}


def main(names: list[str]) -> int:
    for name in names or list(ATTACKS):
        print(f"== {name}", flush=True)
        with tempfile.TemporaryDirectory() as folder:
            ATTACKS[name](Path(folder))
    print(json.dumps({"failed": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
