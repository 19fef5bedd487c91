"""one_error.py COMMAND...
one_error.py --each ARG... -- COMMAND...

Runs COMMAND (once for each ARG, which replaces every {} in it) and succeeds
only when every run fails as an error of the invocation does: exit status
2, nothing on stdout, exactly one line on stderr. Prints those lines, one
per run, for FileCheck."""
import subprocess
import sys

args = sys.argv[1:]
each = [None]
if args and args[0] == "--each":
    split = args.index("--")
    each, args = args[1:split], args[split + 1:]
failed = False
for value in each:
    cmd = args if value is None else [a.replace("{}", value) for a in args]
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    lines = run.stderr.splitlines()
    problems = []
    if run.returncode != 2:
        problems.append("exit status %d, not 2" % run.returncode)
    if run.stdout:
        problems.append("%d characters on stdout" % len(run.stdout))
    if len(lines) != 1:
        problems.append("%d lines on stderr, not 1" % len(lines))
    if problems:
        print("one_error: %s: %s\n%s" % (" ".join(cmd), "; ".join(problems),
                                         run.stderr), file=sys.stderr)
        failed = True
    else:
        print(lines[0])
sys.exit(1 if failed else 0)
