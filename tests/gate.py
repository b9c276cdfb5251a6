"""A TCP gate in front of a real service: while up it forwards every connection to the service; `down()` refuses
new connections and cuts the open ones, as a crashed or unreachable server would; `up()` lets them through again
on the same port. Tests use it to take PostgreSQL, Redis or Temporal away from one process without stopping the
service the rest of the session shares."""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit, urlunsplit


class Gate:
    def __init__(self, target: tuple[str, int] | str):
        """`target`: (host, port), or the path of a Unix socket (the embedded PostgreSQL listens on one)."""
        self.target = target
        self.port = 0
        self._listener: socket.socket | None = None
        self._open: set[socket.socket] = set()
        self._lock = threading.Lock()
        self.up()

    @classmethod
    def before(cls, address: str) -> Gate:
        """A gate before 'host:port'."""
        host, _, port = address.rpartition(":")
        return cls((host or "127.0.0.1", int(port)))

    @classmethod
    def before_postgres(cls, url: str) -> tuple[Gate, str]:
        """A gate before the database of `url` (TCP, or the Unix socket of `?host=/dir`), and the URL through it."""
        parts = urlsplit(url)
        query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
        if "host" in query:  # postgresql://user:@/db?host=/socket/dir
            gate = cls(f"{query['host']}/.s.PGSQL.{query.get('port', '5432')}")
            user = parts.netloc.rpartition("@")[0]
            return gate, urlunsplit(parts._replace(netloc=f"{user}@{gate.address()}", query=""))
        gate = cls((parts.hostname or "127.0.0.1", parts.port or 5432))
        return gate, gate.url(url)

    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def url(self, url: str) -> str:
        """The service's URL with its host and port replaced by the gate's."""
        parts = urlsplit(url)
        netloc = parts.netloc.rpartition("@")
        credentials = netloc[0] + "@" if netloc[1] else ""
        return urlunsplit(parts._replace(netloc=f"{credentials}{self.address()}"))

    def up(self) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def down(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self._lock:
            for sock in list(self._open):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                inbound, _ = listener.accept()
            except OSError:
                return  # down
            try:
                if isinstance(self.target, str):
                    outbound = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    outbound.connect(self.target)
                else:
                    outbound = socket.create_connection(self.target, timeout=5)
                    outbound.settimeout(None)
            except OSError:
                inbound.close()
                continue
            with self._lock:
                self._open.update((inbound, outbound))
            for a, b in ((inbound, outbound), (outbound, inbound)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
            with self._lock:
                self._open.discard(source)
                self._open.discard(sink)
