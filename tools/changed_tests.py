"""The tests of what changed, for `make check`: prints the pytest paths (`--python`) or the web app's
changed source files (`--web`, for `vitest related`) of the files changed against a base commit,
committed or not.

A change of `src/larder/<package>/...` runs `tests/<package>`; a changed test file runs itself; a
change of the tests' shared support or of the app's assembly runs what reaches every domain (the
API contract and the HTTP conventions). Browser tests, the PostgreSQL suite and the binary stay
with `make test`.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What every domain's routes pass through: a change here is checked by the contract tests.
WHOLE_APP = ("tests/core/test_api_contract.py", "tests/core/test_http_contract.py", "tests/core/test_openapi_errors.py")
SHARED_TEST_FILES = {"tests/conftest.py", "tests/support.py", "tests/factories.py", "tests/serving.py"}


def changed_files(base: str) -> list[str]:
    """Files changed since `base` (committed, staged or not) and new files git does not ignore."""

    def git(*args: str) -> list[str]:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        return [line for line in out.splitlines() if line]

    return sorted(set(git("diff", "--name-only", base)) | set(git("ls-files", "--others", "--exclude-standard")))


def python_targets(files: list[str]) -> list[str]:
    targets: set[str] = set()
    for name in files:
        path = Path(name)
        if not (ROOT / path).exists():
            continue
        if name in SHARED_TEST_FILES or name in {"src/larder/app.py", "src/larder/bootstrap.py"}:
            targets.update(WHOLE_APP)
        elif path.parts[:1] == ("tests",) and path.suffix == ".py" and "e2e" not in path.parts:
            if path.name.startswith("test_") or path.name == "conftest.py" or path.name == "support.py":
                targets.add(str(path.parent if path.name in ("conftest.py", "support.py") else path))
        elif path.parts[:2] == ("src", "larder") and path.suffix == ".py" and len(path.parts) > 3:
            package = ROOT / "tests" / path.parts[2]
            if package.is_dir():
                targets.add(f"tests/{path.parts[2]}")
            if path.parts[2] == "migrations":
                targets.add("tests/core/test_migrations.py")
    # A directory already covers the files under it.
    return sorted(t for t in targets if not any(t != d and t.startswith(d + "/") for d in targets))


def web_targets(files: list[str]) -> list[str]:
    # Absolute: vitest resolves them against its own root (webui/), not the working directory.
    return [str(ROOT / name) for name in files if name.startswith("webui/src/") and (ROOT / name).exists()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="HEAD", help="the commit to compare with (default HEAD: what is not committed)")
    kind = parser.add_mutually_exclusive_group(required=True)
    kind.add_argument("--python", action="store_true")
    kind.add_argument("--web", action="store_true")
    args = parser.parse_args()
    files = changed_files(args.base)
    print("\n".join(python_targets(files) if args.python else web_targets(files)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
