"""What the open connections of one server process hold, by kind and by client address.

One pool for everything let one client starve everyone: a member holding a few hundred live event
streams, or one address holding a few hundred sockets that never finish their request head, took
every slot and the household got 503s. So connections are counted in three ways:

- **request slots** (`max_connections`): open connections that are not carrying an event stream.
  Past the limit a new connection's requests are answered 503 (core/process/server.py);
- **event streams** are counted apart from request slots: a connection moves to the stream pool
  when its answer turns out to be `text/event-stream` and back when that answer ends. Their own
  limits (per member and in all) are the app's, which knows whose stream it is (sharing/live.py);
- **per client address**: at most `max_connections_per_address` open connections, and at most
  `UNFINISHED_HEADS_PER_ADDRESS` of them still sending their request head. A connection past
  either is closed at once, before it holds anything. A trusted reverse proxy carries every
  client's requests on its connections, so it is not counted per address (and it buffers request
  heads itself, so a slow head never reaches us through it).
"""

from __future__ import annotations

from collections import Counter
from enum import Enum
from typing import Final

from larder.core.base.settings import ServerLimits
from larder.core.web.clients import is_trusted_proxy

# A browser sends its request head in one packet, so a head stays unfinished for milliseconds; a
# household behind one NAT address opening a page on every device at once stays well under this.
UNFINISHED_HEADS_PER_ADDRESS: Final = 16


class Admission(Enum):
    SERVE = "serve"
    BUSY = "busy"  # past the request slots: its requests are answered 503
    REFUSE = "refuse"  # past its address's share: closed at once


class ConnectionBook:
    """The counts one process keeps; every call runs on the event loop's thread."""

    def __init__(self, limits: ServerLimits, trusted_proxies: tuple[str, ...] = ()) -> None:
        self.limits = limits
        self.trusted_proxies = trusted_proxies
        self.requests = 0  # open connections in the request pool
        self.streams = 0  # open connections carrying an event stream
        self.by_address: Counter[str] = Counter()
        self.unfinished_by_address: Counter[str] = Counter()

    def counts_per_address(self, address: str) -> bool:
        return not is_trusted_proxy(address, self.trusted_proxies)

    def admit(self, address: str) -> Admission:
        """A connection was opened from `address`; count it unless it is refused. A new connection
        owes its request head, so it starts unfinished."""
        per_address = self.counts_per_address(address)
        if per_address and (
            self.by_address[address] >= self.limits.max_connections_per_address
            or self.unfinished_by_address[address] >= UNFINISHED_HEADS_PER_ADDRESS
        ):
            return Admission.REFUSE
        if per_address:
            self.by_address[address] += 1
            self.unfinished_by_address[address] += 1
        self.requests += 1
        return Admission.BUSY if self.requests > self.limits.max_connections else Admission.SERVE

    def unfinished(self, address: str, now: bool) -> None:
        """The connection started (True) or completed (False) a request head."""
        if self.counts_per_address(address):
            _add(self.unfinished_by_address, address, 1 if now else -1)

    def stream_started(self) -> None:
        self.requests -= 1
        self.streams += 1

    def stream_ended(self) -> None:
        self.streams -= 1
        self.requests += 1

    def closed(self, address: str, *, stream: bool, unfinished: bool) -> None:
        """An admitted connection has gone, in whichever pool and head state it was."""
        if stream:
            self.streams -= 1
        else:
            self.requests -= 1
        if self.counts_per_address(address):
            _add(self.by_address, address, -1)
            if unfinished:
                _add(self.unfinished_by_address, address, -1)


def _add(counter: Counter[str], key: str, step: int) -> None:
    value = counter[key] + step
    if value > 0:
        counter[key] = value
    else:
        del counter[key]


__all__ = ["UNFINISHED_HEADS_PER_ADDRESS", "Admission", "ConnectionBook"]
