#!/usr/bin/env python3
"""A file server on 127.0.0.1 for the download tests: GET and HEAD with byte ranges
(206/416), a request log, and a way to break a transfer off.

    range_http_server.py --root DIR [--log FILE] [--drop-after N] [--ignore-range]
                         [--bytes-per-second N]

Prints "PORT <n>" on its first line once it listens (on a free port). Each request appends
one JSON line {"path", "range", "status"} to the log. --drop-after N sends the full
Content-Length but closes the connection after N bytes of the body; --ignore-range answers
every request with the whole file (200), as servers without range support do;
--bytes-per-second slows the body down (to watch progress and cancel).
"""
import argparse
import json
import os
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def make_handler(root, log_path, drop_after, ignore_range, rate):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def record(self, status):
            if log_path:
                with open(log_path, "a", encoding="utf-8") as log:
                    log.write(json.dumps({"path": self.path, "range": self.headers.get("Range"),
                                          "status": status}) + "\n")

        def do_HEAD(self):
            self.answer(send_body=False)

        def do_GET(self):
            self.answer(send_body=True)

        def answer(self, send_body):
            path = os.path.realpath(os.path.join(root, self.path.split("?")[0].lstrip("/")))
            if not path.startswith(os.path.realpath(root) + os.sep) or not os.path.isfile(path):
                self.record(404)
                self.send_error(404)
                return
            size = os.path.getsize(path)
            start, end, status = 0, size - 1, 200
            wanted = self.headers.get("Range")
            match = None if ignore_range else re.fullmatch(r"bytes=(\d+)-(\d*)", wanted or "")
            if match:
                start = int(match.group(1))
                end = min(int(match.group(2)), size - 1) if match.group(2) else size - 1
                if start >= size:
                    self.record(416)
                    self.send_response(416)
                    self.send_header("Content-Range", "bytes */%d" % size)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                status = 206
            self.record(status)
            self.send_response(status)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(end - start + 1))
            self.send_header("Accept-Ranges", "bytes")
            if status == 206:
                self.send_header("Content-Range", "bytes %d-%d/%d" % (start, end, size))
            self.end_headers()
            if not send_body:
                return
            with open(path, "rb") as body:
                body.seek(start)
                remaining = end - start + 1
                if drop_after is not None:
                    remaining = min(remaining, drop_after)
                while remaining > 0:
                    chunk = body.read(min(16384, remaining))
                    if not chunk:
                        break
                    self.wfile.write(chunk)
                    remaining -= len(chunk)
                    if rate:
                        time.sleep(len(chunk) / rate)
            if drop_after is not None:
                self.wfile.flush()
                self.close_connection = True

    return Handler


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--log")
    parser.add_argument("--drop-after", type=int)
    parser.add_argument("--ignore-range", action="store_true")
    parser.add_argument("--bytes-per-second", type=float)
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 make_handler(options.root, options.log, options.drop_after,
                                              options.ignore_range, options.bytes_per_second))
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
