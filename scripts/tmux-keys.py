#!/usr/bin/env python3
"""Times keys in a tmux pane: each key is sent and the pane captured until it shows the key's answer, over one
tmux control-mode client (`tmux -C`), so that no process starts between the key and the screen (a `tmux` client
started for every look costs 3 ms and more on a loaded machine, and would be counted in every key).

    tmux-keys.py SOCKET CONTROL_SESSION TARGET KEY FIRST_ROW OUT [--count N] [--until TEXT] [--before CMD]
                 [--rate PER_SECOND] [--timeout SECONDS] [--limit SECONDS]

The control client attaches to CONTROL_SESSION (an idle session of its own, so that it sizes nothing the target
shows) and sends KEY to the TARGET pane, which must move the cursor of a favs list down one row: a key is answered
when the list's title shows `Items ROW/`, ROW counted from FIRST_ROW (the row the first key moves to). Keys go at
most PER_SECOND (30: a held key's auto-repeat), each once the previous one is answered.

--before CMD runs CMD in a shell first; times are from when it returned (else from the start). --count N stops after
N keys; --until TEXT after the first key whose answer also shows TEXT on the last line (the status line). Appends a
line `SENT_US LATENCY_US STATUS_COUNT` for each key to OUT: when it was sent (µs since the start), how long until
its answer was on screen (µs, from just before the key was written to the client), and the `N items` count on the
status line then. Prints the next FIRST_ROW. Exits 1 when a key is not answered within --timeout (30) seconds.
"""
import argparse
import re
import subprocess
import sys
import time


class Control:
    """A tmux control-mode client: a command is a line written; its reply the lines between %begin and %end."""

    def __init__(self, socket, session):
        self.process = subprocess.Popen(["tmux", "-S", socket, "-C", "attach-session", "-t", session],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.reply()  # the attach's own

    def send(self, command):
        self.process.stdin.write(command.encode() + b"\n")
        self.process.stdin.flush()

    def reply(self):
        lines = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("tmux-keys: the control client ended")
            if line.startswith(b"%begin"):
                lines = []
            elif line.startswith(b"%end") or line.startswith(b"%error"):
                if lines is not None:
                    if line.startswith(b"%error"):
                        raise SystemExit("tmux-keys: tmux said: " + b"".join(lines).decode(errors="replace"))
                    return lines
            elif lines is not None:
                lines.append(line)

    def command(self, command):
        self.send(command)
        return self.reply()

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    for name in ("socket", "session", "target", "key"):
        parser.add_argument(name)
    parser.add_argument("first_row", type=int)
    parser.add_argument("out")
    parser.add_argument("--count", type=int)
    parser.add_argument("--until")
    parser.add_argument("--before")
    parser.add_argument("--rate", type=float, default=30)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--limit", type=float, default=120)
    arguments = parser.parse_args()
    control = Control(arguments.socket, arguments.session)
    gap = 1 / arguments.rate
    row = arguments.first_row
    if arguments.before:
        subprocess.run(arguments.before, shell=True, check=True, stdout=subprocess.DEVNULL)
    start = time.monotonic()
    keys = 0
    count_pattern = re.compile(rb"([0-9]+) items")
    with open(arguments.out, "a") as out:
        while True:
            title = ("Items %d/" % row).encode()
            sent = time.monotonic()
            control.command("send-keys -t %s %s" % (arguments.target, arguments.key))
            while True:
                screen = control.command("capture-pane -p -t %s" % arguments.target)
                if any(title in line for line in screen[:3]):
                    break
                if time.monotonic() - sent > arguments.timeout:
                    sys.stderr.write("tmux-keys: %s was not answered within %g s; the screen:\n%s"
                                     % (arguments.key, arguments.timeout, b"".join(screen).decode(errors="replace")))
                    return 1
            answered = time.monotonic()
            status = screen[-1] if screen else b""
            found = count_pattern.search(status)
            count = found.group(1).decode() if found else "?"
            out.write("%d %d %s\n" % ((sent - start) * 1e6, (answered - sent) * 1e6, count))
            keys += 1
            row += 1
            if arguments.count is not None and keys >= arguments.count:
                break
            if arguments.until is not None and arguments.until.encode() in status:
                break
            if answered - start > arguments.limit:
                sys.stderr.write("tmux-keys: %r did not show within %g s; the screen:\n%s"
                                 % (arguments.until, arguments.limit, b"".join(screen).decode(errors="replace")))
                return 1
            pause = sent + gap - time.monotonic()
            if pause > 0:
                time.sleep(pause)
    control.close()
    print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
