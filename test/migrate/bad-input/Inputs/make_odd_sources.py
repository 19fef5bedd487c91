"""make_odd_sources.py LEGACY_CPP DIR: writes odd variants of LEGACY_CPP (the
proj/src/legacy.cpp fixture) into DIR:
  binary.cpp    the first 4 KiB of a binary (NUL bytes)
  latin1.cpp    the fixture with Latin-1 (not UTF-8) comments
  latin1-bad.cpp  a Latin-1 #error text: a compiler error quoting those bytes
                (it includes the library, so the prefilter does not skip it)
  longline.cpp  the fixture with a 1 MB line before, and on, the finding
  huge.cpp      the fixture after 50,000 generated lines
and DIR/expected/<name> for the fixable ones: the exact bytes --fix must
produce (the fixture's own fix applied, every other byte unchanged)."""
import os
import sys

legacy, out = sys.argv[1], sys.argv[2]
os.makedirs(os.path.join(out, "expected"), exist_ok=True)
with open(legacy, "rb") as fh:
    src = fh.read()

INC = b"#include <transformers/transformers.h>"
FIXES = [(INC, b"#include <transformers/cache_utils.h>\n" + INC),
         (b"forward(ids, legacy)",
          b"forward(ids, transformers::DynamicCache::from_legacy_cache(legacy))"),
         (b"= legacy}", b"= transformers::DynamicCache::from_legacy_cache(legacy)}")]


def fixed(text):
    for old, new in FIXES:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def write(name, data, expect=True):
    with open(os.path.join(out, name), "wb") as fh:
        fh.write(data)
    if expect:
        with open(os.path.join(out, "expected", name), "wb") as fh:
            fh.write(fixed(data))


with open("/bin/sh", "rb") as fh:
    write("binary.cpp", fh.read(4096), expect=False)
write("latin1.cpp", src.replace(b"// Two hand-offs",
                                b"// Caf\xe9, \xfcber, d\xe9j\xe0 vu: two hand-offs"))
write("latin1-bad.cpp", INC + b"\n#error caf\xe9 \xfcber\n", expect=False)
long_comment = b"// " + b"x" * (1 << 20) + b"\n"
long_init = b"static const int big[] = {" + b"1," * (1 << 19) + b"}; (void)big; "
write("longline.cpp", src.replace(INC + b"\n", INC + b"\n" + long_comment)
      .replace(b"auto peek =", long_init + b"auto peek ="))
gen = b"".join(b"static int f%d(int x) { return x + %d; }\n" % (i, i)
               for i in range(50000))
write("huge.cpp", src.replace(INC + b"\n", INC + b"\n" + gen))
