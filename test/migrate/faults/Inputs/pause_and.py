"""pause_and.py ACTION FIFO -- COMMAND...

Runs COMMAND, a transformers-migrate --fix run given
--testing-pause-before-commit=FIFO, and acts each time it pauses with a
file's new content complete in a temporary file, right before the tool's last
check and the rename:

  append:FILE     appends a line to FILE, then lets the tool go on
  signal:NAME     sends SIGNAME (TERM, INT, KILL) to the tool at the pause
  release         lets the tool go on

Protocol: the tool writes "<target>\\t<temporary>\\n" to FIFO and then waits
until FIFO.go has been opened for writing and closed; <temporary> is the
temporary's name, or /proc/<pid>/fd/<fd> while it is unnamed (O_TMPFILE).
Prints "paused: <target> (temporary: <temporary>)" per pause and, once the
tool ended, "temporary left: yes|no": whether that path, or any temporary of
the tool (".NAME.transformers-migrate-PID-XXXXXX.tmp") beside a target,
exists. Exits with the tool's exit code (128+N for a signal N). The tool's
own standard output is sent to standard error."""
import os
import re
import select
import signal
import subprocess
import sys
import time

action, fifo = sys.argv[1], sys.argv[2]
cmd = sys.argv[sys.argv.index("--") + 1:]
for f in (fifo, fifo + ".go"):
    if not os.path.exists(f):
        os.mkfifo(f)
# Held open (non-blocking) so that the tool's announcement never blocks and
# this script never blocks waiting for one that does not come.
announce = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
# lit runs tests with SIGINT ignored, and an ignored signal is inherited:
# give the tool the default disposition a terminal's Ctrl-C meets.
# The tool's report goes to stderr: stdout carries this script's lines only
# (the report is printed after the writes, while this script still prints).
proc = subprocess.Popen(
    cmd, stdout=sys.stderr,
    preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
kind, _, arg = action.partition(":")
temporaries, targets, buf, deadline = [], [], b"", time.time() + 300
while True:
    if time.time() > deadline:
        proc.kill()
        print("pause_and: timed out", file=sys.stderr)
        sys.exit(99)
    select.select([announce], [], [], 0.1)
    try:
        chunk = os.read(announce, 4096)
    except BlockingIOError:
        chunk = b""
    buf += chunk
    if b"\n" not in buf:
        if proc.poll() is not None:
            break
        if not chunk:
            time.sleep(0.02)
        continue
    line, buf = buf.split(b"\n", 1)
    target, temporary = line.decode().split("\t")
    temporaries.append(temporary)
    targets.append(target)
    print("paused: %s (temporary: %s)" % (target, temporary), flush=True)
    if kind == "append":
        with open(arg, "a") as fh:
            fh.write("// edited while transformers-migrate was replacing it\n")
    elif kind == "signal":
        proc.send_signal(getattr(signal, "SIG" + arg))
        break
    # Let it go on (blocks until the tool waits on FIFO.go).
    os.close(os.open(fifo + ".go", os.O_WRONLY))
try:
    code = proc.wait(timeout=120)
except subprocess.TimeoutExpired:
    proc.kill()
    print("pause_and: the tool hung", file=sys.stderr)
    sys.exit(99)
named = re.compile(r"^\..*\.transformers-migrate-[0-9]+-[0-9a-f]{6}\.tmp$")
left = any(os.path.exists(t) for t in temporaries) or any(
    named.match(n) for d in {os.path.dirname(t) for t in targets}
    for n in os.listdir(d))
print("temporary left: %s" % ("yes" if left else "no"))
sys.exit(128 - code if code < 0 else code)
