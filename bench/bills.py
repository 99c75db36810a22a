"""Bills, the cash flow and the DRE in the benchmark (issues 41 item 10 and 42 item 6), each step with its target:

- a: 10 000 payable bills of 3 installments each created through the API (POST /api/finance/bills/, 8 clients);
- b: the open payables of one month listed (GET /api/finance/bills/?direction=payable&status=open&due_from&due_to,
  the first page of 100) with the 30 000 installments of a in the database;
- c: a year of cash flow by day (GET /api/finance/cash-flow/?group_by=day) over 100 000 settled transactions
  (seeded with SQL) and those 30 000 installments;
- d: a 12-month DRE (GET /api/finance/dre/, accrual and cash) over 100 000 bills (a's 10 000 and 90 000 more seeded
  with SQL, half of the payables paid).

Starts target/suite.jar on a fresh embedded PostgreSQL as bench.py does (durable: fsync, synchronous_commit and
full_page_writes on, read back and recorded), and writes bench/results/<date>-<commit>-bills.json and .md:
  python3 bench/bills.py [--quick] [--only c,d]   (bench/bills; SUITE_BENCH_SKIP_BUILD=1 to reuse target/suite.jar)
--only measures the steps named; a still runs when c or d is chosen (their 30 000 installments are a's bills), and
the steps left out are absent from the results (the file's name ends in -only).
Latencies are one client's, one request after the other (a person waiting for the page), after a warm-up.
"""

import datetime
import json
import os
import shutil
import subprocess
import sys
import time

import bench
import newwork

QUICK = bench.QUICK
ONLY = bench.ONLY
BILLS = int(os.environ.get("SUITE_BENCH_BILLS", "1000" if QUICK else "10000"))
TRANSACTIONS = int(os.environ.get("SUITE_BENCH_BILL_TRANSACTIONS", "10000" if QUICK else "100000"))
DRE_BILLS = int(os.environ.get("SUITE_BENCH_DRE_BILLS", "10000" if QUICK else "100000"))
THREADS = 8
SUPPLIERS = 50
CUSTOMERS = 20
REPEAT = 30 if QUICK else 200
WARMUP = 10 if QUICK else 30
MONTH = ("2027-03-01", "2027-03-31")
CASH_FLOW = ("2026-07-01", "2027-06-30")
DRE = ("2027-01", "2027-12")

# Targets (issue 41 item 10, issue 42 item 6), with why a user accepts them (docs/performance.md § Bills).
TARGETS = {
    # A client importing a year of supplier bills (an ERP migration) in under a minute per 10 000.
    "create_bills_per_s": 300,
    # The finance clerk opens "contas a pagar" of the month: it must feel immediate.
    "payables_month_p99_ms": 100,
    # A year of cash flow day by day: a report a person waits for.
    "cash_flow_day_p99_ms": 500,
    # The owner's 12-month DRE.
    "dre_p99_ms": 1000,
}

EXPENSES = ["3.1", "4.1.01", "4.2", "4.3", "4.4", "6.1"]
REVENUES = ["1.1", "1.2"]


def log(message):
    bench.log(message)


def psql(sql, timeout=900):
    """One statement on the service's database as the superuser (bench.psql, with a longer timeout for seeding)."""
    with open(os.path.join(bench.WORK, "postgres", "postmaster.pid")) as pid_file:
        port = pid_file.read().splitlines()[3].strip()
    with open(os.path.join(bench.WORK, "postgres-password")) as password_file:
        password = password_file.read().strip()
    shown = subprocess.run(["psql", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-d", "postgres", "-X", "-A",
                            "-t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                           env={**os.environ, "PGPASSWORD": password}, capture_output=True, text=True, timeout=timeout)
    if shown.returncode != 0:
        raise RuntimeError("psql: " + shown.stderr.strip())
    return shown.stdout


def counts(*tables):
    """Row counts of these tables, in order."""
    shown = psql("SELECT " + ", ".join(f"(SELECT count(*) FROM {t})" for t in tables))
    return [int(v) for v in shown.strip().split("|")]


def state():
    """The machine's load and the CPU busy share before a measured step (bench.wait_quiet waits up to 30 s)."""
    quiet = newwork.quiet_state()
    quiet["uptime"] = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    return quiet


def latencies(client, path, warm=WARMUP, count=REPEAT):
    """p50/p99/max of `count` GETs of `path` one after the other, after `warm` unmeasured ones."""
    status, payload, response = client.call("GET", path)
    if status != 200:
        raise RuntimeError(f"GET {path} -> {status}: {payload}")
    size = len(json.dumps(payload))
    total = response.getheader("X-Total-Count")
    for _ in range(warm):
        client.ok("GET", path)
    before = newwork.cpu_seconds()
    times = []
    for _ in range(count):
        started = time.perf_counter()
        status, _, _ = client.call("GET", path)
        times.append((time.perf_counter() - started) * 1000)
        if status != 200:
            raise RuntimeError(f"GET {path} -> {status}")
    used = newwork.cpu_used(before)
    return {"path": path, "requests": count, "p50_ms": round(newwork.percentile(times, 0.5), 1),
            "p99_ms": round(newwork.percentile(times, 0.99), 1), "max_ms": round(max(times), 1),
            "answer_bytes": size, "x_total_count": total, **used,
            "service_cpu_ms_per_request": round(used["service_cpu_s"] * 1000 / count, 2)
            if used["service_cpu_s"] is not None else None,
            "postgres_cpu_ms_per_request": round(used["postgres_cpu_s"] * 1000 / count, 2)
            if used["postgres_cpu_s"] is not None else None}


def parties(api):
    """50 suppliers and 20 customers through the API, 5 cost centres; the default chart's category ids."""
    suppliers = [api.ok("POST", "/api/fornecedores/", {"nome": f"Fornecedor Bench {i:02d} Ltda",
                                                       "documento": cnpj(10_000 + i)})["id"]
                 for i in range(SUPPLIERS)]
    customers = [api.ok("POST", "/api/clientes/", {"nome": f"Cliente Bench {i:02d} Ltda",
                                                   "documento": cnpj(20_000 + i)})["id"]
                 for i in range(CUSTOMERS)]
    centres = [api.ok("POST", "/api/finance/cost-centres/", {"code": f"CC{i}", "name": f"Centro {i}"})["id"]
               for i in range(5)]
    categories = {c["code"]: c["id"] for c in api.ok("GET", "/api/finance/categories/?limit=1000")}
    return suppliers, customers, centres, categories


def cnpj(n):
    digits = [int(c) for c in f"{n:08d}0001"]
    for weights in ([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]):
        rest = sum(d * w for d, w in zip(digits, weights)) % 11
        digits.append(0 if rest < 2 else 11 - rest)
    return "".join(map(str, digits))


def bill_body(i, suppliers, centres, categories):
    month = i % 12 + 1
    return {"direction": "payable", "fornecedor_id": suppliers[i % len(suppliers)],
            "description": f"Compra bench {i}", "document_number": f"NF {100000 + i}",
            "competence_date": f"2027-{month:02d}-01", "category_id": categories[EXPENSES[i % len(EXPENSES)]],
            "cost_centre_id": centres[i % len(centres)] if i % 3 else None,
            "total": f"{100 + i % 997}.{i % 100:02d}",
            "installments": {"count": 3, "first_due_date": f"2027-{month:02d}-{1 + i % 28:02d}"}}


def create_bills(api, suppliers, centres, categories):
    """(a) BILLS payables of 3 installments through the API from 8 clients; bills/s over the wall time."""
    log(f"a: creating {BILLS} bills of 3 installments through the API ({THREADS} clients)")
    token = api.token
    bodies = [bill_body(i, suppliers, centres, categories) for i in range(BILLS)]
    # No warm-up: the 10 000 bills are exactly the 30 000 installments b and c run on, and the JIT's first
    # seconds are part of what an import of bills meets.
    before_state = state()
    before = newwork.cpu_seconds()
    started = time.perf_counter()
    answers = newwork.parallel(token, lambda c, b: c.call("POST", "/api/finance/bills/", b)[0], bodies, THREADS)
    wall = time.perf_counter() - started
    used = newwork.cpu_used(before)
    refused = [s for s in answers if s != 201]
    if refused:
        raise RuntimeError(f"{len(refused)} bills refused: {refused[:5]}")
    return {"bills": BILLS, "installments_each": 3, "clients": THREADS,
            "wall_s": round(wall, 2), "bills_per_s": round(BILLS / wall, 1), **used, **before_state,
            "target_bills_per_s": TARGETS["create_bills_per_s"], "met": BILLS / wall >= TARGETS["create_bills_per_s"]}


def payables_month(client):
    """(b) The open payables of March 2027, first page of 100, with a's installments in the database."""
    installments, bills = counts("bills_installment", "bills_bill")
    path = (f"/api/finance/bills/?direction=payable&status=open&due_from={MONTH[0]}&due_to={MONTH[1]}"
            "&limit=100&offset=0")
    log("b: " + path)
    result = {"installments_in_database": installments, "bills_in_database": bills,
              **state(), **latencies(client, path)}
    result["met"] = result["p99_ms"] <= TARGETS["payables_month_p99_ms"]
    result["target_p99_ms"] = TARGETS["payables_month_p99_ms"]
    # For the record: the whole month in one answer (no paging), which a client should not ask for.
    whole = latencies(client, path.replace("&limit=100&offset=0", ""), warm=3, count=20 if not QUICK else 5)
    result["whole_month_unpaged"] = {k: whole[k] for k in ("p50_ms", "p99_ms", "max_ms", "answer_bytes")}
    return result


def seed_transactions(api, categories):
    """100 000 settled transactions of one account by SQL (a fifth of them classified), over 2025-07 .. 2026-12."""
    account = api.ok("POST", "/api/finance/accounts/", {"name": "Conta bench", "provider": "benchbank",
                                                        "account_id": "0001-1", "opening_balance": "50000.00",
                                                        "opening_date": "2025-06-01"})
    api.ok("POST", "/api/finance/accounts/", {"name": "Conta bench 2", "provider": "benchbank",
                                              "account_id": "0002-9", "opening_balance": "1000.00",
                                              "opening_date": "2025-06-01"})
    log(f"c: seeding {TRANSACTIONS} transactions with SQL")
    started = time.perf_counter()
    psql(f"""
        INSERT INTO finance_transaction (provider, account_id, external_id, transaction_date, posted_at, amount,
            direction, status, description, payer_name, version, created_at, updated_at, source, category_id)
        SELECT 'benchbank', CASE WHEN g % 10 = 0 THEN '0002-9' ELSE '0001-1' END, 'bench-' || g,
            date '2025-07-01' + (g % 519), (date '2025-07-01' + (g % 519)) + time '15:00',
            (5 + (g * 37) % 4000) + (g % 100) / 100.0,
            CASE WHEN g % 3 = 0 THEN 'debit' ELSE 'credit' END, 'settled', 'Movimento bench ' || g,
            'Pagador ' || (g % 500), 0, now(), now(), 'file',
            CASE WHEN g % 5 <> 0 THEN NULL WHEN g % 3 = 0 THEN {categories['6.1']} ELSE {categories['5.1']} END
        FROM generate_series(1, {TRANSACTIONS}) g;""")
    # Vacuumed as well as analysed: a table written in bulk a moment ago is otherwise vacuumed by autovacuum
    # (insert threshold) during the measured requests, on the same 2 cores; a live database's rows are not.
    psql("VACUUM (ANALYZE) finance_transaction")
    return {"transactions": TRANSACTIONS, "accounts": 2, "seed_s": round(time.perf_counter() - started, 1),
            "account_id": account["id"]}


def cash_flow(client):
    path = f"/api/finance/cash-flow/?from={CASH_FLOW[0]}&to={CASH_FLOW[1]}&group_by=day"
    transactions, installments = counts("finance_transaction", "bills_installment")
    log("c: " + path)
    result = {"transactions_in_database": transactions, "installments_in_database": installments, **state(),
              **latencies(client, path, count=REPEAT // 2)}
    result["met"] = result["p99_ms"] <= TARGETS["cash_flow_day_p99_ms"]
    result["target_p99_ms"] = TARGETS["cash_flow_day_p99_ms"]
    return result


def seed_bills(categories):
    """Bills by SQL up to DRE_BILLS in all: 70 % payables (one in two paid on its due date, with its payment), 30 %
    receivables, one in five with two splits (60/40), competence over 2027, one installment each."""
    existing = counts("bills_bill")[0]
    more = max(0, DRE_BILLS - existing)
    log(f"d: seeding {more} bills with SQL ({existing} already there)")
    expenses = ",".join(str(categories[c]) for c in EXPENSES)
    revenues = ",".join(str(categories[c]) for c in REVENUES)
    started = time.perf_counter()
    psql(f"""
        WITH f AS (SELECT array_agg(id ORDER BY id) AS a FROM customers_fornecedor),
        c AS (SELECT array_agg(id ORDER BY id) AS a FROM customers_cliente),
        cc AS (SELECT array_agg(id ORDER BY id) AS a FROM bills_cost_centre),
        b AS (
            INSERT INTO bills_bill (direction, fornecedor_id, cliente_id, description, document_number,
                competence_date, total, status, charge_kind, version, created_at, updated_at)
            SELECT CASE WHEN g % 10 < 7 THEN 'payable' ELSE 'receivable' END,
                CASE WHEN g % 10 < 7 THEN f.a[1 + g % array_length(f.a, 1)] END,
                CASE WHEN g % 10 >= 7 THEN c.a[1 + g % array_length(c.a, 1)] END,
                'Título bench ' || g, 'SQL ' || g, make_date(2027, 1 + g % 12, 1 + g % 28),
                (20 + (g * 53) % 3000) + (g % 100) / 100.0,
                CASE WHEN g % 10 < 7 AND g % 2 = 0 THEN 'paid' ELSE 'open' END,
                CASE WHEN g % 10 < 7 THEN '' ELSE 'boleto' END, 0, now(), now()
            FROM generate_series(1, {more}) g, f, c
            RETURNING id, direction, total, competence_date, status),
        s AS (
            INSERT INTO bills_split (bill_id, position, category_id, cost_centre_id, amount)
            SELECT b.id, p.position,
                CASE WHEN b.direction = 'payable' THEN (ARRAY[{expenses}])[1 + (b.id + p.position) % {len(EXPENSES)}]
                     ELSE (ARRAY[{revenues}])[1 + (b.id + p.position) % {len(REVENUES)}] END,
                CASE WHEN b.id % 3 = 0 THEN NULL ELSE cc.a[1 + (b.id + p.position) % array_length(cc.a, 1)] END,
                CASE WHEN b.id % 5 <> 0 THEN b.total WHEN p.position = 1 THEN round(b.total * 0.6, 2)
                     ELSE b.total - round(b.total * 0.6, 2) END
            FROM b CROSS JOIN cc
            JOIN LATERAL (SELECT generate_series(1, CASE WHEN b.id % 5 = 0 THEN 2 ELSE 1 END) AS position) p ON true),
        i AS (
            INSERT INTO bills_installment (bill_id, number, due_date, amount, paid_amount, paid_on)
            SELECT b.id, 1, b.competence_date + 10, b.total, CASE WHEN b.status = 'paid' THEN b.total ELSE 0 END,
                CASE WHEN b.status = 'paid' THEN b.competence_date + 10 END
            FROM b
            RETURNING id, amount, paid_amount, paid_on)
        INSERT INTO bills_payment (installment_id, paid_on, amount, settled, created_at)
        SELECT i.id, i.paid_on, i.amount, i.amount, now() FROM i WHERE i.paid_amount > 0;""")
    psql("VACUUM (ANALYZE) bills_bill, bills_split, bills_installment, bills_payment")
    return {"bills_seeded": more, "seed_s": round(time.perf_counter() - started, 1)}


def dre(client):
    bills, splits, payments = counts("bills_bill", "bills_split", "bills_payment")
    result = {"bills_in_database": bills, "splits_in_database": splits, "payments_in_database": payments}
    for basis in ("accrual", "cash"):
        path = f"/api/finance/dre/?from={DRE[0]}&to={DRE[1]}&basis={basis}"
        log("d: " + path)
        result[basis] = {**state(), **latencies(client, path, warm=10, count=REPEAT // 4)}
        result[basis]["met"] = result[basis]["p99_ms"] <= TARGETS["dre_p99_ms"]
    result["target_p99_ms"] = TARGETS["dre_p99_ms"]
    result["met"] = result["accrual"]["met"] and result["cash"]["met"]
    return result


def explain(statement):
    """EXPLAIN (ANALYZE, BUFFERS) of a statement, for the record of a missed target."""
    return psql("EXPLAIN (ANALYZE, BUFFERS) " + statement)


def chosen(step):
    return ONLY is None or step in ONLY


def run(api):
    client = newwork.Client(api.token)
    results = {"targets": TARGETS, "only": sorted(ONLY) if ONLY else None}
    suppliers, customers, centres, categories = parties(api)
    # b, c and d run on a's 30 000 installments: a runs whenever one of them is chosen.
    results["a"] = create_bills(api, suppliers, centres, categories)
    log(f"a: {results['a']['bills_per_s']} bills/s")
    if chosen("b"):
        results["b"] = payables_month(client)
        log(f"b: p99 {results['b']['p99_ms']} ms")
    results["c_seed"] = seed_transactions(api, categories)
    if chosen("c"):
        results["c"] = cash_flow(client)
        log(f"c: p99 {results['c']['p99_ms']} ms")
    if chosen("d"):
        results["d_seed"] = seed_bills(categories)
        results["d"] = dre(client)
        log(f"d: p99 accrual {results['d']['accrual']['p99_ms']} ms, cash {results['d']['cash']['p99_ms']} ms")
    results["all_met"] = all(results[k]["met"] for k in "abcd" if k in results)
    return results


def markdown(results):
    a, b, c, d = (results.get(k) for k in "abcd")

    def met(ok):
        return "met" if ok else "**not met**"

    rows = [
        "| step | measured | target | | load 1 min before | service / PostgreSQL CPU |",
        "|---|---|---|---|---|---|",
        f"| a: {a['bills']} bills × 3 installments, POST /api/finance/bills/ ({a['clients']} clients) | "
        f"{a['bills_per_s']} bills/s ({a['wall_s']} s) | ≥ {TARGETS['create_bills_per_s']}/s | {met(a['met'])} | "
        f"{a['load_average_1m']} | {a['service_cpu_s']} s / {a['postgres_cpu_s']} s |"]
    if b:
        rows += [
        f"| b: open payables of {MONTH[0][:7]}, first page of 100 ({b['x_total_count']} bills match; "
        f"{b['installments_in_database']} installments in the database) | p50 {b['p50_ms']} / p99 {b['p99_ms']} "
        f"ms | p99 ≤ {TARGETS['payables_month_p99_ms']} ms | {met(b['met'])} | {b['load_average_1m']} | "
        f"{b['service_cpu_ms_per_request']} / {b['postgres_cpu_ms_per_request']} ms a request |",
        f"| b (record only): the whole month unpaged ({b['whole_month_unpaged']['answer_bytes']} bytes) | "
        f"p50 {b['whole_month_unpaged']['p50_ms']} / p99 {b['whole_month_unpaged']['p99_ms']} ms | | | | |"]
    if c:
        rows += [
        f"| c: cash flow {CASH_FLOW[0]} … {CASH_FLOW[1]} by day ({c['transactions_in_database']} transactions, "
        f"{c['installments_in_database']} installments) | p50 {c['p50_ms']} / p99 {c['p99_ms']} ms | p99 ≤ "
        f"{TARGETS['cash_flow_day_p99_ms']} ms | {met(c['met'])} | {c['load_average_1m']} | "
        f"{c['service_cpu_ms_per_request']} / {c['postgres_cpu_ms_per_request']} ms a request |"]
    if d:
        rows += [f"| d: DRE {DRE[0]} … {DRE[1]}, {basis} ({d['bills_in_database']} bills, {d['splits_in_database']} "
          f"splits, {d['payments_in_database']} payments) | p50 {d[basis]['p50_ms']} / p99 {d[basis]['p99_ms']} ms "
          f"| p99 ≤ {TARGETS['dre_p99_ms']} ms | {met(d[basis]['met'])} | {d[basis]['load_average_1m']} | "
          f"{d[basis]['service_cpu_ms_per_request']} / {d[basis]['postgres_cpu_ms_per_request']} ms a request |"
          for basis in ("accrual", "cash")]
    return rows


def main():
    if not shutil.which("psql"):
        sys.exit("bench/bills.py seeds with psql: install postgresql-client")
    load_before = os.getloadavg()
    uptime_before = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    server, started = bench.start_service()
    newwork.SERVICE_PID = server.pid
    try:
        bench.wait_healthy(server, started)
        with open(os.path.join(bench.WORK, "admin-token")) as token:
            api = bench.Api(token.read().strip())
        postgres = bench.postgres_settings()
        results = run(api)
    finally:
        bench.stop_service(server)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=bench.ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    results.update({"scenario": "bills", "commit": commit, "quick": QUICK,
                    "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                    "uptime_before_start": uptime_before,
                    "uptime_after": subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(),
                    "load_average_before_start": [round(v, 2) for v in load_before], "cpus": os.cpu_count(),
                    "postgres": postgres, "jvm_flags": bench.JVM_FLAGS, "jar": bench.the_jar()})
    stem = f"{datetime.date.today()}-{commit}-bills" + ("-quick" if QUICK else "") + ("-only" if ONLY else "")
    os.makedirs(os.path.join(bench.BENCH, "results"), exist_ok=True)
    # A second run of the same commit on the same day keeps the first's files: -2, -3, ...
    base, n = stem, 1
    while os.path.exists(os.path.join(bench.BENCH, "results", stem + ".json")):
        n += 1
        stem = f"{base}-{n}"
    with open(os.path.join(bench.BENCH, "results", stem + ".json"), "w") as out:
        json.dump(results, out, indent=2)
    lines = [f"# Suite benchmark {stem}: bills, cash flow, DRE", "",
             f"`uptime` before the start: `{uptime_before}`; after: `{results['uptime_after']}`. The machine is "
             f"shared with other engineers' builds and tests (2 cores): the load columns say how busy it was before "
             f"each step. {bench.describe_postgres(postgres)}; JVM `{' '.join(bench.JVM_FLAGS)}`, `java -jar`.", "",
             *markdown(results)]
    with open(os.path.join(bench.BENCH, "results", stem + ".md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0 if results.get("all_met") else 1


if __name__ == "__main__":
    sys.exit(main())
