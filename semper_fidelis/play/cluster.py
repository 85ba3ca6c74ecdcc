"""Games spread over a Dask cluster (``--cluster ADDRESS``), for batches past one machine.

Only this module imports Dask, and only when a command is given ``--cluster``: without it
nothing of Dask is loaded and the local process pool stays the default. Every game is fully
determined by its task (scenario, seed, bots…), and the results come back in task order, so a
cluster run equals the local run for the same seed — provided the workers run the same code
and data, which :func:`connect` checks (:func:`fingerprint`) before a game is sent.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

#: seconds to reach the scheduler, and then for a first worker to join it
TIMEOUT = 30.0
INSTALL = "pip install 'semper-fidelis[cluster]'"
Result = TypeVar("Result")


class ClusterError(Exception):
    """The cluster cannot be used: the extra is missing, the scheduler is out of reach, no
    worker joined, or a worker runs other code. The message is one line for the user."""


class Cluster:
    """A connected Dask client that plays tasks on the workers and hands the results back in
    the order of the tasks (as :meth:`concurrent.futures.Executor.map` does)."""

    def __init__(self, client: Any):
        self.client = client

    def map(self, fn: Callable[..., Result], tasks: Sequence[tuple[object, ...]]) -> Iterator[Result]:
        # pure=False: every task is played, none is taken for another with equal arguments
        futures = self.client.map(fn, *zip(*tasks, strict=True), pure=False) if tasks else []
        try:
            for i, future in enumerate(futures):
                result = future.result()
                futures[i] = None  # the scheduler may forget a result once it is read
                yield result
        finally:  # interrupted (Ctrl-C, a failing game): the games not yet played are dropped
            self.client.cancel([f for f in futures if f is not None])


@contextmanager
def connect(address: str, timeout: float | None = None) -> Iterator[Cluster]:
    """A client of the scheduler at ``address`` (``tcp://host:8786``), once a worker has
    joined and every worker runs this code and data; closed on leaving."""
    timeout = TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ImportError:
        raise ClusterError(f"--cluster needs Dask distributed, which is not installed: {INSTALL}") from None
    try:  # checked first: a client built on a bad address complains again when it is collected
        scheme, location = parse_address(address)
        if scheme not in ("tcp", "tls"):
            raise ValueError(f"the scheme is {scheme!r}")
        parse_host_port(location)
    except ValueError as exc:
        raise ClusterError(f"{address!r} is not a Dask scheduler's address like tcp://host:8786 ({exc})") from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address!r}: {_one_line(exc)}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            raise ClusterError(f"no worker joined the scheduler at {address} within {timeout:g} s "
                               f"(start one with 'dask worker {address}')") from None
        check_workers(client.run(fingerprint, on_error="return"))
        yield Cluster(client)
    finally:
        client.close()


def check_workers(found: dict[str, Any]) -> None:
    """Refuse workers that cannot import this package or run another version of its code or
    data: their games would differ from this machine's for the same seed."""
    mine = fingerprint()
    for worker, theirs in sorted(found.items()):
        if isinstance(theirs, BaseException):
            raise ClusterError(f"worker {worker} cannot run the games ({_one_line(theirs)}): install the same "
                               f"semper-fidelis there ({INSTALL})")
        if theirs != mine:
            raise ClusterError(f"worker {worker} runs another semper-fidelis ({theirs}; here: {mine}): install "
                               "the same version and data on every worker")


@functools.cache
def fingerprint() -> str:
    """The package version and a digest of its code and shipped data: equal on two machines
    when they play the same games for the same seeds."""
    from .. import __version__
    from ..data.loader import resolve_dirs

    package = Path(__file__).resolve().parents[1]
    # the code, then the data wherever it lives (beside a checkout, or in a wheel's _data)
    files = [(package, p) for p in sorted(package.rglob("*.py")) if "_data" not in p.relative_to(package).parts]
    files += [(root, p) for root in resolve_dirs(None) for p in sorted(root.rglob("*")) if p.is_file()]
    digest = hashlib.sha256()
    for root, path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{__version__}/{digest.hexdigest()[:12]}"


def _one_line(exc: BaseException) -> str:
    return " ".join(f"{type(exc).__name__}: {exc}".split())[:200]
