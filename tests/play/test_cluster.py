"""Issue 21: batches past one machine — `simulate`, `balance` and `fuzz --cluster ADDRESS` play
their games on the workers of a real Dask scheduler and give exactly the local results; without
the flag nothing of Dask is imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import semper_fidelis
from semper_fidelis.cli import main
from semper_fidelis.play import cluster as cluster_module
from semper_fidelis.play.batch import Matchup, run_batch
from semper_fidelis.play.cluster import ClusterError, check_workers, connect, fingerprint

ROOT = Path(semper_fidelis.__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """A scheduler on loopback (a free port) and two worker processes started as on another
    machine (`dask worker ADDRESS`), running this checkout's code; all stopped afterwards."""
    from distributed import Client, LocalCluster

    scratch = tmp_path_factory.mktemp("dask")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "distributed.cli.dask_worker", "--no-nanny", "--nthreads", "1", "--no-dashboard",
               "--host", "127.0.0.1", "--death-timeout", "60", "--local-directory", str(scratch)]
    with LocalCluster(n_workers=0, processes=False, protocol="tcp", host="127.0.0.1", scheduler_port=0,
                      dashboard_address=None) as local:
        address = local.scheduler_address
        workers = [subprocess.Popen([*command, address], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                   for _ in range(2)]
        try:
            with Client(address, timeout=60, set_as_default=False) as client:
                client.wait_for_workers(2, timeout=120)
            yield address
        finally:
            for worker in workers:
                worker.terminate()
            for worker in workers:
                try:
                    worker.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    worker.kill()
                    worker.wait()


def _json(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_a_cluster_of_two_workers_plays_exactly_the_local_games(scheduler, capsys, tmp_path):
    simulate = ["simulate", "--scenario", "1", "--pl", "general", "--games", "6", "--seed", "3", "--json",
                "--records", str(tmp_path / "local")]
    local = _json(capsys, [*simulate, "--jobs", "1"])
    remote = _json(capsys, [*simulate[:-1], str(tmp_path / "remote"), "--cluster", scheduler])
    assert remote == local and local["seeds"] == [3, 4, 5, 6, 7, 8]
    # the records of games played on the workers are written here, equal to the local ones
    names = sorted(p.name for p in (tmp_path / "local").glob("*.json"))
    assert len(names) == 6 and names == sorted(p.name for p in (tmp_path / "remote").glob("*.json"))
    assert all((tmp_path / "local" / n).read_text() == (tmp_path / "remote" / n).read_text() for n in names)

    balance = ["balance", "--scenarios", "1", "--pairings", "random-random,general-random", "--games", "3", "--seed", "11", "--json"]
    assert _json(capsys, [*balance, "--cluster", scheduler]) == _json(capsys, [*balance, "--jobs", "1"])

    fuzz = ["fuzz", "--scenario", "1", "--games", "3", "--seed", "40", "--json"]
    on_cluster, here = _json(capsys, [*fuzz, "--cluster", scheduler]), _json(capsys, [*fuzz, "--jobs", "1"])
    for result in (on_cluster, here):
        del result["seconds"]
    assert on_cluster == here and here["games"] == 3 and here["failures"] == []

    # the progress is told once per game, in order, as for the local pool
    told: list[int] = []
    with connect(scheduler) as cluster:
        batch = run_batch(Matchup(2), 4, seed=1, progress=told.append, cluster=cluster)
    assert told == [1, 2, 3, 4] and [g.seed for g in batch.games] == [1, 2, 3, 4]


def test_a_variant_compared_and_swept_on_the_cluster_equals_the_local_run(scheduler, capsys, tmp_path):
    """The variant travels to the workers as text: a paired run and a sweep give the local
    results seed for seed."""
    variant = tmp_path / "v.toml"
    variant.write_text('name = "ZURL ahead"\nbase = 1\n[sides.ZURL]\nvp = 4\n')
    paired = ["balance", "--variant", str(variant), "--pairings", "random-random", "--games", "3", "--seed", "5", "--json"]
    assert _json(capsys, [*paired, "--cluster", scheduler]) == _json(capsys, [*paired, "--jobs", "1"])
    sweep = ["balance", "--scenario", "1", "--sweep", "sides.PL.supply=4..5", "--games", "2", "--json"]
    assert _json(capsys, [*sweep, "--cluster", scheduler]) == _json(capsys, [*sweep, "--jobs", "1"])


def test_without_the_flag_nothing_of_dask_is_imported():
    """A local run in a fresh interpreter: no module of Dask (or distributed) gets loaded."""
    code = ("import sys\n"
            "from semper_fidelis.cli import main\n"
            "assert main(['simulate', '--scenario', '1', '--games', '2', '--jobs', '2', '--json']) == 0\n"
            "assert main(['fuzz', '--scenario', '1', '--games', '1', '--json']) == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300, check=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_a_missing_extra_is_one_line_naming_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    assert main(["simulate", "--games", "2", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'semper-fidelis[cluster]'" in err


def test_a_bad_address_or_a_scheduler_out_of_reach_is_one_line_and_nothing_more():
    """In a fresh interpreter, so that whatever Dask prints on the way out is seen too."""
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = ("import sys\n"
            "from semper_fidelis.play import cluster\n"
            "from semper_fidelis.cli import main\n"
            "cluster.TIMEOUT = 0.5\n"
            "codes = [main(['fuzz', '--games', '1', '--cluster', a]) for a in sys.argv[1:]]\n"
            "print(codes)\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code, "notanaddress", "xyz://h:1", f"tcp://127.0.0.1:{port}"], env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    assert done.stdout.splitlines()[-1] == "[2, 2, 2]"
    err = [line for line in done.stderr.splitlines() if line.startswith("semper-fidelis") or "Traceback" in line or "Exception" in line]
    assert len(err) == 3 and err[:2] == [
        "semper-fidelis: error: 'notanaddress' is not a Dask scheduler's address like tcp://host:8786 (missing port number in address 'notanaddress')",
        "semper-fidelis: error: 'xyz://h:1' is not a Dask scheduler's address like tcp://host:8786 (the scheme is 'xyz')"]
    assert err[2].startswith(f"semper-fidelis: error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:{port}': ")


def test_workers_with_other_code_or_none_are_refused():
    mine = fingerprint()
    check_workers({"tcp://a:1": mine, "tcp://b:2": mine})
    with pytest.raises(ClusterError, match=r"worker tcp://b:2 runs another semper-fidelis \(0\.0\.1/abc; here: "):
        check_workers({"tcp://a:1": mine, "tcp://b:2": "0.0.1/abc"})
    with pytest.raises(ClusterError, match=r"worker tcp://a:1 cannot run the games \(ModuleNotFoundError: .*install the same"):
        check_workers({"tcp://a:1": ModuleNotFoundError("No module named 'semper_fidelis'")})


def test_games_not_yet_read_are_cancelled_when_the_run_stops():
    """Ctrl-C or a failing game closes the run: the games still queued on the cluster are
    dropped rather than left to play (a fake client: no Dask here)."""

    class Future:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    class Client:
        cancelled: list = []

        def map(self, fn, *columns, pure):
            assert pure is False  # two equal tasks are two games, never one result shared
            return [Future(fn(*args)) for args in zip(*columns, strict=True)]

        def cancel(self, futures):
            self.cancelled.extend(f.value for f in futures)

    cluster = cluster_module.Cluster(Client())
    results = cluster.map(lambda a, b: a * b, [(1, 2), (3, 4), (5, 6), (7, 8)])
    assert [next(results), next(results)] == [2, 12]
    results.close()
    assert Client.cancelled == [30, 56]
    assert list(cluster_module.Cluster(Client()).map(pow, [])) == []
