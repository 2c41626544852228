"""What every benchmark prints beside its figures: how busy the machine was while it ran
(issue 17 asks for the load with each figure; these machines are shared and noisy), and
how fast it was then.

The load does not tell it all: in one run every figure was 10-45% slower than in the
runs before, PDFium's own text extraction (C code no change of ours touches) 27%, while
the load line said the machine was ours alone. So each benchmark also times a fixed piece
of work before and after it, in this process: compared with the same place of another
run, it tells a slow moment from a slower program.

It is this process's speed, not only the host's: it grows as the benchmarks before leave
their heap behind (11-14 ms at the start of a quiet run, 25-30 ms at its end, while a new
process on the same machine took 11-13 ms), as the same Python work does in a heap with
millions of objects freed here and there (13 ms fresh, 19 ms once half of 6 million
strings were freed)."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class _Ticks:
    """CPU time counted so far, in clock ticks: the machine's in all, the part it spent
    working (not idle or waiting), the part the hypervisor gave to other machines (steal),
    and this process's with its children's that have ended."""

    total: int
    busy: int
    stolen: int
    ours: int

    @classmethod
    def now(cls) -> _Ticks:
        # /proc/stat's first line: user nice system idle iowait irq softirq steal (guests
        # are counted in user); /proc/self/stat's fields 14-17: utime stime cutime cstime.
        machine = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
        own = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        return cls(
            total=sum(machine),
            busy=sum(machine) - machine[3] - machine[4] - machine[7],
            stolen=machine[7],
            ours=sum(int(v) for v in own[11:15]),
        )

    def since(self, before: _Ticks) -> _Ticks:
        return _Ticks(
            self.total - before.total,
            self.busy - before.busy,
            self.stolen - before.stolen,
            self.ours - before.ours,
        )


#: Rounds of the fixed work; the fastest is kept (what the machine can do at that moment).
_SPEED_ROUNDS = 15
#: The fixed work's time on a quiet machine of issue 17 (the top of its 12-15 ms).
QUIET_FIXED_WORK_MS = 15.0


def slowness() -> float:
    """How many times slower than quiet this process runs now (never below 1): the fixed
    work's time over its quiet time. A goal in milliseconds holds on a quiet machine; on a
    slower moment a benchmark judges its figure against the goal times this, and prints
    both (the machine's speed moved 2-3x within minutes in issue 17's runs)."""
    return max(1.0, _fixed_work_ms() / QUIET_FIXED_WORK_MS)


def _fixed_work_ms() -> float:
    """The fastest of a few rounds of the same work (Python arithmetic, a dict and a sort:
    12-15 ms on the machines of issue 17 when quiet), in milliseconds."""
    # Without the collector: a benchmark leaves millions of objects behind, which its
    # passes would walk.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _fastest_round()
    finally:
        if collecting:
            gc.enable()


def _fastest_round() -> float:
    fastest = float("inf")
    for _ in range(_SPEED_ROUNDS):
        started = time.perf_counter()
        table: dict[int, int] = {}
        for i in range(60_000):
            table[i * 7919 % 100_003] = i
        sorted(table.items(), key=lambda pair: pair[1] % 1_000)
        fastest = min(fastest, time.perf_counter() - started)
    return fastest * 1e3


@pytest.fixture(autouse=True)
def _machine_load() -> Iterator[None]:
    """Print the load average before and after each benchmark and, while it ran, the share
    of the machine's CPU time that others used: other processes here, and other machines
    on the same host (steal). Helpers still running when it ends count as others."""
    if not Path("/proc/stat").exists():
        yield
        return
    speed_before = _fixed_work_ms()
    load_before = os.getloadavg()[0]
    before = _Ticks.now()
    started = time.perf_counter()
    yield
    spent = _Ticks.now().since(before)
    speed_after = _fixed_work_ms()
    total = max(spent.total, 1)
    print(
        f"  [machine: load {load_before:.2f} before, {os.getloadavg()[0]:.2f} after "
        f"{time.perf_counter() - started:.0f} s; of its CPU time, other processes used "
        f"{100 * max(spent.busy - spent.ours, 0) / total:.0f}%, other machines on the host "
        f"{100 * spent.stolen / total:.0f}%; a fixed piece of work took {speed_before:.1f} ms "
        f"before, {speed_after:.1f} ms after]"
    )
