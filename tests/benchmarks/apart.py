"""Run each benchmark file in a Python process of its own (what `make bench` does).

In one pytest process the later benchmarks ran in the heap the earlier ones left behind:
at 100k papers, `test_bench_search` built its index in 2.66-3.11 s and answered with a p95
of 14-17 ms there, against 2.37 s and 11 ms in a process of its own on the same machine,
and a fixed piece of Python work went from 11-14 ms at the start of the run to 25-42 ms
at its end. The app runs in a process of its own, so each benchmark does too (the tests
of one file still share it, as their module fixtures are made to).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: pytest's exit code when a file holds no test to run.
_NONE_COLLECTED = 5
#: How long a benchmark runs before pytest prints every thread's stack (the suite's
#: setting is 5 minutes). The import benchmark takes 6-10 minutes a library (three 100k
#: imports, JabRef beside them), and its dumps only filled the log; a hang still shows.
_HANG_DUMP_SECONDS = 1800


def main() -> int:
    """Run every `test_bench_*.py` beside this file, one process each; 1 if any failed."""
    failed = []
    for path in sorted(Path(__file__).parent.glob("test_bench_*.py")):
        command = [sys.executable, "-m", "pytest", str(path), "-p", "no:xdist", "-s", "-q"]
        command += ["-o", f"faulthandler_timeout={_HANG_DUMP_SECONDS}"]
        if subprocess.call(command) not in (0, _NONE_COLLECTED):
            failed.append(path.name)
    print("\nbenchmark files failed: " + (", ".join(failed) if failed else "none"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
