"""concurrent_edits.py MODE TARGET EDITS -- COMMAND...

Edits TARGET EDITS times while COMMAND runs again and again (until the
editing is done, at least twice), as a user who keeps typing during a
migration:

  append    each edit appends a line (open, append, close)
  rewrite   each edit rewrites the file in place with one more line
            (truncate and write, as editors that keep the inode save)
  stream    appends as fast as possible (the file grows under the parse)

Every edit adds the line "// edit <tag> N" (the tag: this script's pid).
Afterwards every one of them must be
in TARGET, in order (an edit overwritten by the tool is lost), and no run
may have crashed (a signal, or an exit status other than 0, 1 or 3).
Prints "runs: R, exits: {...}, edits: E, lost: L, crashed: C" and exits 1
if anything was lost or crashed."""
import collections
import os
import re
import subprocess
import sys
import threading
import time

mode, target, edits = sys.argv[1], sys.argv[2], int(sys.argv[3])
tag = os.getpid()
cmd = sys.argv[sys.argv.index("--") + 1:]
done = threading.Event()


def editor():
    for n in range(edits):
        line = "// edit %d %d\n" % (tag, n)
        if mode == "rewrite":
            with open(target) as fh:
                text = fh.read()
            with open(target, "r+") as fh:
                fh.write(text + line)
                fh.truncate()
        else:
            with open(target, "a") as fh:
                fh.write(line)
        if mode != "stream":
            time.sleep(0.02)
    done.set()


thread = threading.Thread(target=editor)
thread.start()
exits = collections.Counter()
crashed, runs, messages = 0, 0, set()
while not done.is_set() or runs < 2:
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, errors="replace")
    runs += 1
    exits[p.returncode] += 1
    if p.returncode not in (0, 1, 3):
        crashed += 1
        sys.stderr.write(p.stderr[-2000:])
    for m in re.findall(r"(changed on disk[^;:\n]*)", p.stdout + p.stderr):
        messages.add(m)
thread.join()
with open(target) as fh:
    found = [int(n) for n in
             re.findall(r"^// edit %d (\d+)$" % tag, fh.read(), re.M)]
lost = edits - len(set(found))
in_order = found == sorted(found)
print("runs: %d, exits: %s, edits: %d, lost: %d, crashed: %d, in order: %s"
      % (runs, dict(sorted(exits.items())), edits, lost, crashed,
         "yes" if in_order else "no"))
for m in sorted(messages):
    print("said: " + m)
sys.exit(1 if lost or crashed or not in_order else 0)
