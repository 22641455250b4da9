#!/usr/bin/env python3
"""A fake phpBB 3 forum on 127.0.0.1 for scripts/loadtest.sh: one topic page of POSTS posts
(a long Day 1 with quotes and bolded votes), answered in full every time (no ETag, no
Last-Modified), so each poll of `mafia serve` downloads, parses and stores the whole page.

usage: fake_forum.py PORT POSTS COUNT_FILE
Writes the number of pages served so far to COUNT_FILE after every request.
"""
import http.server
import sys
import threading

PORT, POSTS, COUNT_FILE = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
PLAYERS = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Hank"]


def post(n):
    if n == 1:
        author, body = "Moderator", "<p>Welcome! It is now Day 1.</p>"
    else:
        author = PLAYERS[n % len(PLAYERS)]
        target = PLAYERS[(n * 5 + 1) % len(PLAYERS)]
        body = (
            f"<blockquote><cite>{PLAYERS[(n + 3) % len(PLAYERS)]} wrote:</cite>"
            "<b>Vote: Alice</b> and a long quoted case</blockquote>"
            f"<p>Post {n}: my reads on the game so far, with a few sentences of reasoning "
            "about who pushed which wagon and why that looks scummy to me.</p>"
            f'<p><span style="font-weight: bold">Vote: {target}</span></p>'
        )
    minute = n % 60
    hour = 10 + n // 60 % 12
    return (
        f'<div id="p{n}" class="post bg2"><div class="inner"><div class="postbody">'
        f'<p class="author"><a href="./viewtopic.php?p={n}#p{n}">#{n}</a> by '
        f'<strong><a class="username" href="#">{author}</a></strong> &raquo; '
        f'<time datetime="2026-03-26T{hour:02}:{minute:02}:00+00:00">x</time></p>'
        f'<div class="content">{body}</div></div></div></div>'
    )


PAGE = (
    "<!DOCTYPE html><html><head><title>Load test game</title></head><body>"
    '<div class="topic-actions"></div>' + "".join(post(n) for n in range(1, POSTS + 1)) + "</body></html>"
).encode()

lock = threading.Lock()
served = 0


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        global served
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)
        with lock:
            served += 1
            with open(COUNT_FILE, "w") as f:
                f.write(f"{served}\n")

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
