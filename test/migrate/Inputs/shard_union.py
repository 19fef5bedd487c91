"""shard_union.py WHOLE.json SHARD.json...: checks that the shards' file
counts add up to the whole run's (the partition is a function of the path, so
no file is in two shards and none is lost), that at least two shards are
non-empty, and that the union of their diagnostics
is the whole run's (a header's finding may come from another TU, so the
reporting main file is not compared)."""
import json
import sys


def load(path):
    with open(path) as fh:
        return json.load(fh)


def key(d):
    return (d["file"], d["offset"], d["check"], d["message"],
            json.dumps(d.get("fix", []), sort_keys=True))


whole = load(sys.argv[1])
shards = [load(p) for p in sys.argv[2:]]
whole_files = whole["summary"]["files"]
shard_files = sum(s["summary"]["files"] for s in shards)
if whole_files != shard_files:
    sys.exit("file counts differ: whole %d, shards %d" % (whole_files,
                                                          shard_files))
if sum(1 for s in shards if s["summary"]["files"]) < 2:
    sys.exit("degenerate partition: fewer than two non-empty shards")
want = sorted(set(key(d) for d in whole["diagnostics"]))
got = sorted(set(key(d) for s in shards for d in s["diagnostics"]))
if want != got:
    sys.exit("diagnostics differ:\nwhole  %s\nshards %s" % (want, got))
print("shards: %d files, %d diagnostics, partition %s" % (
    whole_files, len(want),
    [s["summary"]["files"] for s in shards]))
