"""Drives bench/automation.sh: see its comment. usage: automation_speed.py LUMEN ROOT WORK JOBS"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts", "oracles"))
from redis_server import RedisServer  # noqa: E402

lumen, root, work, jobs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
story = os.path.join(root, "samples/templates/story.json")
photos = [os.path.join(root, "samples", name) for name in ("coffee.jpg", "chelsea.jpg")]
looks = ["chrome", "fade", "noir", "instant", "process"]


def template_line(n):
    return {"template": story, "output": f"story-{n:03d}.jpg", "values": {
        "title": f"Product {n}: " + "fresh " * (n % 5) + "coffee",
        "subtitle": f"only today, offer {n}", "photo": photos[n % 2], "look": looks[n % 5],
        "accent": f"#{(n * 37) % 256:02x}8c1a"}}


def write(name, lines):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        for line in lines:
            f.write(json.dumps(line) + "\n")
    return path


def batch(path, out, *options):
    start = time.perf_counter()
    done = subprocess.run([lumen, "batch", path, "--out", out, *options], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    seconds = [json.loads(line)["seconds"] for line in done.stdout.splitlines()]
    return wall, sum(seconds)


templates = write("templates.jsonl", (template_line(n) for n in range(jobs)))
# The same renders as plain photo jobs: what `lumen template apply --print-job` prints.
rendered = []
for n in range(jobs):
    line = template_line(n)
    words = [lumen, "template", "apply", story, "-o", os.path.join(work, "plain", line["output"]), "--print-job"]
    for name, value in line["values"].items():
        words += ["--set", f"{name}={value}"]
    rendered.append(json.loads(subprocess.run(words, capture_output=True, text=True, check=True).stdout))
plain = write("plain.jsonl", rendered)

# Warm the page cache and the fonts once, then time each kind in three interleaved rounds,
# keeping each one's fastest (the machine's noise only ever adds).
batch(plain, os.path.join(work, "warm"), "--threads", "2")
runs = {"template": [], "plain": []}
for attempt in range(3):
    for kind, path in (("template", templates), ("plain", plain)):
        if kind == "plain":  # the printed jobs name their outputs: write them afresh
            shutil.rmtree(os.path.join(work, "plain"), ignore_errors=True)
        runs[kind].append(batch(path, os.path.join(work, f"{kind}-{attempt}"), "--threads", "2"))
results = {kind: min(times) for kind, times in runs.items()}
template_wall, template_jobs = results["template"]
plain_wall, plain_jobs = results["plain"]
print(f"batch, {jobs} story renders (1080x1920), --threads 2, one job at a time:")
print(f"  templates: {template_wall:.2f} s ({1000 * template_wall / jobs:.1f} ms a job)")
print(f"  the same renders as photo jobs: {plain_wall:.2f} s ({1000 * plain_wall / jobs:.1f} ms a job); "
      f"the jobs' own time {plain_jobs:.2f} s")
print(f"  batch overhead beyond the renders: {100 * (plain_wall / plain_jobs - 1):.1f}% "
      f"(wall of the photo-job batch over the sum of its renders)")
print(f"  templates' wall over the photo jobs' renders: {100 * (template_wall / plain_jobs - 1):.1f}% "
      f"(whole runs: the machine's noise is of this order)")
bench = os.path.join(os.path.dirname(lumen), "lumen-bench")
filled = subprocess.run([bench, "templates", templates, os.path.join(work, "in-process")],
                        capture_output=True, text=True, check=True).stdout.strip()
print(f"  in one process: {filled}")

# Workers on a local Redis: 1 and then 2 workers, --threads 1 each.
server = RedisServer(os.path.join(work, "redis")).start()
client = server.client()


def run_workers(count):
    client.flushall()
    folder = os.path.join(work, f"workers-{count}")
    lines = [dict(line, output=os.path.join(folder, f"{n:03d}.jpg")) for n, line in enumerate(rendered)]
    path = write(f"queue-{count}.jsonl", lines)
    subprocess.run([lumen, "enqueue", path, "--redis", server.url], check=True, capture_output=True)
    start = time.perf_counter()
    workers = [subprocess.Popen([lumen, "worker", "--redis", server.url, "--name", f"w{i}", "--threads", "1"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(count)]
    while int(client.hget("lumen:jobs:counts", "done") or 0) < jobs:
        time.sleep(0.01)
    wall = time.perf_counter() - start
    for worker in workers:
        worker.terminate()
        worker.wait()
    return wall


one, two = run_workers(1), run_workers(2)
print(f"workers, {jobs} photo jobs, --threads 1 each: 1 worker {jobs / one:.2f} jobs/s, "
      f"2 workers {jobs / two:.2f} jobs/s, scaling {one / two:.2f}x (goal >= 1.8x)")

# From enqueue to start with two idle workers: one job at a time, each waited for.
client.flushall()
workers = [subprocess.Popen([lumen, "worker", "--redis", server.url, "--name", f"idle{i}", "--threads", "1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(2)]
time.sleep(1)
latencies = []
for n in range(30):
    line = dict(rendered[n], output=os.path.join(work, "latency", f"{n:03d}.jpg"))
    path = write("one.jsonl", [line])
    subprocess.run([lumen, "enqueue", path, "--redis", server.url], check=True, capture_output=True)
    while int(client.hget("lumen:jobs:counts", "done") or 0) < n + 1:
        time.sleep(0.005)
    for _, fields in client.xrange("lumen:jobs:results", "-", "+")[-1:]:
        enqueued = int(fields["id"].split("-")[0])
        latencies.append(int(fields["started"]) - enqueued)
for worker in workers:
    worker.terminate()
    worker.wait()
server.stop()
print(f"enqueue -> start with idle workers: median {statistics.median(latencies)} ms, "
      f"max {max(latencies)} ms over {len(latencies)} jobs (goal <= 20 ms)")
