"""Entry script of the one-file binary: the same CLI as the `larder` console script.

The server parses imported recipe pages in a worker process (larder/imports/worker.py), which it
starts as this binary with one argument; that process loads the parser only, not the CLI.
"""

import sys

from larder.imports.worker import WORKER_ARGUMENT

if __name__ == "__main__":
    if sys.argv[1:] == [WORKER_ARGUMENT]:
        from larder.imports.worker import main as parse_worker

        parse_worker()
    else:
        from larder.__main__ import main

        main()
