"""Where a batch's games are played: in this process, over local processes, or on a Dask
cluster (:mod:`.cluster`) — always with the results in the order of the tasks, so that a batch
is the same wherever it runs."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import Pool
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # Dask is imported only when a cluster is asked for
    from .cluster import Cluster

Result = TypeVar("Result")


def spread(fn: Callable[..., Result], tasks: Sequence[tuple[object, ...]], jobs: int = 1, cluster: Cluster | None = None,
           chunk: int | None = None) -> Iterator[Result]:
    """``fn(*task)`` for every task, in task order: on ``cluster`` if given, else over ``jobs``
    local processes (``chunk`` tasks sent at a time; default about 8 chunks a process)."""
    if cluster is not None:
        yield from cluster.map(fn, tasks)
    elif jobs <= 1 or len(tasks) <= 1:
        yield from (fn(*task) for task in tasks)
    else:
        workers = min(jobs, len(tasks))
        # Ctrl+C reaches this process only (a worker would print a traceback), and leaving the
        # pool terminates it: an interrupted batch stops at once, not after the games handed out
        with Pool(workers, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
            yield from pool.imap(_call, ((fn, task) for task in tasks), chunksize=chunk or max(1, len(tasks) // (workers * 8)))


def _call(fn_and_task: tuple[Callable[..., Result], tuple[object, ...]]) -> Result:
    fn, task = fn_and_task
    return fn(*task)
