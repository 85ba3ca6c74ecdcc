"""Every ``semper-fidelis`` command line in a code block of README.md or docs/*.md is run here
(issue 37), in this process through ``main`` and in a scratch folder (the files the docs name —
a secret, certificates, a key, a bad variant — are made there; ``docs/`` is linked in).

:data:`CHECKS` says how each line is run, by its text as the docs print it. A line without an
entry, or an entry the docs no longer hold, fails the test, so a new command in the docs is run
from the day it is written. How:

- ``run``: the command runs to its end, exit status as given.
- ``start``: a command that opens the app or listens for the network runs up to that point — the
  app (``tui.app.run``, ``tui.remote.run_joined``), the host's listener and the web server are
  stubbed, and the test asserts one of them was reached with the documented options checked.
- ``ci``: run elsewhere, as written (``why`` says where).

An entry's ``argv`` replaces the documented line only where it must (a synopsis's placeholders,
a long run's sizes: fewer games, one job, a narrower sweep), each entry saying ``why``; every
option the documented line names is still given (the test checks it).
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from semper_fidelis.cli import main

REPO = Path(__file__).resolve().parent.parent
DOCS = (REPO / "README.md", *sorted((REPO / "docs").glob("*.md")))
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```$", re.S | re.M)
COMMAND = re.compile(r"(^|[\s;&|$])semper-fidelis(\s|$)")


@dataclass(frozen=True)
class Check:
    how: str  # "run", "start" or "ci" (module docstring)
    why: str = ""  # why the line is not run as written (required with argv, and for "ci")
    argv: tuple[str, ...] = ()  # the command lines run instead of the documented one, after `semper-fidelis`
    status: int = 0


GAMES_CUT = "sizes cut: 1 game a pairing (not 100-200), one job"
CHECKS: dict[str, Check] = {
    # README.md
    "python3 -m venv .venv && . .venv/bin/activate && pip install uv && uv pip install -e .[dev] && semper-fidelis":
        Check("ci", why="the Quick start's set-up line: .ci/run runs it as written, in a clean copy of the checkout"),
    "semper-fidelis play --scenario 2 --pl human --zurl general --seed 7": Check("start"),
    "semper-fidelis play --example 07-cerkiew-sw-jura": Check("start"),
    "semper-fidelis host --scenario 1 --pl human --zurl remote --port 8765": Check("start"),
    "SEMPER_FIDELIS_SECRET=SECRET semper-fidelis join 192.168.1.20:8765 --side ZURL": Check("start"),
    "semper-fidelis join 192.168.1.20:8765 --side ZURL --secret-file zurl.secret --bot general": Check("start"),
    "semper-fidelis host --pl general --zurl remote --record final.json": Check("start"),
    "semper-fidelis host --zurl remote --tls-cert host.pem --tls-key host.key": Check("start"),
    "SEMPER_FIDELIS_SECRET=SECRET semper-fidelis join wss://game.example.org:8765 --side ZURL --ca ca.pem": Check("start"),
    "semper-fidelis serve --host 0.0.0.0 --port 8000": Check("start"),
    "semper-fidelis serve --port 8000 --join 127.0.0.1:8765 --side ZURL": Check("start"),
    # docs/designers-guide.md
    "$ semper-fidelis validate --variant bad.toml": Check("run", status=1),
    "semper-fidelis balance --variant FILE --pairings general-general --games 200 [--markdown | --json] [--plot FILE.svg]": Check(
        "run", why=f"a synopsis: FILE a shipped variant, each alternative in turn; {GAMES_CUT}",
        argv=("balance --variant docs/variants/siege-handicap.toml --pairings general-general --games 1 --jobs 1 --markdown --plot out.svg",
              "balance --variant docs/variants/siege-handicap.toml --pairings general-general --games 1 --jobs 1 --json")),
    "semper-fidelis balance --scenario N --sweep KEY=A..B --pairings general-general --games 100 [--plot FILE.svg]": Check(
        "run", why=f"a synopsis: scenario 4, a two-value sweep; {GAMES_CUT}",
        argv=("balance --scenario 4 --sweep sides.PL.supply=6..7 --pairings general-general --games 1 --jobs 1 --plot out.svg",)),
    "nice semper-fidelis balance --variant docs/variants/coup-steady-pl.toml --pairings general-general --games 200 --jobs 1 --markdown": Check(
        "run", why=GAMES_CUT,
        argv=("balance --variant docs/variants/coup-steady-pl.toml --pairings general-general --games 1 --jobs 1 --markdown",)),
    "nice semper-fidelis balance --variant docs/variants/siege-handicap.toml --pairings general-general --games 200 --jobs 1 --markdown": Check(
        "run", why=GAMES_CUT,
        argv=("balance --variant docs/variants/siege-handicap.toml --pairings general-general --games 1 --jobs 1 --markdown",)),
    ("nice semper-fidelis balance --variant docs/variants/siege-late-relief.toml --pairings general-general --games 200 --jobs 1 "
     "--markdown --plot siege-late-relief.svg"): Check(
        "run", why=f"{GAMES_CUT}; the plot written in the scratch folder",
        argv=("balance --variant docs/variants/siege-late-relief.toml --pairings general-general --games 1 --jobs 1 --markdown "
              "--plot siege-late-relief.svg",)),
    "nice semper-fidelis balance --scenario 4 --sweep sides.PL.supply=6..10 --pairings general-general --games 100 --jobs 1 --markdown": Check(
        "run", why=f"{GAMES_CUT}; two of the five values",
        argv=("balance --scenario 4 --sweep sides.PL.supply=6..7 --pairings general-general --games 1 --jobs 1 --markdown",)),
    ("nice semper-fidelis balance --scenario 4 --sweep sides.PL.vp=4..14 --pairings general-general --games 100 --jobs 1 --markdown "
     "--plot siege-vp-sweep.svg"): Check(
        "run", why=f"{GAMES_CUT}; two of the eleven values",
        argv=("balance --scenario 4 --sweep sides.PL.vp=4..5 --pairings general-general --games 1 --jobs 1 --markdown --plot siege-vp-sweep.svg",)),
    "nice semper-fidelis balance --variant docs/variants/siege-pl-vp.toml --pairings general-general --games 100 --jobs 1 --markdown": Check(
        "run", why=GAMES_CUT,
        argv=("balance --variant docs/variants/siege-pl-vp.toml --pairings general-general --games 1 --jobs 1 --markdown",)),
    # docs/serve.md
    "semper-fidelis serve": Check("start"),
    "semper-fidelis serve --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem": Check("start"),
    "semper-fidelis serve --key-file ~/.config/sf-key --public-url https://games.example.org": Check(
        "start", why="~ is the shell's: the scratch HOME's", argv=("serve --key-file HOME/.config/sf-key --public-url https://games.example.org",)),
    "semper-fidelis serve --join 192.0.2.7:8765 --side ZURL": Check("start"),
    "semper-fidelis serve --join wss://192.0.2.7:8765 --ca host-cert.pem": Check("start"),
}


def documented(docs: tuple[Path, ...] = DOCS) -> dict[str, str]:
    """Each command line of the docs' code blocks (its comment cut off), with where it is."""
    found: dict[str, str] = {}
    for path in docs:
        for block in FENCE.findall(path.read_text(encoding="utf-8")):
            for line in block.splitlines():
                if COMMAND.search(line):
                    found.setdefault(" ".join(shlex.split(line, comments=True)), path.name)
    return found


def test_a_new_command_in_a_code_block_is_found(tmp_path):
    """What the check reads: commands in fenced blocks (after a prompt, ``nice`` or a variable,
    their comments cut), not commands in the prose or output lines that merely name the program."""
    page = tmp_path / "new.md"
    page.write_text("Run `semper-fidelis bench` or:\n\n```bash\n$ nice semper-fidelis fuzz --games 5  # quick\n"
                    "semper-fidelis: error: shown output\n```\n", encoding="utf-8")
    assert documented((page,)) == {"$ nice semper-fidelis fuzz --games 5": "new.md"}


def options(line: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", line))


def test_every_command_in_the_docs_has_a_check():
    docs = documented()
    unchecked = [f"{where}: {line}" for line, where in docs.items() if line not in CHECKS]
    assert not unchecked, "commands in the docs that no test runs (add each to CHECKS):\n" + "\n".join(unchecked)
    stale = [line for line in CHECKS if line not in docs]
    assert not stale, "CHECKS holds commands the docs no longer show:\n" + "\n".join(stale)


@pytest.mark.parametrize("line", [line for line, check in CHECKS.items() if check.argv])
def test_a_substitution_says_why_and_keeps_every_documented_option(line):
    check = CHECKS[line]
    command = line.split("semper-fidelis", 1)[1].split()[0]
    assert check.why, f"{line}: a substitution without its reason"
    assert all(run.split()[0] == command for run in check.argv), f"{line}: runs another command"
    given = set().union(*map(options, check.argv))
    assert options(line) <= given, f"{line}: drops {options(line) - given}"


def test_the_ci_lines_are_the_ones_ci_runs():
    """``ci`` lines are the README's Quick start set-up, which .ci/run takes from the README."""
    setup = subprocess.run([sys.executable, str(REPO / ".ci" / "readme-commands"), "1"], capture_output=True, text=True, check=True).stdout
    for line, check in CHECKS.items():
        if check.how == "ci":
            assert check.why and " ".join(shlex.split(setup, comments=True)) == line


# ----------------------------------------------------------------------------- the scratch folder


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A folder holding what the documented commands name, as the reader's would, made the
    working directory, with its own HOME and user data folder."""
    import trustme

    ca = trustme.CA()
    cert = ca.issue_cert("localhost", "127.0.0.1", "game.example.org")
    for pem, key in (("host.pem", "host.key"), ("cert.pem", "key.pem")):
        cert.private_key_and_cert_chain_pem.write_to_path(str(tmp_path / pem))
        cert.private_key_pem.write_to_path(str(tmp_path / key))
    for name in ("ca.pem", "host-cert.pem"):
        ca.cert_pem.write_to_path(str(tmp_path / name))
    (tmp_path / "zurl.secret").write_text("a-seat-secret-of-zurl\n", encoding="utf-8")
    (tmp_path / ".config").mkdir()
    (tmp_path / ".config" / "sf-key").write_text("a-visitors-key-of-24-chars\n", encoding="utf-8")
    (tmp_path / "bad.toml").write_text('name = ""\nbase = 4\ninitiative = "red"\n\n[sides.PL]\ncolour = "white"\n', encoding="utf-8")
    (tmp_path / "docs").symlink_to(REPO / "docs")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("SEMPER_FIDELIS_SECRET", raising=False)
    monkeypatch.delenv("SEMPER_FIDELIS_SERVE_KEY", raising=False)
    return tmp_path


@pytest.fixture
def started(monkeypatch):
    """Stub what would open the app or listen, noting each reached: the app, a joined seat, the
    host's listener (which says it listens, as the real one does) and the web server."""
    from semper_fidelis.net import commands, host, web
    from semper_fidelis.tui import app, remote

    reached: list[str] = []

    async def listen(self, bind, port, started=None):
        reached.append("host")
        if started is not None:
            started(port or 8765)

    class Mirror:  # what play_with_bot returns: the game as the joiner saw it
        def view(self):
            return {"result": None}

    async def play_with_bot(*args, **kwargs):
        reached.append("bot")
        return Mirror()

    monkeypatch.setattr(app, "run", lambda **kwargs: reached.append("app") or 0)
    monkeypatch.setattr(remote, "run_joined", lambda *args, **kwargs: reached.append("seat") or 0)
    monkeypatch.setattr(host.Host, "run", listen)
    monkeypatch.setattr(commands, "play_with_bot", play_with_bot)
    monkeypatch.setattr(web.GuardedServer, "serve", lambda self, debug=False: reached.append("server"))
    monkeypatch.setenv("TEXTUAL_DRIVER", "stub")  # the app's terminal check passes, as under textual-serve
    return reached


def _runs(line: str, check: Check, home: Path) -> list[tuple[dict[str, str], list[str]]]:
    """(environment, argv) of each run of ``line``: its ``VAR=value`` prefix, then the argv."""
    words = shlex.split(line, comments=True)
    words = words[1:] if words[0] == "$" else words
    env = dict(w.split("=", 1) for w in words[: words.index("semper-fidelis")] if "=" in w)
    argvs = [shlex.split(a.replace("HOME/", f"{home}/")) for a in check.argv] or [words[words.index("semper-fidelis") + 1:]]
    return [(env, argv) for argv in argvs]


@pytest.mark.parametrize("line", [line for line, check in CHECKS.items() if check.how == "run"])
def test_documented_command_runs(line, scratch, capsys, monkeypatch):
    check = CHECKS[line]
    for env, argv in _runs(line, check, scratch):
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        status = main(argv)
        out, err = capsys.readouterr()
        assert status == check.status, f"{argv}: exit {status}\n{err[-2000:]}"
        assert "Traceback" not in err


def test_the_documented_output_of_a_bad_variant_is_what_validate_prints(scratch, capsys):
    """The designers' guide shows ``validate --variant bad.toml``'s output: it is what it prints."""
    guide = (REPO / "docs" / "designers-guide.md").read_text(encoding="utf-8")
    shown = guide.split("$ semper-fidelis validate --variant bad.toml\n", 1)[1].split("```", 1)[0]
    assert main(["validate", "--variant", "bad.toml"]) == 1
    assert capsys.readouterr().out == shown


@pytest.mark.parametrize("line", [line for line, check in CHECKS.items() if check.how == "start"])
def test_documented_command_starts(line, scratch, started, capsys, monkeypatch):
    (env, argv), = _runs(line, CHECKS[line], scratch)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    status = main(argv)
    out, err = capsys.readouterr()
    assert status == 0, f"{argv}: exit {status}\n{err[-2000:]}"
    assert started, f"{argv}: reached neither the app nor a listener\n{out[-2000:]}"
