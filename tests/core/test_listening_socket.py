"""The socket `larder serve --workers N` listens on for all its workers: its connections must send
small answers at once (TCP_NODELAY), as uvicorn's own sockets do; otherwise each answer waits
for the client's delayed acknowledgement (~40 ms a request)."""

from __future__ import annotations

import asyncio
import socket

from larder.core.process.server import listening_socket
from tests.support import free_port


def test_connections_of_the_shared_socket_send_without_delay() -> None:
    listener = listening_socket("127.0.0.1", free_port())
    assert listener.get_inheritable()  # the forked workers accept on it
    accepted: list[int] = []

    async def main() -> None:
        done = asyncio.Event()

        def on_connection(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            accepted.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()
            done.set()

        server = await asyncio.start_server(on_connection, sock=listener)
        async with server:
            _, writer = await asyncio.open_connection(*listener.getsockname()[:2])
            await asyncio.wait_for(done.wait(), 10)
            writer.close()

    asyncio.run(main())
    assert accepted and accepted[0] != 0
