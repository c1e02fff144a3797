"""A worker process answers requests framed as length-prefixed messages, one at a time; it is
killed past the deadline or when a request is cancelled mid-way, replaced once when it died while
idle, ended after its idle time and at close."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import sys
from collections.abc import Awaitable, Callable

import pytest

from larder.core.process.worker_process import WorkerGaveNoAnswer, WorkerProcess, read_message, write_message

WAIT = 30  # seconds a scenario may take on a busy machine before it counts as hung

# echoes a request's parts joined by "|"; "hang" never answers, "die" ends the process
ECHO = """
import os, sys, time
from larder.core.process.worker_process import serve

def load():
    def answer(*parts):
        if parts[0] == b"hang":
            time.sleep(3600)
        if parts[0] == b"die":
            os._exit(1)
        return b"|".join(parts)
    return answer

serve(load, parts=int(sys.argv[1]))
"""


class Echo:
    """The echo worker's command, counting the processes started."""

    def __init__(self, parts: int) -> None:
        self.parts = parts
        self.started = 0

    def __call__(self) -> list[str]:
        self.started += 1
        return [sys.executable, "-c", ECHO, str(self.parts)]


def run(scenario: Callable[[WorkerProcess, Echo], Awaitable[None]], idle_seconds: float = 60.0, parts: int = 1) -> None:
    """The scenario with an echo worker and its command, in an event loop of its own; closed after."""
    command = Echo(parts)

    async def main() -> None:
        worker = WorkerProcess(command, idle_seconds, WAIT)
        try:
            await scenario(worker, command)
        finally:
            await worker.close()

    asyncio.run(main())


def ended(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def replaced(worker: WorkerProcess, pid: int) -> None:
    """The old process has ended (and been reaped); the next request starts a new one."""
    assert worker.pid is None
    assert ended(pid)
    assert await worker.exchange(b"again") == b"again"
    assert worker.pid not in (None, pid)


async def started(worker: WorkerProcess) -> int:
    assert await worker.exchange(b"ok") == b"ok"
    assert worker.pid is not None
    return worker.pid


def test_messages_are_length_prefixed_and_a_cut_one_reads_as_the_end():
    stream = io.BytesIO()
    write_message(stream, b"first")
    write_message(stream, b"")
    write_message(stream, b"third")
    data = stream.getvalue()
    assert data[:9] == b"\x00\x00\x00\x05first"
    whole = io.BytesIO(data)
    assert [read_message(whole) for _ in range(4)] == [b"first", b"", b"third", None]
    cut = io.BytesIO(data[:-1])
    assert [read_message(cut) for _ in range(3)] == [b"first", b"", None]
    assert read_message(io.BytesIO(b"\x00\x00")) is None  # a length cut short


def test_a_request_of_several_messages_gets_one_answer_from_one_process():
    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        assert worker.pid is None  # nothing started before the first request
        assert await worker.exchange(b"header", b"body") == b"header|body"
        pid = worker.pid
        large = os.urandom(3_000_000)  # more than a pipe holds at once
        assert await worker.exchange(b"big", large) == b"big|" + large
        assert await worker.exchange_json(b'"a', b'b"') == "a|b"
        assert pid is not None and pid != os.getpid()
        assert worker.pid == pid
        assert command.started == 1
        # an answer that is not JSON: the worker's stream is taken as out of step
        with pytest.raises(WorkerGaveNoAnswer) as raised:
            await worker.exchange_json(b"not", b"json")
        assert isinstance(raised.value.cause, ValueError)
        assert worker.pid is None
        assert ended(pid)

    run(scenario, parts=2)


def test_requests_at_the_same_time_are_answered_one_after_the_other():
    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        pid = await started(worker)
        answers = await asyncio.wait_for(asyncio.gather(*(worker.exchange(str(n).encode()) for n in range(5))), WAIT)
        assert answers == [b"0", b"1", b"2", b"3", b"4"]
        assert worker.pid == pid

    run(scenario)


def test_a_request_past_the_deadline_kills_the_worker():
    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        pid = await started(worker)
        worker.deadline_seconds = 0.2
        with pytest.raises(WorkerGaveNoAnswer) as raised:
            await worker.exchange(b"hang")
        assert isinstance(raised.value.cause, TimeoutError)
        assert raised.value.__cause__ is raised.value.cause
        worker.deadline_seconds = WAIT
        await replaced(worker, pid)

    run(scenario)


def test_a_worker_that_died_while_idle_is_replaced_for_one_more_try():
    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        first = await started(worker)
        os.kill(first, signal.SIGKILL)  # as the kernel's out-of-memory killer would
        # not awaited: the request is sent to the dead process, which fails, then to a new one
        assert await worker.exchange(b"next") == b"next"
        assert worker.pid not in (None, first)
        assert command.started == 2

    run(scenario)


def test_a_worker_that_dies_on_a_request_costs_that_request_only():
    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        # a new process that dies: no second try
        with pytest.raises(WorkerGaveNoAnswer) as raised:
            await worker.exchange(b"die")
        assert isinstance(raised.value.cause, asyncio.IncompleteReadError)
        assert command.started == 1
        # a reused one that dies: one second try, which dies too
        await started(worker)
        with pytest.raises(WorkerGaveNoAnswer):
            await worker.exchange(b"die")
        assert command.started == 3
        assert worker.pid is None
        assert await worker.exchange(b"ok") == b"ok"

    run(scenario)


def test_the_worker_ends_when_idle_and_a_new_one_starts_on_the_next_request():
    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        pid = await started(worker)
        await asyncio.wait_for(worker.wait_stopped(), WAIT)
        await replaced(worker, pid)  # ended, not only let go

    run(scenario, idle_seconds=0.2)


def test_a_request_cancelled_mid_way_abandons_the_worker():
    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        await started(worker)
        process = worker._process
        assert process is not None
        # the worker never answers "hang": wait_for cancels the request while it waits
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(worker.exchange(b"hang"), 0.2)
        assert worker.pid is None
        assert await asyncio.wait_for(process.wait(), WAIT) == -signal.SIGKILL
        await asyncio.wait_for(worker.wait_stopped(), WAIT)
        await replaced(worker, process.pid)  # a new process, in step

    run(scenario)


def test_close_ends_the_worker():
    pids: list[int] = []

    async def scenario(worker: WorkerProcess, command: Echo) -> None:
        await worker.close()  # nothing started: nothing to do
        pids.append(await started(worker))

    run(scenario)  # closes the worker after the scenario
    assert ended(pids[0])


def test_a_worker_of_an_ended_event_loop_is_replaced_in_the_next_one():
    worker = WorkerProcess(Echo(1), 60.0, WAIT)
    assert asyncio.run(worker.exchange(b"first")) == b"first"
    first = worker.pid
    assert first is not None

    async def second() -> tuple[bytes, int | None]:
        try:
            return await worker.exchange(b"second"), worker.pid
        finally:
            await worker.close()

    answer, pid = asyncio.run(second())
    assert answer == b"second"
    assert pid not in (None, first)
