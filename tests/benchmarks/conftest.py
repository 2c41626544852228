"""What every benchmark prints beside its figures: how busy the machine was while it ran
(issue 17 asks for the load with each figure; these machines are shared and noisy)."""

from __future__ import annotations

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


@pytest.fixture(autouse=True)
def _machine_load() -> Iterator[None]:
    """Print the load average before and after each benchmark and, while it ran, the share
    of the machine's CPU time that others used: other processes here, and other machines
    on the same host (steal). Helpers still running when it ends count as others."""
    if not Path("/proc/stat").exists():
        yield
        return
    load_before = os.getloadavg()[0]
    before = _Ticks.now()
    started = time.perf_counter()
    yield
    spent = _Ticks.now().since(before)
    total = max(spent.total, 1)
    print(
        f"  [machine: load {load_before:.2f} before, {os.getloadavg()[0]:.2f} after "
        f"{time.perf_counter() - started:.0f} s; of its CPU time, other processes used "
        f"{100 * max(spent.busy - spent.ours, 0) / total:.0f}%, other machines on the host "
        f"{100 * spent.stolen / total:.0f}%]"
    )
