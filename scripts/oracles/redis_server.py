"""A real `redis-server` (Debian's) on a free loopback port, for the oracle scripts that need
one: started with its data in a folder of the test's, stopped (or killed) by the test."""
import os
import socket
import subprocess
import time

import redis


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """`redis-server` on 127.0.0.1:`port` with its files in `folder`; `aof` turns on the
    append-only file with an fsync per write, so a killed server loses nothing it answered."""

    def __init__(self, folder, port=None, aof=False):
        self.folder = folder
        self.port = port or free_port()
        self.aof = aof
        self.process = None
        os.makedirs(folder, exist_ok=True)

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}"

    def client(self):
        return redis.Redis(host="127.0.0.1", port=self.port, decode_responses=True)

    def start(self):
        options = ["--appendonly", "yes", "--appendfsync", "always"] if self.aof else ["--appendonly", "no"]
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir", self.folder,
             "--save", "", "--protected-mode", "no", *options],
            stdout=open(os.path.join(self.folder, "redis.log"), "ab"), stderr=subprocess.STDOUT)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                if self.client().ping():
                    return self
            except redis.exceptions.RedisError:
                time.sleep(0.05)
        raise SystemExit(f"redis-server did not start on port {self.port}")

    def kill(self):
        """SIGKILL: the server dies without a chance to write anything more."""
        self.process.kill()
        self.process.wait(timeout=20)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()
