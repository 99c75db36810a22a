"""A fake Pix provider (PSP) for the benchmark: a separate process speaking the Central Bank's API Pix as far as
Suite's PixApiClient uses it for a pull sync (shared/reference/pix-api.md), over mutual TLS.

- TLS 1.2/1.3 with a server certificate from a bench CA; a client certificate from the same CA is required.
- POST /oauth/token: OAuth 2 client credentials, HTTP Basic client authentication; the token is bound to the
  SHA-256 thumbprint of the client certificate it was issued over (RFC 8705), as the Security Manual asks.
- GET /v2/pix?inicio&fim[&devolucaoPresente][&paginacao.paginaAtual][&paginacao.itensPorPagina]: the Pix whose
  horario lies in [inicio, fim], oldest first, paged as the spec says (zero-based page, at most 1000 per page).
- GET /v2/pix/{e2eid}: one Pix, or 404 PixNaoEncontrado.
- GET /bench/stats (no TLS client check beyond the handshake): how many token and list requests were served.

The Pix are generated deterministically at start: `--count` Pix spread evenly from `--from` to `--to` (UTC),
every `--txid-every`-th carrying the txid `benchpix<n>` (a dynamic-QR charge), every `--refund-every`-th with
one devolução DEVOLVIDO of a tenth of its value. Prints "ready <port>" once listening.
  python3 bench/fake_psp.py --certs DIR --count 10000 --from 2026-11-22T00:00:00Z --to 2026-11-26T12:00:00Z
"""

import argparse
import base64
import bisect
import datetime
import hashlib
import json
import secrets
import ssl
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CLIENT_ID = "bench-client"
CLIENT_SECRET = "bench-secret"


def parse_instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).astimezone(datetime.timezone.utc)


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def cpf(base):
    digits = [int(c) for c in f"{base:09d}"]
    for position in (10, 11):
        rest = sum(d * (position - i) for i, d in enumerate(digits)) % 11
        digits.append(0 if rest < 2 else 11 - rest)
    return "".join(map(str, digits))


def generate(count, start, end, txid_every, refund_every):
    """The Pix, oldest first, and their horarios as epoch seconds (for the window search)."""
    items, moments = [], []
    span = (end - start).total_seconds()
    for n in range(count):
        moment = start + datetime.timedelta(seconds=span * n / max(1, count))
        cents = 500 + (n * 7919) % 250000
        item = {"endToEndId": f"E99999999{moment:%Y%m%d%H%M}{n:011d}", "valor": f"{cents // 100}.{cents % 100:02d}",
                "chave": "11222333000181", "horario": iso(moment), "infoPagador": f"Pedido {n}",
                "pagador": {"cpf": cpf(100000000 + n), "nome": f"Pagador Bench {n}"}}
        if txid_every and n % txid_every == 0:
            item["txid"] = f"benchpix{n:020d}"
        if refund_every and n % refund_every == 1:
            when = iso(moment + datetime.timedelta(minutes=5))
            item["devolucoes"] = [{"id": f"dev{n}", "rtrId": f"D99999999{moment:%Y%m%d%H%M}{n:011d}",
                                   "valor": f"{cents // 1000}.{(cents // 10) % 100:02d}", "natureza": "ORIGINAL",
                                   "horario": {"solicitacao": when, "liquidacao": when}, "status": "DEVOLVIDO"}]
        items.append(item)
        moments.append(moment.timestamp())
    return items, moments


class Psp:
    def __init__(self, items, moments):
        self.items = items
        # Each item's JSON encoded once: a page is then joined, not encoded (the PSP's own time stays small).
        self.encoded = [json.dumps(item) for item in items]
        self.refunded = [i for i, item in enumerate(items) if "devolucoes" in item]
        self.moments = moments
        self.by_e2e = {item["endToEndId"]: item for item in items}
        self.tokens = {}
        self.lock = threading.Lock()
        self.stats = {"token_requests": 0, "list_requests": 0, "items_served": 0, "rejected": 0,
                      "last_list_at": None}

    def count(self, key, n=1):
        with self.lock:
            self.stats[key] += n


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: without TCP_NODELAY, Nagle's algorithm holds the body until the
    # client's delayed ACK (40 ms a page), which would be the fake PSP's cost, not the service's.
    disable_nagle_algorithm = True
    psp = None

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def problem(self, status, kind, detail=""):
        self.psp.count("rejected")
        self.answer(status, {"type": f"https://pix.bcb.gov.br/api/v2/error/{kind}", "title": kind,
                             "status": status, "detail": detail})

    def thumbprint(self):
        der = self.connection.getpeercert(binary_form=True)
        return hashlib.sha256(der).hexdigest() if der else ""

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
        if urllib.parse.urlsplit(self.path).path != "/oauth/token":
            self.problem(404, "NaoEncontrado")
            return
        self.psp.count("token_requests")
        expected = "Basic " + base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
        form = dict(urllib.parse.parse_qsl(body))
        if self.headers.get("Authorization") != expected or form.get("grant_type") != "client_credentials":
            self.psp.count("rejected")
            self.answer(401, {"error": "invalid_client"})
            return
        token = secrets.token_hex(20)
        with self.psp.lock:
            self.psp.tokens[token] = self.thumbprint()
        self.answer(200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600, "scope": "pix.read"})

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/bench/stats":
            with self.psp.lock:
                self.answer(200, dict(self.psp.stats))
            return
        authorization = self.headers.get("Authorization") or ""
        token = authorization[7:] if authorization.startswith("Bearer ") else ""
        with self.psp.lock:
            bound = self.psp.tokens.get(token)
        if bound is None or bound != self.thumbprint():
            self.psp.count("rejected")
            self.answer(401, {"error": "invalid_token"})
            return
        if url.path == "/v2/pix":
            self.list(dict(urllib.parse.parse_qsl(url.query)))
        elif url.path.startswith("/v2/pix/"):
            item = self.psp.by_e2e.get(urllib.parse.unquote(url.path[len("/v2/pix/"):]))
            if item is None:
                self.problem(404, "PixNaoEncontrado")
            else:
                self.answer(200, item)
        else:
            self.problem(404, "NaoEncontrado")

    def list(self, query):
        self.psp.count("list_requests")
        try:
            start = parse_instant(query["inicio"]).timestamp()
            end = parse_instant(query["fim"]).timestamp()
            page = int(query.get("paginacao.paginaAtual", "0"))
            size = int(query.get("paginacao.itensPorPagina", "100"))
        except (KeyError, ValueError) as error:
            self.problem(400, "PixConsultaInvalida", str(error))
            return
        if page < 0 or not 1 <= size <= 1000 or end < start:
            self.problem(400, "PixConsultaInvalida", "paginacao or period out of range")
            return
        lo = bisect.bisect_left(self.psp.moments, start)
        hi = bisect.bisect_right(self.psp.moments, end)
        if query.get("devolucaoPresente") == "true":
            matching = [i for i in self.psp.refunded if lo <= i < hi]
        else:
            matching = range(lo, hi)
        pages = max(1, -(-len(matching) // size))
        served = matching[page * size:(page + 1) * size]
        self.psp.count("items_served", len(served))
        head = json.dumps({"parametros": {"inicio": query["inicio"], "fim": query["fim"], "paginacao": {
            "paginaAtual": page, "itensPorPagina": size, "quantidadeDePaginas": pages,
            "quantidadeTotalDeItens": len(matching)}}})
        data = (head[:-1] + ', "pix": [' + ", ".join(self.psp.encoded[i] for i in served) + "]}").encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        with self.psp.lock:
            self.psp.stats["last_list_at"] = time.time()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--certs", required=True, help="directory with ca.pem, server.pem, server.key")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--from", dest="start", required=True)
    parser.add_argument("--to", dest="end", required=True)
    parser.add_argument("--txid-every", type=int, default=4)
    parser.add_argument("--refund-every", type=int, default=100)
    arguments = parser.parse_args()
    items, moments = generate(arguments.count, parse_instant(arguments.start), parse_instant(arguments.end),
                              arguments.txid_every, arguments.refund_every)
    Handler.psp = Psp(items, moments)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(f"{arguments.certs}/server.pem", f"{arguments.certs}/server.key")
    context.load_verify_locations(f"{arguments.certs}/ca.pem")
    context.verify_mode = ssl.CERT_REQUIRED
    context.set_alpn_protocols(["http/1.1"])
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(f"ready {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
