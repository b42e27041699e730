"""Where `simulate` plays its units of work (games, or matches): worker processes
(`concurrent.futures`) or Ray tasks, the results streamed back as chunks finish.

Nothing here knows what a unit is: the caller gives `work(job, units)`, a module-level
function returning one result per unit, and `job`, a small picklable description from
which a worker rebuilds what it needs (once per worker: `work` caches it). So workers
can be started by "spawn" (macOS, Windows: fork is unsafe or missing there) or be Ray
workers on other machines; nothing reaches them by inheriting the parent's memory.

Units go out in chunks (a few per task, so per-task overhead stays small next to a
game), at most a few chunks per worker at a time (a million games need no list of
futures); a chunk's results come back whole, in whatever order chunks finish (the
caller puts them in order). When the consumer stops early (Ctrl-C in the parent: the
workers ignore it), the chunks not started are cancelled and the finished ones kept.
"""
from __future__ import annotations

import itertools
import sys

from mtg_ecs.apps.simulate import SimulationError

BACKENDS = ("processes", "ray")
CHUNK_MAX = 16              # units per task: ~0.3 s of vanilla games (a task costs ~1 ms)
_ray_ours = False           # ray.init was ours (so is ray.shutdown)
IN_FLIGHT = 2               # chunks submitted per worker (one running, one waiting)


def start_method() -> str:
    """The worker start method: "fork" on Linux (measured faster: bench/README.md), "spawn"
    elsewhere (fork is unsafe on macOS and missing on Windows)."""
    return "fork" if sys.platform.startswith("linux") else "spawn"


def chunk_size(units: int, workers: int) -> int:
    """Units per task: about eight tasks per worker, at most CHUNK_MAX."""
    return max(1, min(CHUNK_MAX, units // (workers * 8)))


def play(work, prepare, job, items, jobs: int, units: int, backend: str = "processes",
         address: str | None = None):
    """The results of `work(job, chunk)` for chunks of `items`, flattened, as chunks
    finish: in `jobs` worker processes, or as Ray tasks (`address`: an existing cluster,
    else a local one of `jobs` CPUs). `prepare(job)` warms a worker up (rebuilds the job's
    decks) as it starts."""
    if backend == "ray":
        return _ray(work, job, items, jobs, units, address)
    if address is not None:
        raise SimulationError("--address: the Ray cluster of --backend ray")
    return _processes(work, prepare, job, items, jobs, units)


def _processes(work, prepare, job, items, jobs, units):
    # imported here: concurrent.futures.process pulls in multiprocessing, ~20 ms of a
    # one-process run's start-up that never uses it
    import multiprocessing as mp
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool
    pool = ProcessPoolExecutor(jobs, mp_context=mp.get_context(start_method()),
                               initializer=_start_worker, initargs=(prepare, job))
    pending = set()
    try:
        yield from _stream(_chunks(items, chunk_size(units, jobs)),
                           lambda chunk: pool.submit(work, job, chunk),
                           lambda: wait(pending, return_when=FIRST_COMPLETED).done,
                           lambda f: f.result(), jobs * IN_FLIGHT, pending)
    except BrokenProcessPool:
        raise SimulationError("a worker process died (killed, or out of memory?)") from None
    finally:
        # (a running chunk is finished by its worker, which then exits; the rest never start)
        pool.shutdown(wait=False, cancel_futures=True)


def _start_worker(prepare, job):
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)        # Ctrl-C is the parent's to handle
    prepare(job)


def _ray(work, job, items, jobs, units, address):
    try:
        import ray
    except ImportError:
        raise SimulationError("--backend ray needs ray: pip install 'mtg-ecs[ray]'") from None
    global _ray_ours
    if not ray.is_initialized():        # (stays up for the process: a gauntlet's matchups share it)
        import logging
        try:
            ray.init(address=address, num_cpus=None if address else jobs,
                     include_dashboard=False, logging_level=logging.ERROR)
        except (ConnectionError, ValueError, RuntimeError) as ex:
            raise SimulationError(f"--backend ray: {str(ex).splitlines()[0]}") from None
        _ray_ours = True
    workers = int(ray.cluster_resources().get("CPU", jobs)) if address else jobs
    remote = ray.remote(num_cpus=1)(work)
    job_ref = ray.put(job)
    pending = set()
    try:
        yield from _stream(_chunks(items, chunk_size(units, workers)),
                           lambda chunk: remote.remote(job_ref, chunk),
                           lambda: set(ray.wait(list(pending), num_returns=1)[0]),
                           ray.get, workers * IN_FLIGHT, pending)
    finally:
        if pending and _ray_ours:
            # (ends this driver's tasks; force-cancelling them races their ends, crashing Ray)
            ray.shutdown()
            _ray_ours = False
        for ref in pending if ray.is_initialized() else ():
            ray.cancel(ref)     # (a session of the caller's: the tasks not started are dropped)


def _stream(chunks, submit, wait_any, result, depth: int, pending: set):
    """Each finished chunk's results (flattened), keeping `depth` chunks submitted; the
    handles not yet finished are in `pending` (the caller's, to cancel)."""
    for chunk in itertools.chain(chunks, [None]):
        if chunk is not None:
            pending.add(submit(chunk))
            if len(pending) < depth:
                continue
        while pending and (chunk is None or len(pending) >= depth):
            done = wait_any()
            pending -= done
            for handle in done:
                yield from result(handle)


def _chunks(items, size: int):
    items = iter(items)
    while chunk := list(itertools.islice(items, size)):
        yield chunk
