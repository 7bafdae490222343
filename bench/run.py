"""`make bench`: run every bench/bench_*.py in its own process and print their figures. bench_serve.py starts two
servers for a minute and a half: only with --serve (or `make bench-serve`)."""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        if script.stem == "bench_serve" and "--serve" not in sys.argv[1:]:
            continue
        print(f"== {script.stem}", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())
