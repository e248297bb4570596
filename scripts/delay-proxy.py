#!/usr/bin/env python3
"""A TCP proxy that holds every chunk it reads for a fixed delay before passing it on, both ways: a slow link.

    delay-proxy.py TARGET_HOST TARGET_PORT DELAY_MS PORT_FILE [--lifetime SECONDS] [--while-exists PATH]
                   [--toward-server-only] [--trip-log FILE]

Listens on 127.0.0.1 on a port the kernel picks and writes that port to PORT_FILE once it accepts. Made for
scripts/netns-pg.sh (delay/undelay), whose kernel has no netem. Each chunk is held DELAY_MS from the moment it
was read, not from the moment the previous one left, so the delay adds latency without cutting throughput, and
the order of the bytes is kept. Stdlib only.

Bounded: it exits on SIGTERM/SIGINT, after --lifetime seconds (1 hour by default), and as soon as the
--while-exists path is gone (the harness's folder), so a harness killed before it could clean up leaves no
proxy running for long.

--toward-server-only holds only what the client sends (a round trip then costs DELAY_MS, not twice it: the link
of issue #38's figures). --trip-log FILE appends a line `CONNECTION KIND` for each PostgreSQL message the client
sends that asks for an answer and waits: the start-up (`startup`), a login's password or SASL message (`p`), a
simple query (`Q`) and a Sync ending extended-protocol statements or a pipeline (`S`); a Terminate is logged too
(`X`), though nothing waits on it. One line per round trip, however the bytes are chunked.
"""
import argparse
import asyncio
import os
import signal
import sys
import time


class TripCounter:
    """Splits what a PostgreSQL client sends into messages, telling `on_trip` the kind of each that waits for an
    answer (see --trip-log). The first messages have no type byte (SSLRequest, GSSENCRequest, the start-up)."""

    WAITING = {b"p": "p", b"Q": "Q", b"S": "S", b"X": "X"}

    def __init__(self, on_trip):
        self.on_trip = on_trip
        self.buffer = b""
        self.started = False

    def read(self, chunk):
        self.buffer += chunk
        while True:
            if not self.started:
                if len(self.buffer) < 8:
                    return
                length = int.from_bytes(self.buffer[:4], "big")
                code = int.from_bytes(self.buffer[4:8], "big")
                if len(self.buffer) < length:
                    return
                self.buffer = self.buffer[length:]
                if code in (80877103, 80877104):  # SSLRequest, GSSENCRequest: answered by one byte
                    self.on_trip("ssl")
                else:
                    self.started = True
                    self.on_trip("startup")
                continue
            if len(self.buffer) < 5:
                return
            length = int.from_bytes(self.buffer[1:5], "big")
            if len(self.buffer) < 1 + length:
                return
            kind = self.WAITING.get(self.buffer[:1])
            self.buffer = self.buffer[1 + length:]
            if kind:
                self.on_trip(kind)


async def pipe(reader, writer, delay, on_chunk=None):
    """Copies reader to writer, each chunk held `delay` seconds after it arrived (on_chunk(chunk) told of each)."""
    queue = asyncio.Queue()

    async def read():
        try:
            while True:
                chunk = await reader.read(65536)
                if chunk and on_chunk:
                    on_chunk(chunk)
                queue.put_nowait((time.monotonic() + delay, chunk))
                if not chunk:
                    return
        except (ConnectionError, OSError):
            queue.put_nowait((time.monotonic() + delay, b""))

    async def write():
        try:
            while True:
                due, chunk = await queue.get()
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not chunk:  # the other side closed: pass the end on, as late as the data before it
                    if writer.can_write_eof():
                        writer.write_eof()
                    return
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, OSError):
            pass

    reading = asyncio.ensure_future(read())
    try:
        await write()
    finally:
        reading.cancel()


async def serve(args):
    delay = args.delay_ms / 1000
    connections = set()

    def log_trip(number, kind):
        with open(args.trip_log, "a") as f:
            f.write(f"{number} {kind}\n")
    accepted = 0

    async def handle(client_reader, client_writer):
        nonlocal accepted
        accepted += 1
        number = accepted
        task = asyncio.current_task()
        connections.add(task)

        messages = TripCounter(lambda kind: log_trip(number, kind))
        try:
            server_reader, server_writer = await asyncio.wait_for(
                asyncio.open_connection(args.host, args.port), timeout=10)
        except (OSError, asyncio.TimeoutError):
            client_writer.close()
            connections.discard(task)
            return
        try:
            await asyncio.gather(pipe(client_reader, server_writer, delay, messages.read if args.trip_log else None),
                                 pipe(server_reader, client_writer, 0 if args.toward_server_only else delay))
        finally:
            for writer in (client_writer, server_writer):
                writer.close()
            connections.discard(task)

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    temporary = args.port_file + ".tmp"
    with open(temporary, "w") as f:
        f.write(f"{port}\n")
    os.replace(temporary, args.port_file)  # whole or absent: the harness polls for it

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        loop.add_signal_handler(sig, stop.set)
    end = time.monotonic() + args.lifetime
    while not stop.is_set() and time.monotonic() < end:
        if args.while_exists and not os.path.exists(args.while_exists):
            break
        try:
            await asyncio.wait_for(stop.wait(), timeout=1)
        except asyncio.TimeoutError:
            pass
    server.close()
    for task in list(connections):
        task.cancel()


def main():
    parser = argparse.ArgumentParser(description="a TCP proxy that delays every chunk, both ways")
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("delay_ms", type=int)
    parser.add_argument("port_file")
    parser.add_argument("--lifetime", type=float, default=3600)
    parser.add_argument("--while-exists", default="")
    parser.add_argument("--toward-server-only", action="store_true")
    parser.add_argument("--trip-log", default="")
    args = parser.parse_args()
    if args.delay_ms < 0:
        sys.exit("delay-proxy.py: the delay is a number of milliseconds, 0 or more")
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()
