"""Print the server's OpenAPI document (JSON) without running a server.

The app is built against a throw-away data directory (nothing is written to ./larder-data) and
asked for its schema. Used by webui/scripts/api-types.mjs (`make api-types`).
"""

from __future__ import annotations

import json
import sys
import tempfile


def main() -> None:
    from larder.app import create_app
    from larder.core.web.openapi import published_document
    from larder.core.base.settings import Settings

    with tempfile.TemporaryDirectory(prefix="larder-openapi-") as data_dir:
        settings = Settings.from_env({"LARDER_DATA_DIR": data_dir, "LARDER_SECRET_KEY": "x" * 48})
        app = create_app(settings)
        schema = published_document(app)
    json.dump(schema, sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
