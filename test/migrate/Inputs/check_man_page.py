"""The man page documents exactly the options that --help lists.

  check_man_page.py HELP_TEXT_FILE MAN_PAGE

docs/man/transformers-migrate.1 is written by hand (it explains more than
--help); this keeps it in sync: every option of --help must have an entry
(a .TP tag) under OPTIONS, with every value of an enumerated option (as
--format's text/json/sarif) named in that entry, and the man page must not
document an option that --help no longer lists. Prints what differs.
"""
import re
import sys

# An option line of LLVM's --help: two spaces, the option, then "=<value>",
# " <value>" or the description's " - ". A value of an enumerated option is
# indented further: "    =text".
HELP_OPTION = re.compile(r"^  (-{1,2}[A-Za-z0-9][A-Za-z0-9-]*)(?=[= ])")
HELP_VALUE = re.compile(r"^    =([A-Za-z0-9_-]+)\s")


def help_options(text):
    """{option: [enumerated values]} from --help."""
    options, current = {}, None
    for line in text.splitlines():
        m = HELP_OPTION.match(line)
        if m:
            current = m.group(1)
            options[current] = []
            continue
        m = HELP_VALUE.match(line)
        if m and current:
            options[current].append(m.group(1))
    return options


def plain(roff):
    """roff source text without escapes for dashes, quotes and fonts."""
    text = roff.replace("\\-", "-").replace("\\(dq", '"')
    return re.sub(r"\\f[BIRP]|\\c|\\&", "", text)


def man_options(roff):
    """{option: entry text} from the .TP entries of the OPTIONS section."""
    section, entries, lines = None, {}, roff.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(".SH "):
            section = line[4:].strip().strip('"')
        if section != "OPTIONS" or line.strip() != ".TP" or \
                i + 1 >= len(lines):
            continue
        tag = plain(re.sub(r"^\.[A-Z]+\s+", "", lines[i + 1])).strip('" ')
        m = re.match(r"(-{1,2}[A-Za-z0-9][A-Za-z0-9-]*)", tag)
        if not m:
            continue
        body = []
        for following in lines[i + 2:]:
            if following.startswith((".TP", ".SS", ".SH")):
                break
            body.append(plain(following))
        entries[m.group(1)] = "\n".join(body)
    return entries


def main():
    help_text = open(sys.argv[1], encoding="utf-8").read()
    roff = open(sys.argv[2], encoding="utf-8").read()
    listed, documented = help_options(help_text), man_options(roff)
    if len(listed) < 10:
        print("error: only %d options parsed from --help: format changed?"
              % len(listed))
        return 1
    problems = []
    for option in sorted(set(listed) - set(documented)):
        problems.append("%s is in --help but not in the man page" % option)
    for option in sorted(set(documented) - set(listed)):
        problems.append("%s is in the man page but not in --help" % option)
    for option, values in sorted(listed.items()):
        for value in values:
            if option in documented and \
                    not re.search(r"\b%s\b" % re.escape(value),
                                  documented[option]):
                problems.append("%s: value %s is not in its man page entry"
                                % (option, value))
    for problem in problems:
        print("error: " + problem)
    if problems:
        return 1
    print("man page documents all %d options of --help" % len(listed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
