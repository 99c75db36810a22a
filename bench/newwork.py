"""The new work of wave 3 in the benchmark (issue 28 item 4), each scenario with its target beside it:

- month-close: a month of hours for 1 000 employees (4 marks a day) computed and closed;
- pix-sync: a pull sync of 10 000 received Pix from a fake PSP (bench/fake_psp.py, a separate process over mTLS);
- shift-change: 200 employees punching with the face check from 4 kiosks at once (p99 per punch).

Everything goes through the public HTTP API of the service bench.py started (target/suite.jar). bench.py's full run
calls run_new_work() after its scale set and markdown_lines() for its .md; alone:
  python3 bench/newwork.py month-close|pix-sync|shift-change     (bench/month-close, bench/pix-sync, bench/shift-change)
which start the service as bench.py does and write bench/results/<date>-<commit>-<name>.json and .md.
"""

import base64
import concurrent.futures
import datetime
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
import uuid

import bench

# What the service needs for these scenarios: the fake PSP listens on 127.0.0.1, which Suite refuses as a
# provider URL unless loopback targets are allowed (docs/api.md § Credentials). bench.main() and the standalone
# runs put this in the environment of the started service.
SERVICE_ENV = {"SUITE_WEBHOOKS_ALLOW_LOOPBACK": "true"}

QUICK = bench.QUICK
EMPLOYEES = int(os.environ.get("SUITE_BENCH_MONTH_EMPLOYEES", "50" if QUICK else "1000"))
MONTH = "2026-10"
PIX_COUNT = int(os.environ.get("SUITE_BENCH_PIX_COUNT", "1000" if QUICK else "10000"))
SHIFT_EMPLOYEES = int(os.environ.get("SUITE_BENCH_SHIFT_EMPLOYEES", "20" if QUICK else "200"))
KIOSKS = 4
# How the month's marks are seeded: "api" (every mark through POST /api/timeclock/punch-adjustments/) or "sql"
# (the first MONTH_API_SAMPLE through the API, for the rate, the rest by COPY into the same table).
MONTH_SEED = os.environ.get("SUITE_BENCH_MONTH_SEED", "api")
MONTH_API_SAMPLE = int(os.environ.get("SUITE_BENCH_MONTH_API_SAMPLE", "2000"))
# SUITE_BENCH_JFR=1: a JFR recording of each measured step in bench/work (jcmd on the service's pid).
JFR = os.environ.get("SUITE_BENCH_JFR") == "1"
SERVICE_PID = None

# Targets, each with the reason a user would accept it (docs/performance.md § Wave 3 repeats them).
TARGETS = {
    # HR (or the employee) opens one espelho and waits for the page: half a second still feels immediate.
    "timesheet_p99_ms": 500,
    # Every espelho of 1 000 employees one after another (a payroll export or a review pass): a minute.
    "timesheets_all_s": 60,
    # The closing is one request a person waits for: it must end within a reverse proxy's usual 60 s
    # (nginx proxy_read_timeout) with room to spare.
    "close_s": 60,
    # A manual "sincronizar" that a person waits for, and far below the 10-minute sync interval.
    "pix_sync_s": 30,
    # The employee stands at the kiosk until it confirms: 2 s keeps a line of 50 per kiosk moving (under
    # 2 minutes for the whole shift) and stays well inside the face engine's 5 s wait before engine_busy.
    "punch_p99_ms": 2000,
}


def percentile(values, share):
    ordered = sorted(values)
    if not ordered:
        return None
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered) + 0.5)) - 1))]


def cpf(base):
    digits = [int(c) for c in f"{base:09d}"]
    for position in (10, 11):
        rest = sum(d * (position - i) for i, d in enumerate(digits)) % 11
        digits.append(0 if rest < 2 else 11 - rest)
    return "".join(map(str, digits))


class Client:
    """One keep-alive HTTP/1.1 connection to the service (urllib opens one per request, which would make the
    seeding measure the client). Not shared between threads."""

    def __init__(self, token):
        self.token = token
        self.connection = None

    def call(self, method, path, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else None
        sent = {**({"Authorization": "Token " + self.token} if self.token else {}), **(headers or {})}
        if data is not None:
            sent["Content-Type"] = "application/json"
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", bench.PORT, timeout=600)
            try:
                self.connection.request(method, path, body=data, headers=sent)
                response = self.connection.getresponse()
                text = response.read()
            except (http.client.HTTPException, OSError):
                # A keep-alive connection the server closed while idle: the request never reached it.
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
                continue
            try:
                payload = json.loads(text) if text else None
            except ValueError:
                payload = text.decode(errors="replace")
            return response.status, payload, response

    def ok(self, method, path, body=None, headers=None):
        status, payload, _ = self.call(method, path, body, headers)
        if status >= 300:
            raise RuntimeError(f"{method} {path} -> {status}: {payload}")
        return payload


def parallel(token, work, items, threads=8):
    """Runs work(client, item) over items on `threads` threads, each with its own keep-alive client."""
    local = threading.local()

    def run(item):
        if not hasattr(local, "client"):
            local.client = Client(token)
        return work(local.client, item)

    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        return list(pool.map(run, items))


def jfr(name, start):
    """SUITE_BENCH_JFR=1: starts or stops (and dumps to bench/work-jfr/<name>.jfr) a JFR recording of the service."""
    if not JFR or SERVICE_PID is None:
        return
    directory = os.path.join(bench.BENCH, "work-jfr")
    os.makedirs(directory, exist_ok=True)
    command = (["JFR.start", f"name={name}", "settings=profile"] if start else
               ["JFR.stop", f"name={name}", f"filename={os.path.join(directory, name + '.jfr')}"])
    subprocess.run(["jcmd", str(SERVICE_PID), *command], capture_output=True, timeout=120)


def cpu_seconds():
    """CPU seconds (user + system) used so far by the service's JVM and by its PostgreSQL (postmaster and backends):
    on a machine shared with other work, what a step cost, whatever the wall time the scheduler gave it."""
    hz = os.sysconf("SC_CLK_TCK")
    try:
        postgres = bench.postgres_cpu_ticks() / hz
    except OSError:
        postgres = None
    return {"service": bench.cpu_ticks(SERVICE_PID) / hz if SERVICE_PID else None, "postgres": postgres}


def cpu_used(before):
    """The CPU seconds since `before` (cpu_seconds()), backends that ended in between included."""
    after = cpu_seconds()
    return {f"{key}_cpu_s": (round(after[key] - before[key], 2) if after[key] is not None and before[key] is not None
                             else None) for key in after}


def quiet_state():
    load, busy = bench.wait_quiet()
    return {"load_average_1m": round(load, 2), "load_average_5m": round(os.getloadavg()[1], 2),
            "cpu_busy_before": round(busy, 3)}


def role(api, name, permissions):
    for existing in api.ok("GET", "/api/access/roles/"):
        if existing["name"] == name:
            return existing["id"]
    return api.ok("POST", "/api/access/roles/", {"name": name, "description": "Benchmark",
                                                "permissions": permissions})["id"]


def create_employees(token, prefix, count, cpf_first_digit, role_id, establishment_id=None, threads=4):
    def create(client, i):
        body = {"username": f"{prefix}{i:04d}", "full_name": f"Colaborador {prefix} {i:04d}", "is_employee": True,
                "role_id": role_id, "cpf": cpf(cpf_first_digit * 100000000 + i), "department": "Produção"}
        if establishment_id is not None:
            body["establishment_id"] = establishment_id
        return client.ok("POST", "/api/access/users/", body)["id"]
    return parallel(token, create, range(count), threads)


# --- 1. A month of hours for 1 000 employees, computed and closed -------------------------------------------------

WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


def marks_of(i, day):
    """Employee i's four marks on `day` (local São Paulo times): arrivals 07:50-08:09 (every 9th day-employee
    late at 08:2x), lunch 12:00-12:05 to 12:58-13:05, exits 17:00-17:39 (some overtime) - so the computation
    meets tolerance, lateness, overtime and the bank, not only exact days."""
    r = (i * 7 + day.day * 13) % 97
    arrive = (7, 50 + r % 20) if r % 9 else (8, 20 + r % 10)
    arrive = (arrive[0] + arrive[1] // 60, arrive[1] % 60)
    lunch_out = (12, r % 6)
    lunch_in = (12, 58) if r % 8 < 2 else (13, r % 6)
    leave = (17, (r * 3) % 40)
    return [("entrada", arrive), ("inicio_intervalo", lunch_out), ("fim_intervalo", lunch_in), ("saida", leave)]


def month_close(api, employees=EMPLOYEES, month=MONTH):
    token = api.token
    result = {"employees": employees, "month": month, "marks_per_day": 4, "targets": {
        k: TARGETS[k] for k in ("timesheet_p99_ms", "timesheets_all_s", "close_s")}}
    bench.log(f"month-close: seeding an establishment, a schedule, {employees} employees and a month of marks")
    started = time.time()
    establishment = api.ok("POST", "/api/timeclock/establishments/", {
        "name": "Indústria Bench Ltda", "employer_document": "11222333000181",
        "address": "Rua da Medição, 100, São Paulo SP", "time_zone": "America/Sao_Paulo"})["id"]
    week = {day: ([{"start": "08:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}] if day not in ("sat", "sun")
                  else []) for day in WEEKDAYS}
    schedule = api.ok("POST", "/api/timeclock/schedules/", {
        "name": "Comercial 8h (bench)", "kind": "weekly", "days": week, "rest_day": "sun", "time_bank": True})["id"]
    role_id = role(api, "Colaboradores (bench)", ["timeclock.own.view"])
    ids = create_employees(token, "mes", employees, 7, role_id, establishment)
    first = datetime.date.fromisoformat(month + "-01")
    parallel(token, lambda client, uid: client.ok("PUT", f"/api/timeclock/employees/{uid}/schedule/", {
        "schedule_id": schedule, "valid_from": first.isoformat()}), ids, 4)
    holidays = {h["date"] for h in api.ok("GET", f"/api/timeclock/holidays/?year={first.year}"
                                                 f"&establishment_id={establishment}")}
    days = []
    day = first
    while day.month == first.month:
        if day.weekday() < 5 and day.isoformat() not in holidays:
            days.append(day)
        day += datetime.timedelta(days=1)
    seeded_people = time.time() - started
    # The marks: the service stamps a punch with its own clock (a past month cannot be punched), so a past
    # month arrives the way a forgotten mark does - POST /api/timeclock/punch-adjustments/ kind include, with
    # its reason - one request per mark, as a client importing a collector's month would send them.
    marks = [(uid, d, event, hm) for n, uid in enumerate(ids) for d in days for event, hm in marks_of(n, d)]
    bench.log(f"  {len(ids)} employees in {seeded_people:.1f} s; {len(marks)} marks over {len(days)} working days")
    started_marks = time.time()

    def include(client, mark):
        uid, d, event, (hour, minute) = mark
        client.ok("POST", "/api/timeclock/punch-adjustments/", {
            "kind": "include", "employee_id": uid, "event_type": event,
            "occurred_at": f"{d.isoformat()}T{hour:02d}:{minute:02d}:00-03:00",
            "reason": "Marcação do coletor importada (benchmark)"})
    through_api = marks if MONTH_SEED == "api" else marks[:MONTH_API_SAMPLE]
    parallel(token, include, through_api, 8)
    marks_s = time.time() - started_marks
    result["seed"] = {"establishment_id": establishment, "schedule_id": schedule, "working_days": len(days),
                      "marks": len(marks), "people_s": round(seeded_people, 1), "marks_through_api": len(through_api),
                      "api_s": round(marks_s, 1), "api_marks_per_s": round(len(through_api) / marks_s),
                      "route": "POST /api/timeclock/punch-adjustments/"}
    bench.log(f"  {len(through_api)} marks through the API in {marks_s:.1f} s ({len(through_api) / marks_s:.0f}/s)")
    if len(through_api) < len(marks):
        # SUITE_BENCH_MONTH_SEED=sql: the rest as the same rows the API writes (timeclock_punch_adjustment, kind
        # include, the same reason and author), in one COPY - only the audit events are missing, which neither the
        # espelho nor the closing reads. For a machine where the API rate above would take longer than the run.
        admin = next(u["id"] for u in api.ok("GET", "/api/access/users/?q=admin") if u["username"] == "admin")
        path = os.path.join(bench.WORK, "marks.csv")
        stamp = datetime.datetime.now(datetime.timezone.utc).isoformat()
        with open(path, "w") as out:
            for uid, d, event, (hour, minute) in marks[len(through_api):]:
                out.write(f"include,{uid},{event},{d.isoformat()}T{hour:02d}:{minute:02d}:00-03:00,"
                          f"Marcação do coletor importada (benchmark),{admin},{stamp}\n")
        started_sql = time.time()
        bench.psql(f"\\copy timeclock_punch_adjustment (kind, employee_id, event_type, occurred_at, reason, "
                   f"created_by, created_at) FROM '{path}' WITH (FORMAT csv)")
        result["seed"]["sql_rows"] = len(marks) - len(through_api)
        result["seed"]["sql_s"] = round(time.time() - started_sql, 1)
        bench.log(f"  the other {len(marks) - len(through_api)} marks by COPY in {result['seed']['sql_s']} s")

    # The schedule (with its time bank) is in force from the 1st: the company's first month on the time clock,
    # so each espelho computes this one month (with an earlier start the bank would recompute every month since).
    # Every employee's month, one after another (one client: the latency a person sees), twice: the first pass
    # is what HR meets on the service as it is; the second, with the computation's code compiled.
    client = Client(token)
    passes = []
    for label in ("first", "second"):
        state = quiet_state()
        latencies, worked, short = [], 0, 0
        jfr(f"timesheets-{label}", True)
        cpu = cpu_seconds()
        started = time.time()
        for uid in ids:
            t0 = time.perf_counter()
            sheet = client.ok("GET", f"/api/timeclock/timesheets/?employee_id={uid}&month={month}")
            latencies.append((time.perf_counter() - t0) * 1000)
            worked += sheet["worked_minutes"]
            short += sum(1 for d in sheet["days"] if d.get("kind") == "work" and len(d.get("marks") or []) != 4)
        wall = time.time() - started
        used = cpu_used(cpu)
        jfr(f"timesheets-{label}", False)
        passes.append({"pass": label, **state, **used, "wall_s": round(wall, 2), "p50_ms": round(percentile(latencies, .5), 1),
                       "p99_ms": round(percentile(latencies, .99), 1), "max_ms": round(max(latencies), 1),
                       "worked_minutes_total": worked, "work_days_without_4_marks": short})
        bench.log(f"  timesheets ({label} pass): {wall:.1f} s, p50 {percentile(latencies, .5):.0f} ms, "
                  f"p99 {percentile(latencies, .99):.0f} ms")
    result["timesheets"] = passes

    state = quiet_state()
    jfr("close", True)
    cpu = cpu_seconds()
    started = time.time()
    closing = api.ok("POST", "/api/timeclock/closings/", {"establishment_id": establishment, "month": month})
    close_s = time.time() - started
    used = cpu_used(cpu)
    jfr("close", False)
    result["close"] = {**state, **used, "wall_s": round(close_s, 2), "closing_id": closing["id"],
                       "employee_count": closing["employee_count"]}
    bench.log(f"  closing {month} of {closing['employee_count']} employees: {close_s:.2f} s")
    # A frozen espelho afterwards: served from the stored copy.
    t0 = time.perf_counter()
    frozen = client.ok("GET", f"/api/timeclock/timesheets/?employee_id={ids[0]}&month={month}")
    result["frozen_timesheet_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    first_pass = passes[0]
    result["met"] = {
        "timesheet_p99": first_pass["p99_ms"] <= TARGETS["timesheet_p99_ms"],
        "timesheets_all": first_pass["wall_s"] <= TARGETS["timesheets_all_s"],
        "close": close_s <= TARGETS["close_s"] and closing["employee_count"] >= employees,
        "correct": first_pass["work_days_without_4_marks"] == 0 and frozen.get("closing") is not None,
    }
    result["all_met"] = all(result["met"].values())
    return result


# --- 2. A Pix sync of 10 000 received Pix from a fake PSP ---------------------------------------------------------

def make_certificates(directory):
    """A CA, the PSP's server certificate (localhost, 127.0.0.1) and the company's client certificate, with
    openssl, as a PSP and its customer would hold them (RSA 2048, the usual size of PSP certificates)."""
    os.makedirs(directory, exist_ok=True)

    def run(*arguments):
        subprocess.run(["openssl", *arguments], cwd=directory, check=True, capture_output=True, timeout=120)
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "3",
        "-subj", "/CN=Bench PSP CA", "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    for name, subject, extensions in (
            ("server", "/CN=localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n"),
            ("client", "/CN=Bench Empresa Ltda:11222333000181", "extendedKeyUsage=clientAuth\n")):
        with open(os.path.join(directory, name + ".ext"), "w") as out:
            out.write(extensions)
        run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", name + ".key", "-out", name + ".csr", "-subj", subject)
        run("x509", "-req", "-in", name + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", name + ".pem", "-days", "3", "-extfile", name + ".ext")


def start_fake_psp(directory, count, start, end):
    log = open(os.path.join(directory, "fake-psp.log"), "w")
    process = subprocess.Popen([sys.executable, os.path.join(bench.BENCH, "fake_psp.py"), "--certs", directory,
                                "--count", str(count), "--from", start, "--to", end],
                               stdout=subprocess.PIPE, stderr=log, text=True, start_new_session=True)
    line = process.stdout.readline()
    if not line.startswith("ready "):
        process.kill()
        raise RuntimeError("the fake PSP did not start; see " + log.name)
    return process, int(line.split()[1])


def psp_stats(directory, port):
    import ssl
    context = ssl.create_default_context(cafile=os.path.join(directory, "ca.pem"))
    context.load_cert_chain(os.path.join(directory, "client.pem"), os.path.join(directory, "client.key"))
    connection = http.client.HTTPSConnection("localhost", port, context=context, timeout=30)
    connection.request("GET", "/bench/stats")
    return json.loads(connection.getresponse().read())


def pix_sync(api, count=PIX_COUNT):
    result = {"pix": count, "targets": {"pix_sync_s": TARGETS["pix_sync_s"]}}
    directory = os.path.join(bench.WORK, "psp")
    make_certificates(directory)
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    start, end = now - datetime.timedelta(days=4), now - datetime.timedelta(minutes=15)
    txid_every = 4
    process, port = start_fake_psp(directory, count, start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                                   end.strftime("%Y-%m-%dT%H:%M:%SZ"))
    try:
        bench.log(f"pix-sync: fake PSP on port {port} with {count} Pix over 4 days; a connection with mTLS credentials")
        connection = api.ok("POST", "/api/finance/connections/", {"provider": "psp-bench", "account_id": "pix-bench"})
        read = lambda name: open(os.path.join(directory, name)).read()
        api.ok("PUT", f"/api/finance/connections/{connection['id']}/credentials/", {
            "kind": "pix_api", "base_url": f"https://localhost:{port}/v2", "token_url": f"https://localhost:{port}/oauth/token",
            "client_id": "bench-client", "client_secret": "bench-secret", "certificate_pem": read("client.pem"),
            "private_key_pem": read("client.key"), "pix_key": "11222333000181", "token_auth": "basic",
            "server_ca_pem": read("ca.pem")})
        # The charges a quarter of the Pix paid (their txid, the same amount): the sync's automatic matching
        # has real work, as it has for a company that charges by dynamic QR.
        span = (end - start).total_seconds()

        def charge(client, n):
            cents = 500 + (n * 7919) % 250000
            moment = start + datetime.timedelta(seconds=span * n / count)
            client.ok("POST", "/api/finance/charges/", {
                "kind": "pix", "amount": f"{cents // 100}.{cents % 100:02d}", "due_date": moment.date().isoformat(),
                "description": f"Pedido {n}", "txid": f"benchpix{n:020d}"})
        charges = list(range(0, count, txid_every))
        started = time.time()
        parallel(api.token, charge, charges, 8)
        result["charges"] = len(charges)
        result["charges_seed_s"] = round(time.time() - started, 1)
        bench.log(f"  {len(charges)} matching charges created in {result['charges_seed_s']} s")
        window = {"date_from": (now - datetime.timedelta(days=5)).date().isoformat(),
                  "date_to": (now + datetime.timedelta(days=1)).date().isoformat()}
        runs = []
        for label in ("first", "again"):
            state = quiet_state()
            before = psp_stats(directory, port)
            jfr(f"pix-sync-{label}", True)
            cpu = cpu_seconds()
            started = time.time()
            log = api.ok("POST", f"/api/finance/connections/{connection['id']}/sync/", window)
            ended = time.time()
            wall = ended - started
            used = cpu_used(cpu)
            jfr(f"pix-sync-{label}", False)
            after = psp_stats(directory, port)
            # Where the wall time went: until the PSP served its last page (token, every page, the JSON read),
            # then the service's own writing (one transaction: upserts, automatic matching, sync log).
            runs.append({"run": label, **state, **used, "wall_s": round(wall, 2), "status": log["status"],
                         "imported": log["imported_count"], "updated": log["updated_count"],
                         "pages": after["list_requests"] - before["list_requests"],
                         "fetch_s": round(after["last_list_at"] - started, 2),
                         "write_s": round(ended - after["last_list_at"], 2), "message": log["message"]})
            bench.log(f"  sync ({label}): {wall:.2f} s, {log['status']}, {log['imported_count']} imported: "
                      f"{log['message']}")
        result["runs"] = runs
        result["psp"] = psp_stats(directory, port)
        allocations = re.search(r"(\d+) allocations", runs[0]["message"])
        result["allocations"] = int(allocations.group(1)) if allocations else None
        refunds = -(-count // 100) if count > 1 else 0
        first = runs[0]
        result["met"] = {"pix_sync": first["wall_s"] <= TARGETS["pix_sync_s"],
                         # Every Pix received (the message counts them): 10 000, not the rows (devoluções add some).
                         "correct": first["status"] == "success" and f": {count} Pix and" in first["message"]
                         and runs[1]["imported"] == 0 and result["allocations"] == len(charges)}
        result["expected_rows"] = count + refunds
        result["all_met"] = all(result["met"].values())
    finally:
        process.terminate()
        process.wait(timeout=10)
    return result


# --- 3. A shift change: 200 employees punching with the face check from 4 kiosks at once -------------------------

def shift_change(api, employees=SHIFT_EMPLOYEES, kiosks=KIOSKS):
    result = {"employees": employees, "kiosks": kiosks, "targets": {"punch_p99_ms": TARGETS["punch_p99_ms"]}}
    photo = os.path.join(os.path.expanduser("~/.cache/suite/face-test-photos"), "grace_hopper.jpg")
    if not os.path.exists(photo):
        subprocess.run(["bash", os.path.join(bench.ROOT, "scripts", "fetch-face-test-photos.sh"),
                        os.path.dirname(photo)], timeout=600)
    with open(photo, "rb") as image:
        photo_b64 = base64.b64encode(image.read()).decode()
    bench.log(f"shift-change: {employees} employees with enrolled faces, {kiosks} kiosk tokens")
    started = time.time()
    role_id = role(api, "Colaboradores (bench)", ["timeclock.own.view"])
    ids = create_employees(api.token, "turno", employees, 8, role_id)
    # Enrolment runs the face pipeline once per photo: two at a time, one per analysis slot.
    parallel(api.token, lambda client, uid: client.ok("PUT", f"/api/access/users/{uid}/photo/",
                                                      {"photo_base64": photo_b64}), ids, 2)
    kiosk_role = role(api, "Quiosque (bench)", ["timeclock.punches.register"])
    tokens = []
    for k in range(kiosks):
        user = api.ok("POST", "/api/access/users/", {"username": f"quiosque{k}", "full_name": f"Quiosque {k}",
                                                      "role_id": kiosk_role})
        # A kiosk is set up as any user: the temporary password changed, then signed in with the new one.
        password = f"Quiosque-{k}-{uuid.uuid4().hex[:12]}"
        first = Client("").ok("POST", "/api/auth/token/", {"username": f"quiosque{k}",
                                                           "password": user["temporary_password"]})["token"]
        Client(first).ok("POST", "/api/auth/password/", {"current_password": user["temporary_password"],
                                                          "new_password": password})
        tokens.append(Client("").ok("POST", "/api/auth/token/", {"username": f"quiosque{k}",
                                                                 "password": password})["token"])
    result["seed_s"] = round(time.time() - started, 1)
    bench.log(f"  seeded (users, {employees} enrolments, kiosks) in {result['seed_s']} s")

    # Every employee arrives once; kiosk k serves employees k, k+4, … one after another (a kiosk is one device
    # with a queue in front of it), the 4 kiosks at once.
    queues = [ids[k::kiosks] for k in range(kiosks)]
    barrier = threading.Barrier(kiosks)
    latencies, reasons, statuses, failures = [], {}, {}, {}
    lock = threading.Lock()

    def kiosk(k):
        client = Client(tokens[k])
        client.call("GET", "/actuator/health/readiness")  # connect before the barrier
        barrier.wait()
        for uid in queues[k]:
            body = {"event_type": "entrada", "employee_id": uid, "snapshot_base64": photo_b64, "source": "device"}
            t0 = time.perf_counter()
            status, answer, _ = client.call("POST", "/api/timeclock/punch/register/", body,
                                            {"Idempotency-Key": str(uuid.uuid4())})
            elapsed = (time.perf_counter() - t0) * 1000
            reason = answer.get("recognition_reason") if isinstance(answer, dict) else None
            with lock:
                if status != 201 and "first_failure" not in failures:
                    failures["first_failure"] = f"{status}: {answer}"
                latencies.append(elapsed)
                reasons[reason] = reasons.get(reason, 0) + 1
                statuses[status] = statuses.get(status, 0) + 1

    state = quiet_state()
    jfr("shift-change", True)
    cpu = cpu_seconds()
    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(kiosks) as pool:
        list(pool.map(kiosk, range(kiosks)))
    wall = time.time() - started
    used = cpu_used(cpu)
    jfr("shift-change", False)
    result.update({**state, **used, "wall_s": round(wall, 2), "punches": len(latencies),
                   "punches_per_s": round(len(latencies) / wall, 2), "p50_ms": round(percentile(latencies, .5), 1),
                   "p99_ms": round(percentile(latencies, .99), 1), "max_ms": round(max(latencies), 1),
                   "mean_ms": round(statistics.mean(latencies), 1), "statuses": statuses, "reasons": reasons, **failures})
    bench.log(f"  {len(latencies)} punches from {kiosks} kiosks in {wall:.1f} s ({len(latencies) / wall:.1f}/s): "
              f"p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms; {reasons}")
    result["met"] = {"punch_p99": result["p99_ms"] <= TARGETS["punch_p99_ms"],
                     "all_checked": statuses.get(201, 0) == employees and reasons.get("match", 0) == employees}
    result["all_met"] = all(result["met"].values())
    return result


# --- Wiring ------------------------------------------------------------------------------------------------------

SCENARIOS = {"month-close": ("month_close", month_close), "pix-sync": ("pix_sync", pix_sync),
             "shift-change": ("shift_change", shift_change)}


def run_new_work(api, results, pid=None):
    """bench.py's full run: the three scenarios after the scale set, into results["new_work"]."""
    global SERVICE_PID
    SERVICE_PID = pid
    results["new_work"] = {}
    for name, (key, function) in SCENARIOS.items():
        try:
            results["new_work"][key] = function(api)
        except Exception as error:  # one failing scenario must not lose the rest of the run
            results["new_work"][key] = {"error": str(error), "all_met": False}
            results["notes"].append(f"{name} failed: {error}")
            bench.log(f"{name} failed: {error}")


def yes(value):
    return "met" if value else "**not met**"


def markdown_lines(results):
    new = results.get("new_work") or {}
    if not new:
        return []

    def cpu(step):
        if step.get("service_cpu_s") is None:
            return ""
        return f"{step['service_cpu_s']} + {step.get('postgres_cpu_s')}"
    lines = ["", "New work of wave 3 (issue 28 item 4; docs/performance.md § Wave 3). CPU: seconds of CPU the service's "
             "JVM + its PostgreSQL used during the step (what the step cost, whatever the scheduler gave it).", "",
             "| scenario | measured | CPU s (JVM + PostgreSQL) | target | met | load avg 1m |", "|---|---|---|---|---|---|"]
    m = new.get("month_close")
    if m and "error" not in m:
        first, second = m["timesheets"]
        seed = m["seed"]
        lines.append(f"| month-close: seeding {seed['marks']} marks of {m['employees']} employees: "
                     f"{seed['marks_through_api']} through POST …/punch-adjustments/"
                     + (f", {seed['sql_rows']} by COPY" if seed.get("sql_rows") else "")
                     + f" | API {seed['api_s']} s ({seed['api_marks_per_s']} marks/s)"
                     + (f", COPY {seed['sql_s']} s" if seed.get("sql_rows") else "") + " | | | | |")
        lines.append(f"| month-close: one espelho ({m['employees']} in turn, first pass; second pass) | "
                     f"p50 {first['p50_ms']} ms, p99 {first['p99_ms']} ms; second p50 {second['p50_ms']} ms, "
                     f"p99 {second['p99_ms']} ms | | p99 ≤ {TARGETS['timesheet_p99_ms']} ms (first pass) | "
                     f"{yes(m['met']['timesheet_p99'])} | {first['load_average_1m']} |")
        lines.append(f"| month-close: every espelho of the month, one client | {first['wall_s']} s (second pass "
                     f"{second['wall_s']} s) | {cpu(first) and cpu(first) + ' (second ' + cpu(second) + ')'} | ≤ {TARGETS['timesheets_all_s']} s "
                     f"(first pass) | {yes(m['met']['timesheets_all'])} | {first['load_average_1m']} |")
        lines.append(f"| month-close: POST /api/timeclock/closings/ ({m['close']['employee_count']} espelhos frozen) | "
                     f"{m['close']['wall_s']} s | {cpu(m['close'])} | ≤ {TARGETS['close_s']} s | {yes(m['met']['close'])} | "
                     f"{m['close']['load_average_1m']} |")
    p = new.get("pix_sync")
    if p and "error" not in p:
        first, again = p["runs"]
        lines.append(f"| pix-sync: {p['pix']} Pix from the fake PSP (mTLS, {first.get('pages')} pages), matching "
                     f"against {p['charges']} charges ({p.get('allocations')} allocations) | {first['wall_s']} s (fetch "
                     f"{first.get('fetch_s')} s, write and match {first.get('write_s')} s), {first['imported']} rows; "
                     f"again {again['wall_s']} s, {again['imported']} new | {cpu(first) and cpu(first) + ' (again ' + cpu(again) + ')'} | "
                     f"≤ {TARGETS['pix_sync_s']} s | {yes(p['all_met'])} | {first['load_average_1m']} |")
    s = new.get("shift_change")
    if s and "error" not in s:
        lines.append(f"| shift-change: {s['punches']} punches with the face check from {s['kiosks']} kiosks at once | "
                     f"p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms, {s['punches_per_s']} punches/s; {s['reasons']} | "
                     f"{cpu(s)} | p99 ≤ {TARGETS['punch_p99_ms']} ms, every face checked | {yes(s['all_met'])} | "
                     f"{s['load_average_1m']} |")
    for key, value in new.items():
        if "error" in value:
            lines.append(f"| {key} | failed: {value['error']} | | | **not met** | |")
    return lines


def standalone(name):
    key, function = SCENARIOS[name]
    os.environ.update(SERVICE_ENV)
    load_before = os.getloadavg()
    server, started = bench.start_service()
    global SERVICE_PID
    SERVICE_PID = server.pid
    try:
        bench.wait_healthy(server, started)
        with open(os.path.join(bench.WORK, "admin-token")) as token:
            api = bench.Api(token.read().strip())
        result = function(api)
    finally:
        bench.stop_service(server)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=bench.ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    result.update({"scenario": name, "commit": commit, "quick": QUICK, "jfr": JFR,
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                   "load_average_before_start": [round(v, 2) for v in load_before],
                   "load_average_after": [round(v, 2) for v in os.getloadavg()], "cpus": os.cpu_count(),
                   "jvm_flags": bench.JVM_FLAGS, "jar": bench.the_jar()})
    stem = f"{datetime.date.today()}-{commit}-{name}" + ("-quick" if QUICK else "")
    os.makedirs(os.path.join(bench.BENCH, "results"), exist_ok=True)
    with open(os.path.join(bench.BENCH, "results", stem + ".json"), "w") as out:
        json.dump(result, out, indent=2)
    lines = [f"# Suite benchmark {stem}", "", f"Load average before the start: {result['load_average_before_start']}, "
             f"after: {result['load_average_after']}; JVM `{' '.join(bench.JVM_FLAGS)}`, `java -jar` (no class data "
             f"sharing)."] + markdown_lines({"new_work": {key: result}})
    with open(os.path.join(bench.BENCH, "results", stem + ".md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0 if result.get("all_met") else 1


if __name__ == "__main__":
    names = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(names) != 1 or names[0] not in SCENARIOS:
        sys.exit("usage: newwork.py month-close|pix-sync|shift-change [--quick]")
    sys.exit(standalone(names[0]))
