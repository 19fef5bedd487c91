"""run_concurrent.py N COMMAND...: starts N copies of COMMAND at once (here:
runs sharing one cache directory), waits for all, and fails unless they exit
with the same code and print the same stdout, which it then prints."""
import subprocess
import sys

n = int(sys.argv[1])
procs = [subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL) for _ in range(n)]
outs = [p.communicate()[0] for p in procs]
codes = set(p.returncode for p in procs)
if len(codes) != 1 or len(set(outs)) != 1:
    sys.exit("run_concurrent: runs disagree (exit codes %s)" % sorted(codes))
sys.stdout.write(outs[0].decode())
sys.exit(codes.pop())
