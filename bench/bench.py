"""Suite benchmark driver (called by bench/run).

Starts target/suite.jar on a fresh embedded PostgreSQL (durable: fsync, synchronous_commit and
full_page_writes on, as the service always runs it; the settings are read back and recorded), seeds data through the
public API, runs each scenario with wrk (16 connections, warm-up, 3 measured runs, median), and writes
bench/results/<date>-<commit>.json and .md. Loopback only; every run is bounded in time.
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
CONNECTIONS = 16
DURATION = 2 if QUICK else 10
WARMUP = 1 if QUICK else 5
RUNS = 1 if QUICK else 3
# The same JVM settings and allocator environment as `mvn spring-boot:run` (pom.xml).
JVM_FLAGS = os.environ.get("SUITE_BENCH_JVM", "-XX:+UseParallelGC -Xmx512m").split()
MALLOC_ENV = {"MALLOC_ARENA_MAX": "2", "MALLOC_MMAP_THRESHOLD_": "1048576"}

# id: (description, DRF req/s, DRF p99 ms, target req/s, target p99 ms)
TARGETS = {
    "a": ("GET /api/clientes/ (200 customers)", 275, 84.7, 1400, 17),
    "b": ("GET /api/fins/{id}/", 1072, 19.8, 5400, 4),
    "c": ("GET /api/finance/transactions/ (500 rows)", 69, 299, 350, 60),
    "d": ("POST /api/clientes/ (unique bodies)", 811, 29.5, 4000, 6),
    "e": ("PATCH /api/access/roles/{id}/", 640, 34.4, 3200, 7),
    "f": ("GET /api/access/roles/ (5 roles)", 763, 31.1, 3800, 6),
    "z": ("GET with an unknown token (401)", 1605, 13.9, 8000, 3),
    "g": ("POST /api/timeclock/punch/register/ with face verification", None, None, None, None),
    "h": ("GET /api/finance/transactions/?date_from…&limit=100 (100 000 rows)", None, None, None, None),
}

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


def rss_kib(pid):
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(("VmRSS", "VmHWM")):
                key, value = line.split(":")
                values[key] = int(value.split()[0])
    return values


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


def wrk(path, script, env, duration, connections=CONNECTIONS):
    command = ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--timeout", "10s", "--latency",
               "-s", os.path.join(BENCH, "lua", script), BASE + path]
    output = subprocess.run(command, env={**os.environ, **env}, capture_output=True, text=True,
                            timeout=duration + 60).stdout
    result = {"requests_per_s": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))}
    result["p50_ms"] = parse_ms(re.search(r"\s50%\s+(\S+)", output).group(1))
    result["p99_ms"] = parse_ms(re.search(r"\s99%\s+(\S+)", output).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    result["non_2xx"] = int(non2xx.group(1)) if non2xx else 0
    result["socket_errors"] = sum(int(g) for g in socket.groups()) if socket else 0
    result["requests"] = int(re.search(r"(\d+) requests in", output).group(1))
    return result


def scenario(sid, path, script, env, expect_non2xx=False, connections=CONNECTIONS):
    log(f"scenario {sid}: {TARGETS[sid][0]}")
    wrk(path, script, env, WARMUP, connections)
    runs = []
    for _ in range(RUNS):
        load, busy = wait_quiet()
        run = wrk(path, script, env, DURATION, connections)
        run["load_before"] = round(load, 2)
        run["cpu_busy_before"] = round(busy, 3)
        run["quiet"] = busy <= 0.10
        runs.append(run)
    median = sorted(runs, key=lambda r: r["requests_per_s"])[len(runs) // 2]
    errors = sum(r["socket_errors"] + (0 if expect_non2xx else r["non_2xx"]) for r in runs)
    unexpected_ok = sum(r["requests"] - r["non_2xx"] for r in runs) if expect_non2xx else 0
    description, drf_rps, drf_p99, target_rps, target_p99 = TARGETS[sid]
    result = {
        "id": sid, "description": description, "runs": runs,
        "requests_per_s": median["requests_per_s"], "p50_ms": median["p50_ms"], "p99_ms": median["p99_ms"],
        "errors": errors + unexpected_ok, "target_requests_per_s": target_rps, "target_p99_ms": target_p99,
        "drf_requests_per_s": drf_rps, "drf_p99_ms": drf_p99, "connections": connections,
    }
    if target_rps is not None:
        result["met"] = median["requests_per_s"] >= target_rps and median["p99_ms"] <= target_p99 and result["errors"] == 0
    log(f"  {median['requests_per_s']:.0f} req/s, p50 {median['p50_ms']:.2f} ms, p99 {median['p99_ms']:.2f} ms, errors {result['errors']}")
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


def main():
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    jar = os.path.join(ROOT, "target", "suite.jar")
    command = ["java", *JVM_FLAGS, "-jar", jar, f"--server.port={PORT}",
               f"--suite.access.data-directory={WORK}", f"--suite.database.embedded-directory={WORK}/postgres",
               "--suite.database.url=", "--logging.level.root=WARN"]
    log("starting " + " ".join(command))
    started = time.time()
    server = subprocess.Popen(command, stdout=open(os.path.join(WORK, "service.log"), "w"),
                              stderr=subprocess.STDOUT, start_new_session=True, env={**os.environ, **MALLOC_ENV})
    results = {"commit": commit, "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
               "quick": QUICK, "jvm_flags": JVM_FLAGS, "connections": CONNECTIONS, "duration_s": DURATION,
               "runs": RUNS, "cpus": os.cpu_count(), "scenarios": [], "notes": []}
    try:
        while True:
            try:
                with urllib.request.urlopen(BASE + "/actuator/health/readiness", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError):
                pass
            if server.poll() is not None or time.time() - started > 120:
                raise RuntimeError("the service did not become healthy; see bench/work/service.log")
            time.sleep(0.1)
        results["startup_s"] = round(time.time() - started, 2)
        log(f"healthy after {results['startup_s']} s")
        results["postgres"] = postgres_settings()
        log(f"PostgreSQL settings: {results['postgres']}")
        with open(os.path.join(WORK, "admin-token")) as token_file:
            api = Api(token_file.read().strip())
        token_env = {"SUITE_TOKEN": api.token}
        seeded = seed(api)
        run_all(api, seeded, token_env, results, server.pid)
        memory = rss_kib(server.pid)
        results["rss_after_mib"] = round(memory["VmRSS"] / 1024, 1)
        results["peak_rss_mib"] = round(memory["VmHWM"] / 1024, 1)
        results["env"] = MALLOC_ENV
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    write(results, commit)


def postgres_settings():
    """What the embedded PostgreSQL runs with, read back from the server itself (psql, with the password the
    service generated); without psql, the postmaster's command line, which carries the durability settings."""
    data = os.path.join(WORK, "postgres")
    with open(os.path.join(data, "postmaster.pid")) as pid_file:
        lines = pid_file.read().splitlines()
    pid, port = lines[0].strip(), lines[3].strip()
    with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
        settings = {"postmaster_command": [a.decode() for a in cmdline.read().split(b"\0") if a]}
    if shutil.which("psql"):
        with open(os.path.join(WORK, "postgres-password")) as password_file:
            password = password_file.read().strip()
        names = ["fsync", "synchronous_commit", "full_page_writes", "shared_buffers", "server_version"]
        command = ["psql", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-d", "postgres", "-X", "-A", "-t"]
        for name in names:
            command += ["-c", f"SHOW {name}"]
        shown = subprocess.run(command, env={**os.environ, "PGPASSWORD": password}, capture_output=True, text=True,
                               timeout=30)
        if shown.returncode == 0:
            settings.update(zip(names, shown.stdout.split()))
        else:
            settings["psql_error"] = shown.stderr.strip()
    return settings


def describe_postgres(settings):
    if "fsync" in settings:
        return (f"PostgreSQL {settings.get('server_version', '')} with fsync={settings['fsync']}, "
                f"synchronous_commit={settings['synchronous_commit']}, full_page_writes={settings['full_page_writes']}, "
                f"shared_buffers={settings['shared_buffers']}")
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
    import_csv(api, csv_rows(500, "2026-10-01", 1), "bench-small")
    return seeded


def run_all(api, seeded, token_env, results, pid):
    scenarios = results["scenarios"]
    scenarios.append(scenario("a", "/api/clientes/", "token.lua", token_env))
    scenarios.append(scenario("b", f"/api/fins/{seeded['fins_id']}/", "token.lua", token_env))
    scenarios.append(scenario("c", "/api/finance/transactions/", "token.lua", token_env))
    scenarios.append(scenario("f", "/api/access/roles/", "token.lua", token_env))
    scenarios.append(scenario("e", f"/api/access/roles/{seeded['role_id']}/", "patch_role.lua",
                              {**token_env, "SUITE_PATH": f"/api/access/roles/{seeded['role_id']}/"}))
    scenarios.append(scenario("z", "/api/access/roles/", "token.lua", {"SUITE_TOKEN": "0" * 40},
                              expect_non2xx=True))
    scenarios.append(scenario("d", "/api/clientes/", "post_clientes.lua", token_env))
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
    csv_bytes = csv_rows(50000, "2026-09-01", 3)
    before = rss_kib(pid)["VmHWM"]
    started = time.time()
    outcome = import_csv(api, csv_bytes, "bench-scale-2")
    seconds = time.time() - started
    after = rss_kib(pid)
    results["csv_import_50k"] = {"wall_s": round(seconds, 2), "inserted": outcome.get("inserted_count"),
                                 "peak_rss_mib": round(after["VmHWM"] / 1024, 1),
                                 "peak_rss_grew_mib": round((after["VmHWM"] - before) / 1024, 1),
                                 "target_wall_s": 10, "met": seconds < 10}
    log(f"  confirm of 50 000 rows (prepare included): {seconds:.2f} s")
    scenarios.append(scenario("h", "/api/finance/transactions/?date_from=2026-09-10&date_to=2026-09-20&limit=100",
                              "token.lua", token_env))
    results["reconcile_50k"] = reconcile_scale(api, RECONCILE_COUNT)


def reconcile_keys(i):
    """The exact key of payment i, by thirds: a Pix end-to-end id, a Pix txid, a boleto nosso número."""
    if i % 3 == 0:
        return {"end_to_end_id": f"E{i:031d}"}
    if i % 3 == 1:
        return {"txid": f"txbench{i:024d}"}
    return {"nosso_numero": f"NN{i:010d}"}


def reconcile_scale(api, count):
    """(k) count credits imported by CSV, count charges through the API, one timed reconciliation run."""
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


def write(results, commit):
    os.makedirs(os.path.join(BENCH, "results"), exist_ok=True)
    stem = f"{datetime.date.today():%Y-%m-%d}-{commit}" + ("-quick" if QUICK else "")
    with open(os.path.join(BENCH, "results", stem + ".json"), "w") as out:
        json.dump(results, out, indent=2)
    lines = [f"# Suite benchmark {stem}", "",
             f"wrk, {CONNECTIONS} connections, {DURATION} s per run, {RUNS} run(s) after a {WARMUP} s warm-up, "
             f"median shown; {results['cpus']} cores; JVM `{' '.join(JVM_FLAGS)}`; "
             f"{describe_postgres(results.get('postgres', {}))}.", "",
             "| id | request | req/s | p50 ms | p99 ms | errors | target req/s | target p99 ms | met | load avg / CPU busy before each run |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for s in results["scenarios"]:
        met = "" if s.get("met") is None else ("yes" if s["met"] else "**no**")
        loads = ", ".join(f"{r['load_before']} / {round(r['cpu_busy_before'] * 100)}%{'' if r['quiet'] else ' (busy)'}"
                          for r in s["runs"])
        lines.append(f"| {s['id']} | {s['description']} | {s['requests_per_s']:.0f} | {s['p50_ms']:.2f} | "
                     f"{s['p99_ms']:.2f} | {s['errors']} | {s['target_requests_per_s'] or ''} | "
                     f"{s['target_p99_ms'] or ''} | {met} | {loads} |")
    lines.append("")
    if "csv_import_50k" in results:
        c = results["csv_import_50k"]
        lines.append(f"- (i) CSV import of 50 000 rows (prepare + confirm): {c['wall_s']} s (target < 10 s: "
                     f"{'met' if c['met'] else 'not met'}), service peak RSS {c['peak_rss_mib']} MiB.")
    if "reconcile_50k" in results:
        r = results["reconcile_50k"]
        lines.append(f"- (k) automatic reconciliation of {r['transactions']} credits against {r['charges']} charges "
                     f"(POST /api/finance/reconciliation/run/): {r['wall_s']} s, {r['allocations']} allocations "
                     f"(target < 10 s, every one matched: {'met' if r['met'] else 'not met'}).")
    lines.append(f"- (j) start-up to healthy: {results.get('startup_s')} s; RSS after the run: "
                 f"{results.get('rss_after_mib')} MiB (peak {results.get('peak_rss_mib')} MiB).")
    for note in results["notes"]:
        lines.append(f"- {note}")
    with open(os.path.join(BENCH, "results", stem + ".md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
