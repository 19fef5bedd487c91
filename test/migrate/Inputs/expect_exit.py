"""expect_exit.py CODE COMMAND...: runs COMMAND (its output passes through)
and succeeds only when it exits with exactly CODE."""
import subprocess
import sys

code = int(sys.argv[1])
rc = subprocess.call(sys.argv[2:])
if rc != code:
    print("expect_exit: expected exit code %d, got %d: %s"
          % (code, rc, " ".join(sys.argv[2:])), file=sys.stderr)
    sys.exit(1)
