"""Scenario collection (issue 43): the régua de cobrança over 5 000 charges due today, against a local SMTP sink.

Starts target/suite.jar on a fresh embedded PostgreSQL as bench.py does, with SUITE_MAIL_* pointing at a sink
started here (a minimal SMTP server in this process: it accepts every message and counts them by recipient),
creates COUNT pix charges due today through the API, each with its own payer_email, enables the policy and
measures POST /api/finance/collection/run/: every charge must get exactly one message (the sink sees each
recipient once) and the run must end within the target. A second run must send nothing.
  bench/collection [--quick]      (SUITE_BENCH_SKIP_BUILD=1 to reuse target/suite.jar)
writes bench/results/<date>-<commit>-collection.json and .md.
"""

import collections
import concurrent.futures
import datetime
import json
import os
import socket
import socketserver
import subprocess
import sys
import threading
import time

import bench

COUNT = int(os.environ.get("SUITE_BENCH_COLLECTION_COUNT", "500" if bench.QUICK else "5000"))
# The daily run is a background job nobody waits for, but a "rodar agora" is a person waiting: a minute for
# 5 000 messages (about 12 ms each, SMTP round trips included) keeps both honest.
TARGET_S = 60


class Sink(socketserver.ThreadingTCPServer):
    allow_reuse_address = True
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), SmtpSession)
        self.lock = threading.Lock()
        self.recipients = collections.Counter()
        self.messages = 0


class SmtpSession(socketserver.StreamRequestHandler):
    # A reply in one write, without Nagle: a multi-line reply written line by line (the EHLO's) waited for the
    # client's delayed ACK, 40 ms per message, which a real server (one write per reply) does not do.
    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def reply(self, line):
        self.wfile.write((line + "\r\n").encode())
        self.wfile.flush()

    def handle(self):
        self.reply("220 sink ESMTP")
        rcpts = []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            command = line.decode(errors="replace").strip()
            verb = command[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250-sink\r\n250 8BITMIME")
            elif verb == "MAIL":
                rcpts = []
                self.reply("250 OK")
            elif verb == "RCPT":
                rcpts.append(command.split(":", 1)[1].strip().strip("<>").lower())
                self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 go on")
                while True:
                    data = self.rfile.readline()
                    if not data or data in (b".\r\n", b".\n"):
                        break
                with self.server.lock:
                    self.server.messages += 1
                    for rcpt in rcpts:
                        self.server.recipients[rcpt] += 1
                self.reply("250 queued")
            elif verb == "RSET" or verb == "NOOP":
                self.reply("250 OK")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("502 not implemented")


def run_scenario(api, sink):
    today = datetime.datetime.now(datetime.timezone(datetime.timedelta(hours=-3))).date().isoformat()
    started = time.time()

    def create(i):
        return api.ok("POST", "/api/finance/charges/", {
            "kind": "pix", "amount": "%d.%02d" % (50 + i % 500, i % 100), "payer_name": f"Pagador {i}",
            "payer_email": f"pagador{i}@bench.example", "due_date": today, "description": f"Mensalidade {i}"})

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(create, range(COUNT)))
    seeded = round(time.time() - started, 1)
    api.ok("PUT", "/api/finance/collection-policy/", {"enabled": True, "send_time": "23:59"})
    begun = time.time()
    first = api.ok("POST", "/api/finance/collection/run/")
    run_s = round(time.time() - begun, 2)
    begun = time.time()
    second = api.ok("POST", "/api/finance/collection/run/")
    second_s = round(time.time() - begun, 2)
    expected = {f"pagador{i}@bench.example" for i in range(COUNT)}
    once = sum(1 for r in expected if sink.recipients[r] == 1)
    twice = sum(1 for r in expected if sink.recipients[r] > 1)
    return {"charges": COUNT, "seed_s": seeded, "run_s": run_s, "first_run": first, "second_run": second,
            "second_run_s": second_s, "messages_received": sink.messages, "recipients_once": once,
            "recipients_more_than_once": twice, "target_s": TARGET_S,
            "all_met": run_s <= TARGET_S and once == COUNT and twice == 0 and second["sent"] == 0}


def main():
    sink = Sink()
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    os.environ.update({"SUITE_MAIL_HOST": "127.0.0.1", "SUITE_MAIL_PORT": str(sink.server_address[1]),
                       "SUITE_MAIL_FROM": "Bench <cobranca@bench.example>", "SUITE_MAIL_STARTTLS": "false",
                       "SUITE_PUBLIC_BASE_URL": bench.BASE})
    load_before = os.getloadavg()
    server, started = bench.start_service()
    try:
        bench.wait_healthy(server, started)
        with open(os.path.join(bench.WORK, "admin-token")) as token:
            api = bench.Api(token.read().strip())
        result = run_scenario(api, sink)
    finally:
        bench.stop_service(server)
        sink.shutdown()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=bench.ROOT, capture_output=True,
                            text=True).stdout.strip() or "unknown"
    result.update({"scenario": "collection", "commit": commit, "quick": bench.QUICK,
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                   "load_average_before_start": [round(v, 2) for v in load_before],
                   "load_average_after": [round(v, 2) for v in os.getloadavg()], "cpus": os.cpu_count(),
                   "jvm_flags": bench.JVM_FLAGS})
    stem = f"{datetime.date.today()}-{commit}-collection" + ("-quick" if bench.QUICK else "")
    os.makedirs(os.path.join(bench.BENCH, "results"), exist_ok=True)
    with open(os.path.join(bench.BENCH, "results", stem + ".json"), "w") as out:
        json.dump(result, out, indent=2)
    lines = [f"# Suite benchmark {stem}", "",
             f"Load average before the start: {result['load_average_before_start']}, after: "
             f"{result['load_average_after']}.", "",
             "| charges | run (s) | target (s) | each once | second run sent | met |", "|---|---|---|---|---|---|",
             f"| {result['charges']} | {result['run_s']} | {TARGET_S} | {result['recipients_once']} of "
             f"{result['charges']} ({result['recipients_more_than_once']} more than once) | "
             f"{result['second_run']['sent']} | {'yes' if result['all_met'] else '**not met**'} |"]
    with open(os.path.join(bench.BENCH, "results", stem + ".md"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0 if result["all_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
