"""Suite benchmark driver (called by bench/run).

Starts target/suite.jar on a fresh embedded PostgreSQL (durable: fsync, synchronous_commit and
full_page_writes on, as the service always runs it; the settings are read back and recorded), seeds data through the
public API, and measures each scenario with wrk (16 connections) in two states:

- first 5 s: each scenario alone right after a restart on the seeded data (readiness 200), one run;
- cold: one run per scenario right after start-up and seeding, before any warm-up (what a freshly started
  service gives; JIT compilation still running);
- steady: after a warm-up long enough for C2 to compile the scenario's path, 3 runs with wrk pinned to one
  core (`taskset`, so the tail measures the service rather than the scheduler; the p99 targets use these)
  and 3 runs unpinned; median run of each reported.

Writes bench/results/<date>-<commit>.json and .md, with the ratios to the DRF figures of issue 18.
Loopback only; every run is bounded in time. After the scale set, the new work of wave 3 (bench/newwork.py: month
close, Pix sync, shift change).
  --quick          smoke run (1 short run per state)
  --only a,b,e     only these scenarios (and no scale set, punches, reconciliation or new work); for A/B runs
  SUITE_BENCH_JAR  the jar to measure (default target/suite.jar)
"""

import base64
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
WORK = os.path.join(BENCH, "work")
PORT = int(os.environ.get("SUITE_BENCH_PORT", "18000"))
BASE = f"http://127.0.0.1:{PORT}"
QUICK = "--quick" in sys.argv
ONLY = next((a.split("=", 1)[1] if "=" in a else sys.argv[i + 2] for i, a in enumerate(sys.argv[1:])
             if a.startswith("--only")), None)
ONLY = set(ONLY.split(",")) if ONLY else None
CONNECTIONS = 16
COLD_DURATION = 2 if QUICK else 5
DURATION = 2 if QUICK else 8
# Long enough for C2 on a scenario's path with 2 busy cores (docs/performance.md: b reaches its steady
# state after about 20-30 s of load on a fresh JVM).
WARMUP = 1 if QUICK else 20
RUNS = 1 if QUICK else 3
# The core wrk is pinned to for the pinned runs (the service and PostgreSQL still use both cores).
PIN_CPU = os.environ.get("SUITE_BENCH_PIN_CPU", str(max(0, (os.cpu_count() or 1) - 1)))
# The same JVM settings and allocator environment as `mvn spring-boot:run` (pom.xml).
JVM_FLAGS = os.environ.get("SUITE_BENCH_JVM", "-XX:+UseSerialGC -Xmx512m").split()
MALLOC_ENV = {"MALLOC_ARENA_MAX": "2", "MALLOC_MMAP_THRESHOLD_": "1048576"}
# How the service is started (docs/operations.md § Start-up): "script" (default) = scripts/start, the production
# command (jar extracted, a trained start's AOT cache on JDK 25+ or class data sharing archive on JDK 17);
# "cds" = the extracted jar with a JDK 17 class data sharing archive from a start that exits once refreshed (wave 2);
# "plain" = `java -jar`. SUITE_BENCH_CDS=0 is the old spelling of "plain". SUITE_BENCH_JAVA: the java of the
# service (scripts/start's SUITE_JAVA; default its own choice). SUITE_BENCH_ARGS: more service arguments, e.g.
# "--suite.warmup.enabled=false" for an A/B of the warm-up.
START = os.environ.get("SUITE_BENCH_START", "script" if os.environ.get("SUITE_BENCH_CDS", "1") == "1" else "plain")
CDS = START != "plain"
SERVICE_JAVA = os.environ.get("SUITE_BENCH_JAVA", "")
SERVICE_ARGS = os.environ.get("SUITE_BENCH_ARGS", "").split()
# Seconds a start may take before the run gives up (a machine shared with builds starts slowly).
START_TIMEOUT = float(os.environ.get("SUITE_BENCH_START_TIMEOUT", "300"))

# id: (description, DRF req/s, DRF p99 ms) - the Django REST Framework figures of issue 18 (gunicorn, 3 sync
# workers on 2 cores, PostgreSQL with fsync off; wrk 16 connections, median of 3 x 10 s). Issue 18's
# targets: at least 5 x DRF's req/s, and a p99 at most 1/3 of DRF's with wrk pinned to one core.
DRF = {
    "a": ("GET /api/clientes/ (200 customers)", 292, 80.7),
    "b": ("GET /api/fins/{id}/", 956, 24.8),
    "c": ("GET /api/finance/transactions/ (500 rows)", 78, 296),
    "d": ("POST /api/clientes/ (unique bodies)", 886, 28.8),
    "e": ("PATCH /api/access/roles/{id}/ (16 writers, one row)", 658, 32.9),
    "f": ("GET /api/access/roles/ (5 roles)", 772, 30.5),
    "z": ("GET with an unknown token (401)", 1809, 14.2),
    "g": ("POST /api/timeclock/punch/register/ with face verification", None, None),
    "h": ("GET /api/finance/transactions/?date_from…&limit=100 (100 000 rows)", None, None),
}
THROUGHPUT_FACTOR = 5
P99_FACTOR = 1 / 3

RECONCILE_COUNT = 2000 if QUICK else 50000


def log(message):
    print(f"[bench] {message}", flush=True)


class Api:
    def __init__(self, token=None):
        self.token = token

    def call(self, method, path, body=None, content_type="application/json", raw=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(BASE + path, data=data, method=method)
        if self.token:
            request.add_header("Authorization", "Token " + self.token)
        if data is not None:
            request.add_header("Content-Type", content_type)
        try:
            with urllib.request.urlopen(request, timeout=600) as response:
                text = response.read()
                return response.status, (json.loads(text) if text else None)
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text.decode(errors="replace")

    def ok(self, method, path, body=None, **kwargs):
        status, payload = self.call(method, path, body, **kwargs)
        if status >= 300:
            raise RuntimeError(f"{method} {path} -> {status}: {payload}")
        return payload


def cpu_ticks(pid, reaped=False):
    """utime + stime of one process in clock ticks (0 if it is gone); with reaped, also cutime + cstime: the time of
    the children it has waited for."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return sum(int(field) for field in fields[11:15 if reaped else 13])
    except (OSError, IndexError, ValueError):
        return 0


def postgres_cpu_ticks():
    """The CPU ticks used so far by the embedded PostgreSQL: its live processes and, through the postmaster's reaped
    children, the backends that have ended, so a difference over a step counts a backend that ended during it."""
    with open(os.path.join(WORK, "postgres", "postmaster.pid")) as pid_file:
        postmaster = pid_file.read().splitlines()[0].strip()
    backends = subprocess.run(["pgrep", "-P", postmaster], capture_output=True, text=True).stdout.split()
    return cpu_ticks(postmaster, reaped=True) + sum(cpu_ticks(pid) for pid in backends)


def rss_kib(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem")):
                key, value = line.split(":")
                values[key] = int(value.split()[0])
    return values


def native_memory(pid):
    """Where the JVM's memory goes (`jcmd VM.native_memory summary`), when it runs with
    -XX:NativeMemoryTracking=summary (SUITE_BENCH_JVM); the committed MiB of each category."""
    if not any(flag.startswith("-XX:NativeMemoryTracking=") for flag in JVM_FLAGS) or not shutil.which("jcmd"):
        return None
    shown = subprocess.run(["jcmd", str(pid), "VM.native_memory", "summary", "scale=MB"], capture_output=True,
                           text=True, timeout=60).stdout
    with open(os.path.join(WORK, "native-memory.txt"), "w") as out:
        out.write(shown)
    categories = {}
    for match in re.finditer(r"^-\s+(.+?) \(reserved=\d+MB, committed=(\d+)MB[,)]", shown, re.M):
        categories[match.group(1).strip()] = int(match.group(2))
    total = re.search(r"Total: reserved=\d+MB, committed=(\d+)MB", shown)
    if total:
        categories["Total"] = int(total.group(1))
    return categories


def cpu_busy(seconds=1.0):
    """Share of CPU time not idle across all cores over the next `seconds` (from /proc/stat)."""
    def sample():
        with open("/proc/stat") as stat:
            values = [int(v) for v in stat.readline().split()[1:]]
        return values[3] + values[4], sum(values)
    idle0, total0 = sample()
    time.sleep(seconds)
    idle1, total1 = sample()
    return 1.0 - (idle1 - idle0) / max(1, total1 - total0)


def wait_quiet():
    """Waits up to 30 s for the machine to be quiet (CPU under 10 % busy over one second).

    The load average is recorded too, but it lags: right after a run of 16 connections it reads ~10
    for a minute even on an idle machine, so quietness is judged on the CPU itself."""
    deadline = time.time() + (3 if QUICK else 30)
    busy = cpu_busy()
    while busy > 0.10 and time.time() < deadline:
        busy = cpu_busy()
    return os.getloadavg()[0], busy


def parse_ms(text):
    number, unit = re.match(r"([\d.]+)(us|ms|s|m)", text).groups()
    factor = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]
    return float(number) * factor


RUN_SEQUENCE = 0
SERVICE = None  # the running service's process (start_service), whose CPU each wrk run records per request
TICKS_PER_S = os.sysconf("SC_CLK_TCK")


def cpu_ms_now():
    """The CPU milliseconds used so far by the service's JVM and by the embedded PostgreSQL (None when unknown)."""
    if SERVICE is None or SERVICE.poll() is not None:
        return None
    try:
        postgres = postgres_cpu_ticks()
    except OSError:
        postgres = None
    jvm = cpu_ticks(SERVICE.pid)
    return (jvm * 1000 / TICKS_PER_S, None if postgres is None else postgres * 1000 / TICKS_PER_S)


def wrk(path, script, env, duration, connections=CONNECTIONS, pinned=False):
    command = (["taskset", "-c", PIN_CPU] if pinned else []) + ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--timeout", "10s", "--latency",
               "-s", os.path.join(BENCH, "lua", script), BASE + path]
    global RUN_SEQUENCE
    RUN_SEQUENCE += 1
    cpu_before = cpu_ms_now()
    # SUITE_RUN: a number no other wrk run of this benchmark gets (post_clientes.lua builds unique CPFs from it).
    output = subprocess.run(command, env={**os.environ, **env, "SUITE_RUN": str(RUN_SEQUENCE)}, capture_output=True, text=True,
                            timeout=duration + 60).stdout
    result = {"requests_per_s": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))}
    result["p50_ms"] = parse_ms(re.search(r"\s50%\s+(\S+)", output).group(1))
    result["p99_ms"] = parse_ms(re.search(r"\s99%\s+(\S+)", output).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    result["non_2xx"] = int(non2xx.group(1)) if non2xx else 0
    result["socket_errors"] = sum(int(g) for g in socket.groups()) if socket else 0
    result["requests"] = int(re.search(r"(\d+) requests in", output).group(1))
    cpu_after = cpu_ms_now()
    # CPU per request of the JVM and of PostgreSQL over the run (wrk's own CPU is in neither), so a regression in
    # req/s shows on which side it came from.
    if cpu_before and cpu_after and result["requests"]:
        result["jvm_cpu_ms_per_request"] = round((cpu_after[0] - cpu_before[0]) / result["requests"], 3)
        if cpu_before[1] is not None and cpu_after[1] is not None:
            result["postgres_cpu_ms_per_request"] = round((cpu_after[1] - cpu_before[1]) / result["requests"], 3)
    return result


def measured(path, script, env, connections, pinned, expect_non2xx):
    runs = []
    for _ in range(RUNS):
        load, busy = wait_quiet()
        run = wrk(path, script, env, DURATION, connections, pinned)
        run["load_before"] = round(load, 2)
        run["cpu_busy_before"] = round(busy, 3)
        run["quiet"] = busy <= 0.10
        runs.append(run)
    median = sorted(runs, key=lambda r: r["requests_per_s"])[len(runs) // 2]
    return {"requests_per_s": median["requests_per_s"], "p50_ms": median["p50_ms"], "p99_ms": median["p99_ms"],
            "jvm_cpu_ms_per_request": median.get("jvm_cpu_ms_per_request"),
            "postgres_cpu_ms_per_request": median.get("postgres_cpu_ms_per_request"),
            "errors": errors_of(runs, expect_non2xx), "runs": runs}


def per_request(state, side):
    """The pinned median run's CPU per request of one side ('jvm' or 'postgres'), as the table prints it."""
    value = state.get(f"{side}_cpu_ms_per_request")
    return "" if value is None else f"{value:.2f}"


def errors_of(runs, expect_non2xx):
    """Socket errors, plus non-2xx answers where 2xx are expected, or 2xx answers where a 401 is expected."""
    errors = sum(r["socket_errors"] + (0 if expect_non2xx else r["non_2xx"]) for r in runs)
    return errors + (sum(r["requests"] - r["non_2xx"] for r in runs) if expect_non2xx else 0)


def cold(sid, path, script, env, expect_non2xx=False, connections=CONNECTIONS):
    """One run on the freshly started service, before any warm-up of this scenario."""
    run = wrk(path, script, env, COLD_DURATION, connections)
    log(f"cold {sid}: {run['requests_per_s']:.0f} req/s, p99 {run['p99_ms']:.2f} ms")
    return {"requests_per_s": run["requests_per_s"], "p50_ms": run["p50_ms"], "p99_ms": run["p99_ms"],
            "errors": errors_of([run], expect_non2xx), "runs": [run]}


def scenario(sid, path, script, env, expect_non2xx=False, connections=CONNECTIONS, cold_state=None):
    """The steady state: a warm-up, then RUNS pinned and RUNS unpinned runs (median of each)."""
    log(f"scenario {sid}: {DRF[sid][0]}")
    wrk(path, script, env, WARMUP, connections)
    pinned = measured(path, script, env, connections, True, expect_non2xx)
    unpinned = measured(path, script, env, connections, False, expect_non2xx)
    description, drf_rps, drf_p99 = DRF[sid]
    result = {"id": sid, "description": description, "connections": connections, "cold": cold_state,
              "pinned": pinned, "unpinned": unpinned, "drf_requests_per_s": drf_rps, "drf_p99_ms": drf_p99}
    if drf_rps is not None:
        result["target_requests_per_s"] = round(drf_rps * THROUGHPUT_FACTOR)
        result["target_p99_ms"] = round(drf_p99 * P99_FACTOR, 1)
        # Throughput: the better of the two steady medians must reach 5 x DRF; the p99 is the pinned one's.
        best = max(pinned["requests_per_s"], unpinned["requests_per_s"])
        result["throughput_met"] = best >= result["target_requests_per_s"]
        result["p99_met"] = pinned["p99_ms"] <= result["target_p99_ms"]
        result["errors_met"] = pinned["errors"] + unpinned["errors"] == 0
        result["met"] = result["throughput_met"] and result["p99_met"] and result["errors_met"]
    log(f"  pinned {pinned['requests_per_s']:.0f} req/s, p99 {pinned['p99_ms']:.2f} ms; unpinned "
        f"{unpinned['requests_per_s']:.0f} req/s, p99 {unpinned['p99_ms']:.2f} ms; errors "
        f"{pinned['errors'] + unpinned['errors']}")
    return result


def csv_rows(count, start_day, seed):
    """A Brazilian bank statement: semicolon, decimal comma, dd/MM/yyyy, signed amounts."""
    lines = ["Data;Descrição;Valor;Documento;Identificador"]
    day0 = datetime.date.fromisoformat(start_day)
    for i in range(count):
        day = day0 + datetime.timedelta(days=i % 28)
        cents = 1000 + (i * 7919 + seed) % 900000
        sign = "-" if i % 3 == 0 else ""
        amount = f"{sign}{cents // 100:,}".replace(",", ".") + f",{cents % 100:02d}"
        lines.append(f"{day:%d/%m/%Y};PIX RECEBIDO CLIENTE {seed}-{i};{amount};;B{seed}-{i:07d}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def import_csv(api, csv_bytes, account):
    prepared = api.ok("POST", f"/api/prepare-csv-import?provider=csv&account_id={account}",
                      raw=csv_bytes, content_type="text/csv")
    return api.ok("POST", "/api/confirm-csv-import", {
        "groups": prepared["groups"], "import_metadata": prepared["import_metadata"],
        "delete_period": {"enabled": False}, "generate_logs": True})


def timed_import(api, csv_bytes, account, pid):
    """One CSV prepared and confirmed: its wall time, rows inserted and the service's peak RSS (and its growth)."""
    before = rss_kib(pid)["VmHWM"]
    started = time.time()
    outcome = import_csv(api, csv_bytes, account)
    seconds = time.time() - started
    after = rss_kib(pid)["VmHWM"]
    return {"wall_s": round(seconds, 2), "inserted": outcome.get("inserted_count"),
            "peak_rss_mib": round(after / 1024, 1), "peak_rss_grew_mib": round((after - before) / 1024, 1)}


def ofx_statement(count, start_day, seed):
    """An OFX 1.02 SGML statement as Brazilian banks export it (no closing tags on elements, CRLF, zones written
    [-3:BRT], CHARSET:1252 over Latin-1 accents), `count` transactions over 28 days."""
    day0 = datetime.date.fromisoformat(start_day)
    out = ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII", "CHARSET:1252",
           "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", "", "<OFX>", "<SIGNONMSGSRSV1>", "<SONRS>",
           "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>", "<DTSERVER>20261130120000[-3:BRT]", "<LANGUAGE>POR",
           "</SONRS>", "</SIGNONMSGSRSV1>", "<BANKMSGSRSV1>", "<STMTTRNRS>", "<TRNUID>1", "<STATUS>", "<CODE>0",
           "<SEVERITY>INFO", "</STATUS>", "<STMTRS>", "<CURDEF>BRL", "<BANKACCTFROM>", "<BANKID>0341",
           "<BRANCHID>1234", f"<ACCTID>{seed:05d}-0", "<ACCTTYPE>CHECKING", "</BANKACCTFROM>", "<BANKTRANLIST>",
           f"<DTSTART>{day0:%Y%m%d}", f"<DTEND>{day0 + datetime.timedelta(days=27):%Y%m%d}"]
    for i in range(count):
        day = day0 + datetime.timedelta(days=i % 28)
        cents = 1000 + (i * 7919 + seed) % 900000
        sign = "-" if i % 3 == 0 else ""
        out += ["<STMTTRN>", "<TRNTYPE>" + ("DEBIT" if sign else "CREDIT"),
                f"<DTPOSTED>{day:%Y%m%d}{10 + i % 8:02d}{i % 60:02d}00[-3:BRT]", f"<TRNAMT>{sign}{cents // 100}.{cents % 100:02d}",
                # Every 50th FITID blank, every 40th repeated: the derived-id path is measured too.
                "<FITID>" + ("" if i % 50 == 0 else f"F{seed}-{i - 1 if i % 40 == 1 else i:07d}"),
                f"<CHECKNUM>{i:06d}", f"<NAME>CLIENTE {i % 997}", f"<MEMO>PIX RECEBIDO CONCEIÇÃO {seed}-{i}",
                "</STMTTRN>"]
    out += ["</BANKTRANLIST>", "<LEDGERBAL>", "<BALAMT>1000.00", f"<DTASOF>{day0 + datetime.timedelta(days=27):%Y%m%d}",
            "</LEDGERBAL>", "</STMTRS>", "</STMTTRNRS>", "</BANKMSGSRSV1>", "</OFX>", ""]
    return "\r\n".join(out).encode("windows-1252")


def ofx_import(api, count=20000):
    """(l) prepare + confirm of one OFX of `count` transactions through /api/prepare-statement-import and op 7,
    timed separately, then the same file again (every row skipped)."""
    ofx = ofx_statement(count, "2026-10-01", 7)
    started = time.time()
    prepared = api.ok("POST", "/api/prepare-statement-import?provider=ofx-bench", raw=ofx,
                      content_type="application/octet-stream")["statements"][0]
    prepare_s = time.time() - started
    started = time.time()
    outcome = api.ok("POST", "/api/confirm-csv-import", prepared)
    confirm_s = time.time() - started
    started = time.time()
    again = api.ok("POST", "/api/prepare-statement-import?provider=ofx-bench", raw=ofx,
                   content_type="application/octet-stream")["statements"][0]
    repeat = api.ok("POST", "/api/confirm-csv-import", again)
    repeat_s = time.time() - started
    rows = sum(len(rows) for rows in prepared["groups"].values())
    result = {"transactions": count, "file_mib": round(len(ofx) / 1048576, 2), "rows": rows,
              "errors": len(prepared["errors"]), "prepare_s": round(prepare_s, 2), "confirm_s": round(confirm_s, 2),
              "wall_s": round(prepare_s + confirm_s, 2), "inserted": outcome.get("inserted_count"),
              "reimport_wall_s": round(repeat_s, 2), "reimport_skipped": repeat.get("skipped_count"),
              "reimport_inserted": repeat.get("inserted_count"), "target_wall_s": 10,
              "met": prepare_s + confirm_s < 10 and repeat.get("inserted_count") == 0}
    log(f"  OFX of {count} transactions: prepare {prepare_s:.2f} s, confirm {confirm_s:.2f} s; again (all skipped) "
        f"{repeat_s:.2f} s")
    return result


def main():
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    import newwork
    os.environ.update(newwork.SERVICE_ENV)  # what the new-work scenarios need of the service (the fake PSP)
    results = {"commit": commit, "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
               "quick": QUICK, "only": sorted(ONLY) if ONLY else None, "jvm_flags": JVM_FLAGS,
               "start": START, "service_java": SERVICE_JAVA or None, "service_args": SERVICE_ARGS,
               "connections": CONNECTIONS, "cold_duration_s": COLD_DURATION, "duration_s": DURATION,
               "warmup_s": WARMUP, "runs": RUNS, "pinned_cpu": PIN_CPU, "cpus": os.cpu_count(),
               "load_before_prepare": list(os.getloadavg()), "scenarios": [], "notes": []}
    cds = prepare_cds(the_jar()) if CDS else None
    startup_plain = None
    if cds and os.environ.get("SUITE_BENCH_PLAIN", "1") == "1":
        # The plain `java -jar` start as well (README), on its own fresh data directory, before the measured one.
        plain, plain_started = start_service()
        try:
            startup_plain = wait_healthy(plain, plain_started)[1]
            log(f"java -jar (no cache): healthy after {startup_plain} s")
        finally:
            stop_service(plain)
    results["load_before_start"] = os.getloadavg()[0]
    server, started = start_service(cds=cds)
    try:
        results["startup_first_answer_s"], results["startup_s"] = wait_healthy(server, started)
        results["startup_mode"] = {"script": "scripts/start (extracted jar, trained cache)",
                                   "cds": "class data sharing (extracted jar, archive)"}.get(cds and cds[0], "java -jar")
        results["startup_plain_java_jar_s"] = startup_plain
        log(f"first answer after {results['startup_first_answer_s']} s, ready after {results['startup_s']} s")
        results["startup_log"] = startup_lines()
        results["postgres"] = postgres_settings()
        log(f"PostgreSQL settings: {results['postgres']}")
        with open(os.path.join(WORK, "admin-token")) as token_file:
            api = Api(token_file.read().strip())
        token_env = {"SUITE_TOKEN": api.token}
        seeded = seed(api)
        if FIRST_SECONDS:
            server = first_seconds(server, cds, plans_of(seeded, token_env), results)
            if "d" in results["first_seconds"]:
                remove_created_customers(api, seeded["customer_ids"])
        run_all(api, seeded, token_env, results, server.pid)
        memory = rss_kib(server.pid)
        results["rss_after_mib"] = round(memory["VmRSS"] / 1024, 1)
        results["peak_rss_mib"] = round(memory["VmHWM"] / 1024, 1)
        results["rss_parts_mib"] = {key: round(memory[key] / 1024, 1) for key in ("RssAnon", "RssFile", "RssShmem")
                                    if key in memory}
        results["postgres_memory_mib"] = postgres_memory()
        results["native_memory_mib"] = native_memory(server.pid)
        results["env"] = MALLOC_ENV
        results["load_after"] = list(os.getloadavg())
    finally:
        stop_service(server)
    first_seconds_ratios(results)
    write(results, commit)


# Each scenario alone on a just-restarted service (issue 28: the first 5 s after readiness at >= 1/2 of steady).
FIRST_SECONDS = os.environ.get("SUITE_BENCH_FIRST5", "1") == "1"
# SUITE_BENCH_STEADY=0: stop after the cold runs (A/B of start-up and warm-up candidates, whose steady state is the
# same jar's).
STEADY = os.environ.get("SUITE_BENCH_STEADY", "1") == "1"


def first_seconds(server, cds, plans, results):
    """For each scenario: restart the service on its data (seeded), wait for readiness, run the scenario for
    COLD_DURATION s. The restart's first answer and readiness are recorded too. Returns the service restarted
    once more (on the same data) for the rest of the benchmark."""
    chosen = [sid for sid in plans if ONLY is None or sid in ONLY]
    results["first_seconds"] = {}
    for sid in chosen:
        stop_service(server)
        server, first_answer, ready, attempts = restart(cds)
        load = round(os.getloadavg()[0], 2)
        run = wrk(*plans[sid][:3], COLD_DURATION)
        results["first_seconds"][sid] = {
            "restart_first_answer_s": first_answer, "restart_ready_s": ready, "requests_per_s": run["requests_per_s"],
            "p50_ms": run["p50_ms"], "p99_ms": run["p99_ms"], "errors": errors_of([run], plans[sid][3]),
            "load_before": load, "start_attempts": attempts}
        log(f"first {COLD_DURATION} s of {sid} after a restart (ready in {ready} s): {run['requests_per_s']:.0f} req/s")
    stop_service(server)
    return restart(cds)[0]


def restart(cds):
    """A restart on the data the service has; tried up to 3 times, since on a machine busy with builds the database
    watchdog (suite.database.stall-timeout) can break off a start's migration check. The running process, its first
    answer and readiness (seconds from its start) and how many starts it took."""
    for attempt in range(1, 4):
        server, started = start_service(cds=cds, fresh=False)
        try:
            first_answer, ready = wait_healthy(server, started)
            return server, first_answer, ready, attempt
        except RuntimeError:
            stop_service(server)
            if attempt == 3:
                raise
            log(f"restart failed (attempt {attempt}); starting again")
    raise AssertionError("unreachable")


def first_seconds_ratios(results):
    """The first seconds' throughput against the steady one (the better of the pinned and unpinned medians)."""
    steady = {s["id"]: max(s["pinned"]["requests_per_s"], s["unpinned"]["requests_per_s"])
              for s in results["scenarios"]}
    for sid, first in results.get("first_seconds", {}).items():
        if steady.get(sid):
            first["steady_requests_per_s"] = steady[sid]
            first["ratio_to_steady"] = round(first["requests_per_s"] / steady[sid], 2)
            first["met"] = first["ratio_to_steady"] >= 0.5


def postgres_memory():
    """The embedded PostgreSQL's memory after the run: the postmaster and its children, as the sum of their RSS
    (which counts the shared buffers once per process that touched them) and of their PSS (shared pages divided
    among the processes sharing them: what the server really holds)."""
    try:
        with open(os.path.join(WORK, "postgres", "postmaster.pid")) as pid_file:
            postmaster = int(pid_file.read().splitlines()[0])
    except (OSError, ValueError, IndexError):
        return None
    pids = [postmaster]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == postmaster:
                        pids.append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    rss = pss = 0
    for pid in pids:
        try:
            rss += rss_kib(pid).get("VmRSS", 0)
            with open(f"/proc/{pid}/smaps_rollup") as rollup:
                pss += next(int(line.split()[1]) for line in rollup if line.startswith("Pss:"))
        except (OSError, StopIteration):
            pass
    return {"processes": len(pids), "rss_sum": round(rss / 1024, 1), "pss_sum": round(pss / 1024, 1)}


def the_jar():
    return os.environ.get("SUITE_BENCH_JAR") or os.path.join(ROOT, "target", "suite.jar")


def prepare_cds(jar):
    """How the measured start runs (START): for "script", scripts/start extracts the jar into bench/work-start and
    trains its cache once (a start that warms itself up and exits); for "cds", the jar extracted and one training
    start (the context refreshed, then closed) on a throw-away data directory writes a JDK 17 class data sharing
    archive (wave 2). The mode and what it needs."""
    if START == "script":
        # scripts/start keeps its extracted jar and cache while the jar, the JVM and the flags are the same.
        app = os.path.join(BENCH, "work-start")
        started = time.time()
        subprocess.run([os.path.join(ROOT, "scripts", "start"), jar], check=True, timeout=900,
                       env={**os.environ, **script_env(app), "SUITE_START_PREPARE_ONLY": "1"})
        log(f"scripts/start: jar extracted and a training start cached in {time.time() - started:.1f} s")
        return "script", app
    destination = os.path.join(BENCH, "work-cds")
    shutil.rmtree(destination, ignore_errors=True)
    subprocess.run(["java", "-Djarmode=tools", "-jar", jar, "extract", "--destination", destination], check=True,
                   capture_output=True, timeout=300)
    extracted = os.path.join(destination, os.path.basename(jar))
    archive = os.path.join(destination, "suite.jsa")
    training = os.path.join(destination, "training")
    started = time.time()
    subprocess.run(["java", *JVM_FLAGS, f"-XX:ArchiveClassesAtExit={archive}", "-Dspring.context.exit=onRefresh",
                    "-jar", extracted, "--server.port=0", f"--suite.access.data-directory={training}",
                    f"--suite.database.embedded-directory={training}/postgres", "--suite.database.url=",
                    "--logging.level.root=WARN"], check=True, capture_output=True, timeout=300,
                   env={**os.environ, **MALLOC_ENV})
    shutil.rmtree(training, ignore_errors=True)
    log(f"class data sharing archive written by a training start in {time.time() - started:.1f} s")
    return "cds", (extracted, archive)


def script_env(app):
    return {"SUITE_APP_DIR": app, "SUITE_JVM_OPTS": " ".join(JVM_FLAGS), **MALLOC_ENV,
            **({"SUITE_JAVA": SERVICE_JAVA} if SERVICE_JAVA else {})}


def start_service(extra_arguments=(), cds=None, fresh=True):
    """Starts the service on bench/work's data directory (a fresh one unless fresh=False: a restart on the data
    it has); the process and when it was started. With cds (prepare_cds's answer) as docs/operations.md runs it,
    otherwise `java -jar` on the jar."""
    arguments = [f"--server.port={PORT}", f"--suite.access.data-directory={WORK}",
                 f"--suite.database.embedded-directory={WORK}/postgres", "--suite.database.url=",
                 "--logging.level.root=WARN", "--logging.level.br.suite=INFO",
                 # The scenarios fetch every espelho, run reconciliations and syncs back to back as one user:
                 # the per-user limits of expensive calls (docs/api.md § Security model) would answer 429.
                 *[f"--suite.rate-limits.{kind}=1000000" for kind in
                   ("exports", "timesheets", "reconciliation", "provider-calls")],
                 *SERVICE_ARGS, *extra_arguments]
    environment = {**os.environ, **MALLOC_ENV}
    if cds and cds[0] == "script":
        command = [os.path.join(ROOT, "scripts", "start"), the_jar(), "--", *arguments]
        environment.update(script_env(cds[1]))
    elif cds:
        command = ["java", *JVM_FLAGS, f"-XX:SharedArchiveFile={cds[1][1]}", "-jar", cds[1][0], *arguments]
    else:
        command = ["java", *JVM_FLAGS, "-jar", the_jar(), *arguments]
    if fresh:
        shutil.rmtree(WORK, ignore_errors=True)
        os.makedirs(WORK)
    log("starting " + " ".join(command))
    started = time.time()
    server = subprocess.Popen(command, stdout=open(os.path.join(WORK, "service.log"), "a"),
                              stderr=subprocess.STDOUT, start_new_session=True, env=environment)
    global SERVICE
    SERVICE = server
    return server, started


def wait_healthy(server, started):
    """Waits for readiness (200); the seconds from the start to the first answer of any kind (liveness answers
    while the service still warms itself up) and to readiness."""
    first_answer = None
    while True:
        try:
            with urllib.request.urlopen(BASE + "/actuator/health/readiness", timeout=2) as response:
                if response.status == 200:
                    ready = round(time.time() - started, 2)
                    return first_answer or ready, ready
        except urllib.error.HTTPError:  # 503 while the service warms up: an answer, not readiness
            first_answer = first_answer or round(time.time() - started, 2)
        except OSError:  # refused, reset or timed out while starting (URLError is an OSError)
            pass
        if server.poll() is not None or time.time() - started > START_TIMEOUT:
            raise RuntimeError("the service did not become healthy; see bench/work/service.log")
        time.sleep(0.05)


def stop_service(server):
    try:
        os.killpg(server.pid, signal.SIGTERM)
    except ProcessLookupError:  # it had already exited
        return
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)


def psql(*statements):
    """Runs statements on the embedded PostgreSQL as its superuser; their unaligned output (None without psql)."""
    if not shutil.which("psql"):
        return None
    with open(os.path.join(WORK, "postgres", "postmaster.pid")) as pid_file:
        port = pid_file.read().splitlines()[3].strip()
    with open(os.path.join(WORK, "postgres-password")) as password_file:
        password = password_file.read().strip()
    command = ["psql", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-d", "postgres", "-X", "-A", "-t", "-F", "\t"]
    for statement in statements:
        command += ["-c", statement]
    shown = subprocess.run(command, env={**os.environ, "PGPASSWORD": password}, capture_output=True, text=True,
                           timeout=60)
    if shown.returncode != 0:
        raise RuntimeError("psql: " + shown.stderr.strip())
    return shown.stdout


def postgres_settings():
    """What the embedded PostgreSQL runs with, read back from the server itself (psql, with the password the
    service generated); without psql, the postmaster's command line, which carries the durability settings."""
    with open(os.path.join(WORK, "postgres", "postmaster.pid")) as pid_file:
        pid = pid_file.read().splitlines()[0].strip()
    with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
        settings = {"postmaster_command": [a.decode() for a in cmdline.read().split(b"\0") if a]}
    names = ["fsync", "synchronous_commit", "full_page_writes", "shared_buffers", "commit_delay",
             "commit_siblings", "wal_sync_method", "wal_buffers", "max_connections", "server_version"]
    try:
        shown = psql(*[f"SHOW {name}" for name in names])
    except RuntimeError as error:
        settings["psql_error"] = str(error)
        return settings
    if shown is not None:
        settings.update(zip(names, shown.split()))
    return settings


def startup_lines():
    """The service's own start-up timings (Spring's "Started … in" line and the face engine's loading)."""
    try:
        with open(os.path.join(WORK, "service.log"), errors="replace") as service_log:
            return [line.strip()[-200:] for line in service_log
                    if re.search(r"Started \w+ in|face engine|Face engine|models? loaded", line)][:10]
    except OSError:
        return []


def describe_postgres(settings):
    if "fsync" in settings:
        return (f"PostgreSQL {settings.get('server_version', '')} with " + ", ".join(
            f"{name}={settings[name]}" for name in ["fsync", "synchronous_commit", "full_page_writes", "shared_buffers",
                                                    "commit_delay", "commit_siblings", "wal_sync_method"]
            if name in settings))
    durable = [a for a in settings.get("postmaster_command", []) if a.split("=")[0] in
               ("fsync", "synchronous_commit", "full_page_writes") or a == "-F"]
    return "PostgreSQL started with " + (" ".join(durable) or "unknown settings") + " (psql not found to read them back)"


def seed(api):
    log("seeding: 5 roles, 20 users, 200 customers, 50 fins records, 500 transactions")
    seeded = {}
    roles = []
    for name in ["Financeiro", "RH", "Vendas", "Qualidade"]:
        roles.append(api.ok("POST", "/api/access/roles/", {
            "name": name, "description": f"Equipe de {name}",
            "permissions": ["customers.clientes.view", "fins.records.view", "finance.transactions.view"]})["id"])
    seeded["role_id"] = roles[0]
    for i in range(20):
        api.ok("POST", "/api/access/users/", {
            "username": f"func{i:02d}", "email": f"func{i:02d}@empresa.com.br", "full_name": f"Funcionário {i:02d}",
            "department": "Operações", "job_title": "Analista", "is_employee": True, "role_id": roles[i % 4]})
    customers = []
    for i in range(200):
        customers.append(api.ok("POST", "/api/clientes/", {
            "nome": f"Empresa Cliente {i:03d} Ltda", "email": f"contato{i:03d}@cliente.com.br",
            "telefone": f"+55119{i:08d}", "ativo": True})["id"])
    fins = []
    for i in range(50):
        fins.append(api.ok("POST", "/api/fins/", {
            "cliente": customers[i], "titulo": f"Renovar contrato {i}", "descricao": "Ligar para o financeiro",
            "data_limite": f"2026-12-{(i % 28) + 1:02d}", "concluido": i % 5 == 0})["id"])
    seeded["fins_id"] = fins[0]
    seeded["customer_ids"] = set(customers)
    import_csv(api, csv_rows(500, "2026-10-01", 1), "bench-small")
    return seeded


def remove_created_customers(api, seeded_ids):
    extra = [c["id"] for c in api.ok("GET", "/api/clientes/") if c["id"] not in seeded_ids]
    for cid in extra:
        api.ok("DELETE", f"/api/clientes/{cid}/")
    log(f"removed the {len(extra)} customers the cold d created (a lists the seeded {len(seeded_ids)})")


def plans_of(seeded, token_env):
    """Each throughput scenario: path, wrk script, environment, whether non-2xx answers are expected."""
    return {
        "a": ("/api/clientes/", "token.lua", token_env, False),
        "b": (f"/api/fins/{seeded['fins_id']}/", "token.lua", token_env, False),
        "c": ("/api/finance/transactions/", "token.lua", token_env, False),
        "f": ("/api/access/roles/", "token.lua", token_env, False),
        "e": (f"/api/access/roles/{seeded['role_id']}/", "patch_role.lua",
              {**token_env, "SUITE_PATH": f"/api/access/roles/{seeded['role_id']}/"}, False),
        "z": ("/api/access/roles/", "token.lua", {"SUITE_TOKEN": "0" * 40}, True),
        "d": ("/api/clientes/", "post_clientes.lua", token_env, False),
    }


def run_all(api, seeded, token_env, results, pid):
    plans = plans_of(seeded, token_env)
    chosen = [sid for sid in plans if ONLY is None or sid in ONLY]
    # Cold: every scenario once, right after start-up and seeding, before any of them is warmed up.
    colds = {sid: cold(sid, *plans[sid][:3], expect_non2xx=plans[sid][3]) for sid in chosen}
    if not STEADY:
        results["cold_only"] = colds
        results["notes"].append("SUITE_BENCH_STEADY=0: cold and first seconds only, no steady state")
        return
    if "d" in colds:
        # Cold d created customers: remove them, or the steady a would list thousands instead of the seeded 200.
        remove_created_customers(api, seeded["customer_ids"])
    scenarios = results["scenarios"]
    for sid in chosen:
        path, script, env, expect_non2xx = plans[sid]
        scenarios.append(scenario(sid, path, script, env, expect_non2xx=expect_non2xx, cold_state=colds[sid]))
    if ONLY is not None:
        results["notes"].append("only scenarios " + ", ".join(chosen) + ": no punches, scale set or reconciliation")
        return
    punch = punch_body(api)
    if punch:
        # Two connections, one per verification slot: the figure is the latency of a punch, and
        # with 16 connections it would mostly measure the queue in front of the 2 cores.
        scenarios.append(scenario("g", "/api/timeclock/punch/register/", "post_file_body.lua",
                                  {**token_env, "SUITE_BODY": punch}, connections=2))
    else:
        results["notes"].append("g skipped: no face photos available (run the tests once to fetch them)")
    # Scale set: 100 000 transactions through the CSV import, the last 50 000 in one measured confirm.
    log("scale set: importing 50 000 transactions, then timing one confirm of 50 000 rows")
    import_csv(api, csv_rows(50000, "2026-08-01", 2), "bench-scale-1")
    results["csv_import_50k"] = timed_import(api, csv_rows(50000, "2026-09-01", 3), "bench-scale-2", pid)
    results["csv_import_50k"].update({"target_wall_s": 10, "met": results["csv_import_50k"]["wall_s"] < 10})
    log(f"  confirm of 50 000 rows (prepare included): {results['csv_import_50k']['wall_s']:.2f} s")
    # The largest import a clerk can send: 130 000 lines, about 8 MiB (the upload limit), so the RSS after the run
    # includes it (issue 28 item 3); bench/import-memory measures its live heap alone.
    log("the largest CSV: 130 000 lines (about 8 MiB, the upload limit), prepared and confirmed")
    csv_bytes = csv_rows(130000, "2026-06-01", 5)
    results["csv_import_largest"] = {"lines": 130000, "file_mib": round(len(csv_bytes) / 1048576, 2),
                                     **timed_import(api, csv_bytes, "bench-largest", pid)}
    log(f"  {results['csv_import_largest']['wall_s']:.2f} s, {results['csv_import_largest']['inserted']} inserted")
    log("OFX import: one statement of 20 000 transactions, prepared and confirmed")
    results["ofx_import_20k"] = ofx_import(api)
    scenarios.append(scenario("h", "/api/finance/transactions/?date_from=2026-09-10&date_to=2026-09-20&limit=100",
                              "token.lua", token_env))
    results["reconcile_50k"] = reconcile_scale(api, RECONCILE_COUNT)
    import newwork  # the new work of wave 3 (issue 28 item 4): month close, Pix sync, shift change
    newwork.run_new_work(api, results, pid)


def reconcile_keys(i):
    """The exact key of payment i, by thirds: a Pix end-to-end id, a Pix txid, a boleto nosso número."""
    if i % 3 == 0:
        return {"end_to_end_id": f"E{i:031d}"}
    if i % 3 == 1:
        return {"txid": f"txbench{i:024d}"}
    return {"nosso_numero": f"NN{i:010d}"}


def reconcile_scale(api, count):
    """(k) count credits imported by CSV, count charges through the API, one timed reconciliation run."""
    reconcile_set(api, count)
    return reconcile_run(api, count)


def reconcile_set(api, count):
    """k's data: count credits imported by CSV into the account bench-reconcile, count charges through the API."""
    log(f"reconciliation: importing {count} credits, creating {count} charges, timing one run")
    lines = ["Data;Descrição;Valor;Identificador;EndToEndId;TxId;Documento"]
    for i in range(count):
        cents = 1000 + (i * 7919) % 900000
        keys = reconcile_keys(i)
        lines.append(f"{2 + i % 27:02d}/07/2026;PIX RECEBIDO {i};{cents // 100},{cents % 100:02d};R{i:07d};"
                     f"{keys.get('end_to_end_id', '')};{keys.get('txid', '')};{keys.get('nosso_numero', '')}")
    import_csv(api, ("\n".join(lines) + "\n").encode("utf-8"), "bench-reconcile")

    def create(i):
        cents = 1000 + (i * 7919) % 900000
        kind = "boleto" if i % 3 == 2 else "pix"
        Api(api.token).ok("POST", "/api/finance/charges/", {
            "kind": kind, "amount": f"{cents // 100}.{cents % 100:02d}", "due_date": f"2026-07-{1 + i % 28:02d}",
            "description": f"Cobrança {i}", **reconcile_keys(i)})

    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(create, range(count), chunksize=200))
    log(f"  {count} charges created in {time.time() - started:.1f} s")


def reconcile_run(api, count):
    """k itself: one reconciliation run over July's credits of bench-reconcile, timed."""
    started = time.time()
    outcome = api.ok("POST", "/api/finance/reconciliation/run/",
                     {"date_from": "2026-07-01", "date_to": "2026-07-31", "account_id": "bench-reconcile"})
    seconds = time.time() - started
    log(f"  reconciliation of {count} x {count}: {seconds:.2f} s, {outcome['allocations_created']} allocations")
    return {"wall_s": round(seconds, 2), "transactions": count, "charges": count,
            "allocations": outcome["allocations_created"], "target_wall_s": 10,
            "met": seconds < 10 and outcome["allocations_created"] == count}


def punch_body(api):
    """A punch of an enrolled employee with a real face photo, if the test photos were fetched."""
    photos = os.path.expanduser("~/.cache/suite/face-test-photos")
    # Grace Hopper's portrait (Debian python-matplotlib-data, 512x600 JPEG, like a kiosk snapshot) is
    # enrolled and then punched: every punch runs the whole detect-align-describe pipeline.
    enrol = os.path.join(photos, "grace_hopper.jpg")
    snapshot = enrol
    if not os.path.exists(enrol):
        log("fetching the face test photos (npm and Debian packages)")
        subprocess.run(["bash", os.path.join(ROOT, "scripts", "fetch-face-test-photos.sh"), photos], timeout=600)
    if not os.path.exists(enrol):
        return None
    user = api.ok("POST", "/api/access/users/", {"username": "ponto.bench", "full_name": "Ponto Bench",
                                                   "is_employee": True, "role_id": 1})
    with open(enrol, "rb") as image:
        api.ok("PUT", f"/api/access/users/{user['id']}/photo/",
               {"photo_base64": base64.b64encode(image.read()).decode()})
    with open(snapshot, "rb") as image:
        body = {"event_type": "entrada", "employee_id": user["id"],
                "snapshot_base64": base64.b64encode(image.read()).decode()}
    path = os.path.join(WORK, "punch.json")
    with open(path, "w") as out:
        json.dump(body, out)
    return path


def ratio(value, reference):
    return f"{value / reference:.1f}×" if value and reference else ""


def write(results, commit):
    os.makedirs(os.path.join(BENCH, "results"), exist_ok=True)
    stem = f"{datetime.date.today():%Y-%m-%d}-{commit}" + ("-quick" if QUICK else "") + ("-only" if ONLY else "")
    with open(os.path.join(BENCH, "results", stem + ".json"), "w") as out:
        json.dump(results, out, indent=2)
    lines = [f"# Suite benchmark {stem}", "",
             f"wrk, {CONNECTIONS} connections, 2 threads, {results['cpus']} cores; JVM `{' '.join(JVM_FLAGS)}`; "
             f"{describe_postgres(results.get('postgres', {}))}. Load average when the service started: "
             f"{results['load_before_start']:.2f}.", "",
             f"- **first {COLD_DURATION} s**: each scenario alone, right after a restart of the service on the seeded "
             "data (readiness 200), one run;",
             f"- **cold**: one {COLD_DURATION} s run per scenario right after start-up and seeding (no warm-up);",
             f"- **steady**: after a {WARMUP} s warm-up, {RUNS} × {DURATION} s with wrk pinned to CPU {PIN_CPU} "
             f"(`taskset`) and {RUNS} × {DURATION} s unpinned, median run of each;",
             "- DRF: issue 18's figures; targets: req/s ≥ 5 × DRF (better steady median), p99 ≤ DRF / 3 (pinned).",
             "",
             "| id | request | cold req/s | pinned req/s | pinned p50 ms | pinned p99 ms | unpinned req/s | unpinned p99 ms "
             "| DRF req/s | DRF p99 ms | req/s ratio | p99 ratio (DRF/pinned) | target req/s | target p99 ms | met | errors "
             "| CPU busy before runs | JVM CPU ms/req | PostgreSQL CPU ms/req |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in results["scenarios"]:
        pinned, unpinned, cold_state = s["pinned"], s["unpinned"], s.get("cold")
        best = max(pinned["requests_per_s"], unpinned["requests_per_s"])
        if s.get("met") is None:
            met = ""
        else:
            missed = [name for name, key in (("req/s", "throughput_met"), ("p99", "p99_met"), ("errors", "errors_met"))
                      if not s[key]]
            met = "met" if s["met"] else "**not met** (" + ", ".join(missed) + ")"
        busy = ", ".join(f"{round(r['cpu_busy_before'] * 100)}%{'' if r['quiet'] else '!'}"
                         for r in pinned["runs"] + unpinned["runs"])
        lines.append(
            f"| {s['id']} | {s['description']} | {cold_state['requests_per_s']:.0f} | " if cold_state else
            f"| {s['id']} | {s['description']} | | ")
        lines[-1] += (
            f"{pinned['requests_per_s']:.0f} | {pinned['p50_ms']:.2f} | {pinned['p99_ms']:.2f} | "
            f"{unpinned['requests_per_s']:.0f} | {unpinned['p99_ms']:.2f} | {s['drf_requests_per_s'] or ''} | "
            f"{s['drf_p99_ms'] or ''} | {ratio(best, s['drf_requests_per_s'])} | "
            f"{ratio(s['drf_p99_ms'], pinned['p99_ms'])} | {s.get('target_requests_per_s', '')} | "
            f"{s.get('target_p99_ms', '')} | {met} | {pinned['errors'] + unpinned['errors'] + (cold_state or {}).get('errors', 0)} | "
            f"{busy} | {per_request(pinned, 'jvm')} | {per_request(pinned, 'postgres')} |")
    lines.append("")
    if "csv_import_50k" in results:
        c = results["csv_import_50k"]
        lines.append(f"- (i) CSV import of 50 000 rows (prepare + confirm): {c['wall_s']} s (target < 10 s: "
                     f"{'met' if c['met'] else 'not met'}), service peak RSS {c['peak_rss_mib']} MiB.")
    if "csv_import_largest" in results:
        c = results["csv_import_largest"]
        lines.append(f"- The largest CSV ({c['lines']} lines, {c['file_mib']} MiB, the upload limit), prepare + confirm: "
                     f"{c['wall_s']} s, {c['inserted']} inserted; service peak RSS {c['peak_rss_mib']} MiB "
                     f"(grew {c['peak_rss_grew_mib']} MiB).")
    if "ofx_import_20k" in results:
        o = results["ofx_import_20k"]
        lines.append(f"- (l) OFX import of {o['transactions']} transactions ({o['file_mib']} MiB): prepare {o['prepare_s']} s + "
                     f"confirm {o['confirm_s']} s = {o['wall_s']} s (target < 10 s: {'met' if o['met'] else 'not met'}); "
                     f"the same file again: {o['reimport_wall_s']} s, {o['reimport_skipped']} skipped, "
                     f"{o['reimport_inserted']} inserted.")
    if "reconcile_50k" in results:
        r = results["reconcile_50k"]
        lines.append(f"- (k) automatic reconciliation of {r['transactions']} credits against {r['charges']} charges "
                     f"(POST /api/finance/reconciliation/run/): {r['wall_s']} s, {r['allocations']} allocations "
                     f"(target < 10 s, every one matched: {'met' if r['met'] else 'not met'}).")
    startup = results.get("startup_s")
    rss = results.get("rss_after_mib")
    pg = results.get("postgres_memory_mib") or {}
    together = round(rss + pg["pss_sum"], 1) if rss is not None and pg.get("pss_sum") is not None else None
    lines.append(f"- (j) start-up, {results.get('startup_mode', 'java -jar')}, fresh data directory: first answer after "
                 f"{results.get('startup_first_answer_s')} s, ready (readiness 200) after {startup} s (target ≤ 5 s: "
                 f"{'met' if startup is not None and startup <= 5 else 'not met'}); RSS after the run: JVM {rss} MiB "
                 f"(peak {results.get('peak_rss_mib')} MiB), PostgreSQL {pg.get('pss_sum')} MiB PSS "
                 f"({pg.get('rss_sum')} MiB RSS summed over its {pg.get('processes')} processes); JVM + PostgreSQL "
                 f"{together} MiB (target ≤ 768 MiB: {'met' if together is not None and together <= 768 else 'not met'}).")
    if results.get("cold_only"):
        lines.append("- cold (steady state not measured): " + ", ".join(
            f"{sid} {c['requests_per_s']:.0f} req/s" for sid, c in results["cold_only"].items()))
    if results.get("first_seconds"):
        lines.append(f"- first {COLD_DURATION} s after a restart (each scenario alone, service restarted on the "
                     "seeded data, target ≥ ½ of steady):")
        for sid, f in results["first_seconds"].items():
            lines.append(f"  - {sid}: {f['requests_per_s']:.0f} req/s (p99 {f['p99_ms']:.1f} ms) = "
                         f"{f.get('ratio_to_steady', '?')} × steady {f.get('steady_requests_per_s', '?')} "
                         f"({'met' if f.get('met') else 'not met'}); restart: first answer {f['restart_first_answer_s']} s, "
                         f"ready {f['restart_ready_s']} s; load {f['load_before']}")
    lines.append(f"- load average before preparing {results.get('load_before_prepare')}, before the start "
                 f"{results.get('load_before_start')}, after the run {results.get('load_after')}; service: "
                 f"{results.get('start')} {results.get('service_java') or ''} {' '.join(results.get('service_args') or [])}")
    if results.get("rss_parts_mib"):
        lines.append("  - RSS after the run by kind (MiB): " + ", ".join(
            f"{key} {value}" for key, value in results["rss_parts_mib"].items()))
    if results.get("native_memory_mib"):
        lines.append("  - JVM native memory tracking, committed MiB: " + ", ".join(
            f"{key} {value}" for key, value in results["native_memory_mib"].items()))
    for line in results.get("startup_log", []):
        lines.append(f"  - service log: `{line}`")
    import newwork
    lines.extend(newwork.markdown_lines(results) + [""])
    for note in results["notes"]:
        lines.append(f"- {note}")
    with open(os.path.join(BENCH, "results", stem + ".md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
