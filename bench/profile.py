"""Where the time goes in each benchmark scenario (called by bench/profile).

Starts the jar as bench/run does (fresh durable embedded PostgreSQL, same JVM flags, same seed), with
pg_stat_statements loaded into the embedded server (`suite.database.embedded-settings`). For each scenario:
the same warm-up as bench/run, then one unpinned run of the same length during which it records

- the CPU time each program used (the service's JVM, PostgreSQL's processes, wrk), from /proc, as a share of
  the machine's two cores: whether the scenario is bound by the service, the database or neither (waiting);
- a JFR recording (`jcmd JFR.start`, JFR's default settings; JFR runs from the JVM's start, see JFR_SETTINGS) of
  the service: its execution samples summarised by
  layer (the library or part of Suite of the innermost frame that is not the JDK's) and by the method on top;
- pg_stat_statements: each statement's calls per request, mean and total execution time in the server.

Writes bench/results/<date>-<commit>-profile.json and .md. The figures are a profile's, with JFR and
pg_stat_statements running: the req/s of bench/run are the measurement, these say where its time goes.
  --only d,e   only these scenarios (k: the reconciliation of 50 000 x 50 000, bench/run's scale set)
"""

import collections
import datetime
import json
import os
import re
import subprocess
import sys
import time

import bench as b

# JFR's "default" settings (execution samples every 20 ms); SUITE_PROFILE_JFR=profile for finer ones.
JFR_SETTINGS = os.environ.get("SUITE_PROFILE_JFR", "default")
# JFR runs from the JVM's start. Started in a warmed-up JVM it threw compiled code away: a fell from 1 400 to
# 166 req/s and stayed near 220 after the recording stopped; with a recording running from the start, a
# recording started later for a scenario left a at 1 400-1 500 req/s (2026-11-26, this machine).
b.JVM_FLAGS.append(f"-XX:StartFlightRecording=settings={JFR_SETTINGS},maxage=10m,name=background")

# Layers of the service, by the package of a frame. A sample belongs to the layer of the innermost frame (nearest
# the top of its stack) that is not the JDK's own (java., jdk., sun., javax.): "where the CPU was spent, by whom".
LAYERS = [
    ("JDBC driver (pgjdbc)", r"^org\.postgresql\."),
    ("connection pool (Hikari) and its watchdog wrapper", r"^(com\.zaxxer\.hikari|br\.suite\.platform\.DatabaseConfiguration|"
                                                        r"br\.suite\.platform\.StalledDatabaseWatchdog|jdk\.proxy)"),
    ("Spring Data JDBC and JdbcClient mapping", r"^org\.springframework\.(data|jdbc\.core)"),
    ("transaction management", r"^org\.springframework\.(transaction|jdbc\.datasource)"),
    ("Jackson (JSON read and write)", r"^tools\.jackson\."),
    ("Spring Security (filters, method security)", r"^org\.springframework\.security\."),
    ("Spring Session", r"^org\.springframework\.session\."),
    ("Spring MVC and web (dispatch, mapping, arguments, return values)", r"^org\.springframework\.(web|http)\."),
    ("Spring core (AOP proxies, beans, annotations)", r"^org\.springframework\."),
    ("Tomcat (connector, HTTP parsing, socket I/O)", r"^(org\.apache\.(coyote|tomcat|catalina)|jakarta\.servlet)"),
    ("Micrometer and Actuator", r"^io\.micrometer\."),
    ("logging", r"^(ch\.qos\.logback|org\.slf4j)"),
    ("Suite's own code (br.suite)", r"^br\.suite\."),
]
JDK = r"^(java|javax|jdk|sun|com\.sun)\."


def layer_of(frames):
    for frame in frames:
        if re.match(JDK, frame) and not frame.startswith("jdk.proxy"):
            continue
        for name, pattern in LAYERS:
            if re.match(pattern, frame):
                return name
        return "other libraries"
    return "JDK only (e.g. GC, socket, thread)"


def total_ticks():
    with open("/proc/stat") as stat:
        return sum(int(v) for v in stat.readline().split()[1:8])


def jfr_summary(recording):
    """Samples of the recording by category (inclusive) and by top frame."""
    printed = subprocess.run(["jfr", "print", "--events", "jdk.ExecutionSample", "--stack-depth", "128", recording],
                             capture_output=True, text=True, timeout=600).stdout
    stacks = []
    for block in printed.split("jdk.ExecutionSample {")[1:]:
        frames = re.findall(r"^\s+([\w$.<>]+\([^)]*\))(?:\s+line:.*)?$", block.split("stackTrace = [", 1)[-1], re.M)
        if frames:
            stacks.append(frames)
    by_layer = collections.Counter()
    by_top = collections.Counter()
    for frames in stacks:
        by_top[re.sub(r"\(.*", "", frames[0])] += 1
        by_layer[layer_of(frames)] += 1
    count = len(stacks) or 1
    return {"samples": len(stacks),
            "layers": [(name, round(100 * n / count, 1)) for name, n in by_layer.most_common()],
            "top_frames": [(frame, round(100 * n / count, 1)) for frame, n in by_top.most_common(15)]}


def statements(requests):
    rows = b.psql("SELECT calls, round(total_exec_time::numeric, 1), round(mean_exec_time::numeric, 3), "
                  "regexp_replace(left(query, 140), '\\s+', ' ', 'g') FROM pg_stat_statements "
                  "WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 12")
    result = []
    for line in (rows or "").splitlines():
        calls, total, mean, query = line.split("\t", 3)
        result.append({"calls": int(calls), "calls_per_request": round(int(calls) / max(requests, 1), 2),
                       "total_ms": float(total), "mean_ms": float(mean), "query": query})
    return result


def profile(sid, path, script, env, server_pid, connections=b.CONNECTIONS):
    b.log(f"profile {sid}: {b.DRF[sid][0]}")
    b.wrk(path, script, env, b.WARMUP, connections)
    b.wait_quiet()
    b.psql("SELECT pg_stat_statements_reset()")
    recording = os.path.join(b.WORK, f"profile-{sid}.jfr")
    subprocess.run(["jcmd", str(server_pid), "JFR.start", f"name=profile-{sid}", f"settings={JFR_SETTINGS}",
                    f"filename={recording}"], capture_output=True, check=True, timeout=60)
    before = (total_ticks(), b.cpu_ticks(server_pid), b.postgres_cpu_ticks(), os.times())
    run = b.wrk(path, script, env, b.DURATION, connections)
    after = (total_ticks(), b.cpu_ticks(server_pid), b.postgres_cpu_ticks(), os.times())
    subprocess.run(["jcmd", str(server_pid), "JFR.stop", f"name=profile-{sid}"], capture_output=True, check=True,
                   timeout=120)
    machine = (after[0] - before[0]) or 1
    hertz = os.sysconf("SC_CLK_TCK")
    wrk_ticks = ((after[3].children_user + after[3].children_system)
                 - (before[3].children_user + before[3].children_system)) * hertz
    cpus = os.cpu_count() or 1
    # /proc/stat's first line counts ticks of all CPUs together: shares below are of the whole machine.
    result = {"id": sid, "description": b.DRF[sid][0], "requests_per_s": run["requests_per_s"],
              "p50_ms": run["p50_ms"], "p99_ms": run["p99_ms"], "requests": run["requests"],
              "cpu_share": {"service (JVM)": round(100 * (after[1] - before[1]) / machine, 1),
                            "PostgreSQL": round(100 * (after[2] - before[2]) / machine, 1),
                            "wrk": round(100 * wrk_ticks / machine, 1)},
              "cpu_ms_per_request": {
                  "service": round(1000 * (after[1] - before[1]) / hertz / max(run["requests"], 1), 3),
                  "PostgreSQL": round(1000 * (after[2] - before[2]) / hertz / max(run["requests"], 1), 3)},
              "cpus": cpus, "statements": statements(run["requests"]), "jfr": jfr_summary(recording)}
    b.log(f"  {run['requests_per_s']:.0f} req/s; CPU {result['cpu_share']}")
    return result


def profile_reconciliation(api, server_pid, count=50000):
    """k: the reconciliation of count credits against count charges (bench/run's scale set), one run profiled as
    a scenario is: JFR, the CPU of the JVM and of PostgreSQL from /proc, and pg_stat_statements."""
    b.reconcile_set(api, count)
    b.wait_quiet()
    b.psql("SELECT pg_stat_statements_reset()")
    recording = os.path.join(b.WORK, "profile-k.jfr")
    subprocess.run(["jcmd", str(server_pid), "JFR.start", "name=profile-k", f"settings={JFR_SETTINGS}",
                    f"filename={recording}"], capture_output=True, check=True, timeout=60)
    before = (b.cpu_ticks(server_pid), b.postgres_cpu_ticks())
    run = b.reconcile_run(api, count)
    after = (b.cpu_ticks(server_pid), b.postgres_cpu_ticks())
    subprocess.run(["jcmd", str(server_pid), "JFR.stop", "name=profile-k"], capture_output=True, check=True,
                   timeout=120)
    hertz = os.sysconf("SC_CLK_TCK")
    return {"id": "k", "description": f"POST /api/finance/reconciliation/run/ ({count} x {count})",
            "wall_s": run["wall_s"], "allocations": run["allocations"],
            "cpu_s": {"service (JVM)": round((after[0] - before[0]) / hertz, 2),
                      "PostgreSQL": round((after[1] - before[1]) / hertz, 2)},
            "statements": statements(1), "jfr": jfr_summary(recording)}


def main():
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=b.ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    server, started = b.start_service(
        ["--suite.database.embedded-settings[0]=shared_preload_libraries=pg_stat_statements"])
    results = {"commit": commit, "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
               "jvm_flags": b.JVM_FLAGS, "connections": b.CONNECTIONS, "warmup_s": b.WARMUP,
               "duration_s": b.DURATION, "scenarios": []}
    try:
        b.wait_healthy(server, started)
        b.psql("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
        results["postgres"] = b.postgres_settings()
        with open(os.path.join(b.WORK, "admin-token")) as token_file:
            api = b.Api(token_file.read().strip())
        token_env = {"SUITE_TOKEN": api.token}
        seeded = b.seed(api)
        plans = b.plans_of(seeded, token_env)
        chosen = [s for s in plans if b.ONLY is None or s in b.ONLY]
        if b.ONLY is not None and "k" in b.ONLY:
            results["reconciliation"] = profile_reconciliation(api, server.pid)
        for sid in chosen:
            path, script, env, _ = plans[sid]
            results["scenarios"].append(profile(sid, path, script, env, server.pid))
            if sid == "d" and sid != chosen[-1]:
                # d created customers; a later a would list them all.
                b.remove_created_customers(api, seeded["customer_ids"])
    finally:
        b.stop_service(server)
    write(results, commit)


def write(results, commit):
    stem = f"{datetime.date.today():%Y-%m-%d}-{commit}-profile" + ("-only" if b.ONLY else "")
    with open(os.path.join(b.BENCH, "results", stem + ".json"), "w") as out:
        json.dump(results, out, indent=2)
    lines = [f"# Suite profile {stem}", "",
             f"Profile run (bench/profile): JFR (`settings={JFR_SETTINGS}`) and pg_stat_statements on; JVM "
             f"`{' '.join(results['jvm_flags'])}`; {b.describe_postgres(results.get('postgres', {}))}. Each scenario: "
             f"{results['warmup_s']} s warm-up, then one {results['duration_s']} s unpinned wrk run "
             f"({results['connections']} connections) profiled. CPU shares are of the whole machine (all cores "
             "= 100 %).", ""]
    k = results.get("reconciliation")
    if k:
        lines += [f"## k: {k['description']}", "",
                  f"{k['wall_s']} s, {k['allocations']} allocations (profiled). CPU during the run: " +
                  ", ".join(f"{name} {v} s" for name, v in k["cpu_s"].items()) + ".", "",
                  f"JFR: {k['jfr']['samples']} execution samples, by layer: " +
                  "; ".join(f"{name} {share} %" for name, share in k["jfr"]["layers"]), "",
                  "Top frames (self): " + "; ".join(f"`{f}` {p} %" for f, p in k["jfr"]["top_frames"][:10]), "",
                  "| calls | mean ms | total ms | statement |", "|---|---|---|---|"]
        for st in k["statements"]:
            query = st["query"].replace("|", "\\|")
            lines.append(f"| {st['calls']} | {st['mean_ms']} | {st['total_ms']} | `{query}` |")
        lines.append("")
    for s in results["scenarios"]:
        lines += [f"## {s['id']}: {s['description']}", "",
                  f"{s['requests_per_s']:.0f} req/s, p50 {s['p50_ms']:.2f} ms, p99 {s['p99_ms']:.2f} ms (profiled). "
                  "CPU of the machine: " + ", ".join(f"{k} {v} %" for k, v in s["cpu_share"].items()) +
                  "; CPU per request: " + ", ".join(f"{k} {v} ms" for k, v in s["cpu_ms_per_request"].items()) + ".",
                  "", f"JFR: {s['jfr']['samples']} execution samples of the service's threads, by the layer of the "
                  "innermost non-JDK frame (where the CPU was spent): " + "; ".join(
                      f"{name} {share} %" for name, share in s["jfr"]["layers"]), ""]
        lines += ["", "Top frames (self): " + "; ".join(f"`{f}` {p} %" for f, p in s["jfr"]["top_frames"][:10]), "",
                  "| calls/request | mean ms | total ms | statement |", "|---|---|---|---|"]
        for st in s["statements"]:
            query = st["query"].replace("|", "\\|")
            lines.append(f"| {st['calls_per_request']} | {st['mean_ms']} | {st['total_ms']} | `{query}` |")
        lines.append("")
    with open(os.path.join(b.BENCH, "results", stem + ".md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    sys.exit(main())
