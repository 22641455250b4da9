#!/usr/bin/env python3
"""A fake phpBB forum for the load test: one thread page of N posts, always answered in full
(no ETag, no Last-Modified), so every poll downloads, parses and stores the whole page.

usage: forum.py PORT POSTS
"""
import http.server
import sys

PORT, POSTS = int(sys.argv[1]), int(sys.argv[2])
PLAYERS = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Hank"]


def page():
    out = ["<html><body>"]
    for i in range(1, POSTS + 1):
        author = "Mod" if i == 1 else PLAYERS[i % len(PLAYERS)]
        target = PLAYERS[(i * 3) % len(PLAYERS)]
        body = "It is now Day 1." if i == 1 else (
            "<p>Some discussion about the game, reads and a case on a player.</p>"
            f"<blockquote>Earlier post quoted here</blockquote><p><b>Vote: {target}</b></p>")
        out.append(
            f'<div class="post" id="p{i}"><div class="postbody"><p class="author">'
            f'<a href="#p{i}">#{i}</a> by <strong><a class="username">{author}</a></strong> '
            f'<time datetime="2026-03-20T10:00:00+00:00">x</time></p>'
            f'<div class="content">{body}</div></div></div>')
    out.append("</body></html>")
    return "".join(out).encode()


BODY = page()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(BODY)))
        self.end_headers()
        self.wfile.write(BODY)

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
