"""Entry script of the one-file binary: the same CLI as the `larder` console script.

The server parses imported recipe pages (larder/imports/worker.py) and reads receipt photos
(larder/receipts/ocr.py) in worker processes, which it starts as this binary with one argument;
such a process loads its own part only, not the CLI.
"""

import sys

from larder.imports.worker import WORKER_ARGUMENT
from larder.receipts.ocr import WORKER_ARGUMENT as OCR_WORKER_ARGUMENT

if __name__ == "__main__":
    if sys.argv[1:] == [WORKER_ARGUMENT]:
        from larder.imports.worker import main as parse_worker

        parse_worker()
    elif sys.argv[1:] == [OCR_WORKER_ARGUMENT]:
        from larder.receipts.ocr import main as ocr_worker

        ocr_worker()
    else:
        from larder.__main__ import main

        main()
