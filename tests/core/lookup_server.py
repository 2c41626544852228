"""A local HTTP server standing in for Crossref and the arXiv API in tests (loopback only).

Tests register answers by path (and, optionally, query parameters); the server records every
request it receives so a test can check what the client sent.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit


@dataclass
class Answer:
    """What the server sends back for one path."""

    body: bytes
    status: int = 200
    content_type: str = "application/json"
    #: Seconds to wait before answering (to make a client time out).
    delay: float = 0.0
    #: Query parameters the request must carry for this answer (a subset match).
    query: dict[str, str] = field(default_factory=dict)
    #: Extra response headers (a `Location` for redirects).
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class SeenRequest:
    """One request as the server received it."""

    path: str
    raw_path: str
    query: dict[str, str]
    headers: dict[str, str]
    #: When it arrived, on the server's `clock`.
    at: float = 0.0


class FakeServices:
    """The running server: its base URL, the answers it gives, the requests it saw."""

    def __init__(self, url: str, stop: threading.Event) -> None:
        self.url = url
        self.answers: dict[str, list[Answer]] = {}
        self.requests: list[SeenRequest] = []
        #: Answers computed from each request's query, by path (search services).
        self.routes: dict[str, Callable[[dict[str, str]], Answer]] = {}
        #: The time requests are stamped with (a test's fake clock may replace it).
        self.clock: Callable[[], float] = time.monotonic
        self._stop = stop

    def answer(self, path: str, body: str | bytes, **options: object) -> None:
        """Serve `body` at `path` (decoded form, e.g. '/works/10.1038/nature14539')."""
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.answers.setdefault(path, []).append(Answer(data, **options))  # type: ignore[arg-type]

    def route(self, path: str, answering: Callable[[dict[str, str]], Answer]) -> None:
        """Answer every request for `path` with what `answering` makes of its query."""
        self.routes[path] = answering

    def find(self, path: str, query: dict[str, str]) -> Answer | None:
        if path in self.routes:
            return self.routes[path](query)
        candidates = self.answers.get(path, [])
        return next(
            (
                answer
                for answer in candidates
                if all(query.get(key) == value for key, value in answer.query.items())
            ),
            None,
        )

    def wait(self, seconds: float) -> None:
        """Sleep, but wake up when the server is being shut down."""
        self._stop.wait(seconds)


def _handler_for(services: FakeServices) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            path = unquote(parts.path)
            query = {key: values[0] for key, values in parse_qs(parts.query).items()}
            services.requests.append(
                SeenRequest(path, self.path, query, dict(self.headers), services.clock())
            )
            answer = services.find(path, query)
            if answer is None:
                answer = Answer(b'{"status": "error"}', status=404)
            services.wait(answer.delay)
            try:
                self.send_response(answer.status)
                self.send_header("Content-Type", answer.content_type)
                self.send_header("Content-Length", str(len(answer.body)))
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(answer.body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting (the timeout tests do that on purpose)

        def log_message(self, format: str, *args: object) -> None:
            """Keep the test output quiet."""

    return Handler


@contextmanager
def running_services() -> Iterator[FakeServices]:
    """Start a server on a free loopback port; stop it (and wake sleeping answers) on exit."""
    stop = threading.Event()
    services = FakeServices("", stop)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(services))
    services.url = f"http://127.0.0.1:{server.server_address[1]}"
    # A short poll keeps shutdown (once per test) quick.
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield services
    finally:
        stop.set()
        server.shutdown()
        server.server_close()
        thread.join()
