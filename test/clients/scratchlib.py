"""Documented snippets, run in scratch git repositories.

The pre-commit and clang-tidy-diff tests run the text of
docs/integrations.md, not a copy of it: a block marked
`<!-- tested: NAME -->` is read from the page, and git runs isolated from
the user's configuration (their hooks, aliases or diff.noprefix would change
what the snippets see).
"""
import os
import re

from testlib import check, read, run


def doc_block(doc_path, name, lang):
    """The ```lang block right after `<!-- tested: name -->`."""
    m = re.search(r"<!-- tested: %s -->\s*```%s\n(.*?)```"
                  % (re.escape(name), re.escape(lang)), read(doc_path), re.S)
    check(m, "no ```%s block after <!-- tested: %s --> in %s"
          % (lang, name, doc_path))
    return m.group(1)


def git_env(work):
    """Environment for git (and pre-commit) with nothing of the user's:
    no global or system configuration, a fixed identity."""
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    return {"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config"),
            "XDG_CACHE_HOME": os.path.join(work, "cache"),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
            "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}


def git(repo, env, *args, expect=0):
    return run(["git", "-C", repo] + list(args), env=env, expect=expect,
                quiet=True)


def head(repo, env):
    return git(repo, env, "rev-parse", "HEAD").stdout.strip()


def commit_all(repo, env, message):
    """Commits every change without running hooks; returns the new HEAD."""
    git(repo, env, "add", "-A")
    git(repo, env, "commit", "-q", "--no-verify", "-m", message)
    return head(repo, env)
