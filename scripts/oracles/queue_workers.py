"""Workers on a real Redis (Debian's redis-server, append-only file on), watched through
redis-py: 200 jobs and a poison one enqueued, three workers started; one SIGKILLed mid-job, a
second SIGTERMed, a fourth started, and the server itself SIGKILLed and restarted mid-run.

Checks: every job's output exists exactly once and decodes whole (Pillow); each job is done
exactly once in the results; no result was added before its output existed (a watcher reads
the results stream as it grows and looks at each output at once); the killed worker's job
was reclaimed by another worker; the SIGTERMed worker finished its job, took no more and
exited with 143; the poison job is in the dead-letter stream after 3 deliveries with its
error; `lumen queue status --json` agrees.

usage: queue_workers.py LUMEN SAMPLES WORK   (prints JSON: checks, failures, numbers)
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time

from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
from redis_server import RedisServer  # noqa: E402

lumen, samples, work = (os.path.abspath(p) for p in sys.argv[1:4])
JOBS = 200
checks, failures, numbers = [], [], {}


def check(name, ok, detail=""):
    (checks if ok else failures).append(name if ok else f"{name}: {str(detail)[:600]}")
    return ok


def give_up():
    """Ends the run at the first step that did not happen (waiting on it further is useless)."""
    for process in workers.values():
        process.kill()
    server.stop()
    print(json.dumps({"checks": checks, "failures": failures, "numbers": numbers}))
    sys.exit(0)


def job(n):
    return {
        "input": os.path.join(samples, "coffee.jpg"), "previewLongSide": 320,
        "output": f"out/job-{n:03d}.jpg",
        "document": {
            "formatIdentifier": "org.lumen.edit", "formatVersion": 4,
            "operations": {"look": {"id": "chrome", "intensity": 0.5 + n / 1000}},
            "layers": [{"id": "t", "kind": "text", "text": f"Job {n}", "font": "DejaVu Sans",
                        "size": 0.1, "transform": {"x": 0.5, "y": 0.8, "width": 0.9}}]}}


os.makedirs(work, exist_ok=True)
with open(os.path.join(samples, "coffee.jpg"), "rb") as f:
    whole = f.read()
with open(os.path.join(work, "truncated.jpg"), "wb") as f:
    f.write(whole[: len(whole) // 3])
with open(os.path.join(work, "jobs.jsonl"), "w") as f:
    for n in range(JOBS):
        f.write(json.dumps(job(n)) + "\n")
        if n == 5:  # the poison job: its photo ends a third of the way in
            poison = job(0)
            poison["input"], poison["output"] = "truncated.jpg", "out/poison.jpg"
            f.write(json.dumps(poison) + "\n")

server = RedisServer(os.path.join(work, "redis"), aof=True).start()
r = server.client()
stream = "lumen:jobs"
enqueued = subprocess.run([lumen, "enqueue", os.path.join(work, "jobs.jsonl"), "--redis", server.url],
                          capture_output=True, text=True)
check("enqueue", enqueued.returncode == 0 and f"enqueued {JOBS + 1} jobs" in enqueued.stdout,
      enqueued.stdout + enqueued.stderr)
check("stream holds the jobs", r.xlen(stream) == JOBS + 1, str(r.xlen(stream)))
# The poison job's entry: a worker holds it between its failed tries, which is not a job in flight.
poison_ids = {entry_id for entry_id, fields in r.xrange(stream) if "poison.jpg" in fields["job"]}
enqueued_at = time.time()

workers = {}


def start_worker(name):
    log = open(os.path.join(work, f"{name}.log"), "w")
    errors = open(os.path.join(work, f"{name}.err"), "w")
    workers[name] = subprocess.Popen(
        [lumen, "worker", "--redis", server.url, "--name", name, "--threads", "1",
         "--visibility-timeout", "2", "--max-deliveries", "3"], stdout=log, stderr=errors)


# The watcher: each result as it is added, its output looked at at once.
early, seen = [], []
stop_watching = threading.Event()


def watch():
    client, last = server.client(), "0"
    while not stop_watching.is_set():
        try:
            entries = client.xread({f"{stream}:results": last}, block=200, count=100) or []
        except Exception:  # the server restarting
            time.sleep(0.1)
            client = server.client()
            continue
        for _, items in entries:
            for entry_id, fields in items:
                last = entry_id
                if fields.get("status") == "done":
                    output = fields.get("output", "")
                    if not (os.path.isfile(output) and os.path.getsize(output) > 0):
                        early.append(fields)
                seen.append(fields)


watcher = threading.Thread(target=watch, daemon=True)
watcher.start()
for name in ("w1", "w2", "w3"):
    start_worker(name)


def done_count():
    try:
        return int(r.hget(f"{stream}:counts", "done") or 0)
    except Exception:
        return -1


def wait_until(condition, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def jobs_held(name):
    """The jobs worker `name` holds now (the poison job, held between its tries, left out)."""
    pending = r.xpending_range(stream, "lumen", min="-", max="+", count=10, consumername=name)
    return [p["message_id"] for p in pending if p["message_id"] not in poison_ids]


def wait_for_a_job(name, done):
    """Waits for `done` jobs done and then for worker `name` to hold one; the ids it holds."""
    if not check(f"{done} jobs done", wait_until(lambda: done_count() >= done, 120), done_count()):
        give_up()
    held = []

    def holds():
        held[:] = jobs_held(name)
        return bool(held)

    if not check(f"{name} held a job", wait_until(holds, 60)):
        give_up()
    return held


# SIGKILL w1 while it holds a job.
killed_ids = wait_for_a_job("w1", 20)
workers["w1"].kill()
workers["w1"].wait()
numbers["w1 killed holding"] = killed_ids

# SIGTERM w2 once it holds a job: it finishes that job, takes no more, exits 143.
w2_job = wait_for_a_job("w2", 60)
workers["w2"].send_signal(signal.SIGTERM)
try:
    status = workers["w2"].wait(timeout=60)
except subprocess.TimeoutExpired:
    status = None
check("SIGTERMed worker exits 143", status == 143, str(status))
with open(os.path.join(work, "w2.err")) as f:
    said = f.read()
check("SIGTERMed worker says the job finished", "the jobs in progress finished" in said, said[-300:])
w2_pending = jobs_held("w2")
check("SIGTERMed worker left nothing pending", not w2_pending, str(w2_pending))
start_worker("w4")

# The server SIGKILLed mid-run and restarted on its append-only file.
if not check("100 jobs done", wait_until(lambda: done_count() >= 100, 120), done_count()):
    give_up()
before = done_count()
server.kill()
time.sleep(0.5)
server.start()
r = server.client()
after = done_count()
numbers["done before / after the restart"] = [before, after]
check("the restarted server kept what it answered", after >= before, f"{before} -> {after}")

finished = wait_until(
    lambda: done_count() == JOBS and int(r.hget(f"{stream}:counts", "dead") or 0) == 1, 240)
numbers["seconds"] = round(time.time() - enqueued_at, 1)
check("every job done and the poison one dead", finished,
      f"done {done_count()}, dead {r.hget(f'{stream}:counts', 'dead')}")
time.sleep(0.5)
stop_watching.set()
watcher.join(timeout=5)

# Outputs: exactly the 200 expected, each whole.
out = os.path.join(work, "out")
names = sorted(os.listdir(out)) if os.path.isdir(out) else []
expected = [f"job-{n:03d}.jpg" for n in range(JOBS)]
check("exactly the outputs expected, nothing partial", names == expected,
      f"{len(names)} files; extra {sorted(set(names) - set(expected))[:5]}, "
      f"missing {sorted(set(expected) - set(names))[:5]}")
broken = []
for name in names:
    try:
        with Image.open(os.path.join(out, name)) as im:
            im.load()
            if im.size != (320, 213):
                broken.append(f"{name} {im.size}")
    except Exception as error:
        broken.append(f"{name}: {error}")
check("every output decodes whole", not broken, str(broken[:5]))

# Results: each job done exactly once; none before its output existed.
results = [fields for _, fields in r.xrange(f"{stream}:results")]
done_by_output = {}
for fields in results:
    if fields.get("status") == "done":
        done_by_output.setdefault(fields["output"], []).append(fields)
check("each job done exactly once", len(done_by_output) == JOBS
      and all(len(v) == 1 for v in done_by_output.values()),
      f"{len(done_by_output)} outputs, {sum(len(v) for v in done_by_output.values())} results")
check("no result before its output existed", not early and len(seen) >= JOBS,
      f"{len(early)} early of {len(seen)}")
by_id = {fields["id"]: fields for fields in results}
reclaimed = [by_id.get(i) for i in killed_ids]
check("the killed worker's job was reclaimed by another",
      killed_ids and all(f and f["status"] == "done" and f["worker"] != "w1"
                         and int(f["deliveries"]) >= 2 for f in reclaimed), str(reclaimed))
w2_result = [by_id.get(i) for i in w2_job]
check("the SIGTERMed worker's job was done by it",
      w2_job and all(f and f["worker"] == "w2" for f in w2_result), str(w2_result))

# The poison job: dead after 3 deliveries, with its error.
dead = [fields for _, fields in r.xrange(f"{stream}:dead")]
check("the poison job is a dead letter after 3 deliveries",
      len(dead) == 1 and dead[0]["deliveries"] == "3" and "poison.jpg" in dead[0]["job"]
      and "truncated" in dead[0]["error"], str(dead))
check("the jobs' stream is empty", r.xlen(stream) == 0, str(r.xlen(stream)))

status = subprocess.run([lumen, "queue", "status", "--redis", server.url, "--json"],
                        capture_output=True, text=True)
try:
    said = json.loads(status.stdout)
except ValueError:
    said = {}
check("queue status agrees",
      said.get("done") == JOBS and said.get("dead") == 1 and said.get("waiting") == 0
      and sum(said.get("inFlight", {}).values()) == 0, status.stdout + status.stderr)

for name, process in workers.items():
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
server.stop()
numbers["results"] = len(results)
print(json.dumps({"checks": checks, "failures": failures, "numbers": numbers}))
