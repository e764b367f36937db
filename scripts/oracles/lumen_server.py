"""A real `lumen serve` on a free loopback port, for the oracle scripts that drive it."""
import re
import signal
import subprocess


def start(lumen, data, *options):
    """Starts `lumen serve` with its store in `data`; answers the process and its base URL."""
    server = subprocess.Popen(
        [lumen, "serve", "--listen", "127.0.0.1:0", "--data", data, *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = server.stdout.readline().decode()
    match = re.search(r"127\.0\.0\.1:(\d+)", line)
    if not match:
        server.kill()
        raise SystemExit(f"lumen serve did not start: {line} {server.stderr.read().decode()}")
    return server, f"http://127.0.0.1:{match.group(1)}"


def stop(server):
    """SIGTERM, as an operator stops it: the requests in progress finish first."""
    server.send_signal(signal.SIGTERM)
    return server.wait(timeout=60)
