"""edit_during_run.py FIFO FILE -- COMMAND...

Runs COMMAND and edits FILE while COMMAND is running, at a deterministic
point: FIFO is a named pipe that one translation unit #includes, so the
compiler blocks reading it. Opening the pipe's write end returns exactly when
the compiler opens its read end; then FILE gets a line appended, and only then
does the pipe deliver its (empty) content and let the compiler go on. Exits
with COMMAND's exit code; fails after 120 s if the pipe is never opened."""
import os
import signal
import subprocess
import sys

fifo, target = sys.argv[1], sys.argv[2]
cmd = sys.argv[sys.argv.index("--") + 1:]
if not os.path.exists(fifo):
    os.mkfifo(fifo)
proc = subprocess.Popen(cmd)


def timeout(signum, frame):
    proc.kill()
    print("edit_during_run: the pipe was never opened", file=sys.stderr)
    sys.exit(1)


signal.signal(signal.SIGALRM, timeout)
signal.alarm(120)
with open(fifo, "w") as pipe:  # blocks until the compiler reads the pipe
    with open(target, "a") as fh:
        fh.write("// edited while transformers-migrate was running\n")
    pipe.write("// generated header\n")
signal.alarm(0)
try:
    sys.exit(proc.wait(timeout=120))
except subprocess.TimeoutExpired:
    proc.kill()
    print("edit_during_run: the command hung after the edit", file=sys.stderr)
    sys.exit(1)
