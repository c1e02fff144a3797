"""Recipe import on real saved pages, through the generic path no site-specific scraper knows.

    .venv/bin/python bench/import_real.py [--pages DIR] [--misses] [--only TEXT] [--json out.json]

Reads the 150 saved recipe pages of `../shared/data/import-dev/` (one page from each of 150
websites, with the recipe the recipe-scrapers maintainers expect from it) as the import worker
reads a fetched page: `parse.parse_fetched(body, content type, final URL)`, the function the worker
process runs. The URL names no known website (http://127.0.0.1:8765/HOST/PAGE), so recipe-scrapers
can only use its schema.org reader, as for the long tail of sites; a link inside the page never
picks a scraper. Without the development set beside the clone it says so and exits 0.

A page is **complete** when the title matches (case, accents and spaces aside), the number of
ingredient lines matches and the number of steps matches (a recipe whose method is one block of
text counts one step). The expected lists give a section's heading, and a step's own heading
such as "Step 1", as lines of their own among the steps; Larder keeps them as the step's name,
which the viewer shows above its text: the steps match when their number, or the number of lines
the viewer shows (steps and each heading where it changes), is the expected one. Ingredient lines
likewise: some expected lists keep a group's heading ("For the sauce:") as a line, where Larder
makes it the group label of the lines below ("For the sauce: 1 tbsp soy sauce"); the count
matches when the lines, or the lines and each group label where it changes, are the expected
number.

Also: pages with the title and every ingredient line; **yields** right where the expected recipe
has them (the same first number, or either end of a range); **total time** right where it has
one (the same minutes, read from `totalTime`, else prep + cook); server CPU per page (the parse,
median and p95).
`--misses` lists each page that is not complete under every cause it shows.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import html
import http.server
import json
import os
import re
import sys
import tempfile
import threading
import time
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from larder.imports.parse import parse_fetched  # noqa: E402
from larder.imports.times import minutes_of  # noqa: E402

DEFAULT_PAGES = ROOT.parent / "shared" / "data" / "import-dev"
BASE = "http://127.0.0.1:8765"


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", html.unescape(text or "")).casefold()
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", re.sub(r"[\u2018\u2019\u201c\u201d'\"`\u00b4]", "'", text)).strip()


def _first_number(text: str) -> str | None:
    found = re.search(r"\d+(?:[.,]\d+)?", text or "")
    return found.group(0).replace(",", ".") if found else None


def _lines_shown(steps: list[dict]) -> int:
    """The steps with their headings, as the viewer shows them: a step's name is its section's
    name and its own ("Sauce: Step 1"); each part is a heading line where it changes."""
    lines, above = 0, []
    for step in steps:
        parts = [part for part in step.get("name", "").split(": ") if part]
        lines += 1 + sum(1 for level, part in enumerate(parts) if above[level : level + 1] != [part])
        above = parts
    return lines


def _ingredient_lines_shown(lines: list[str]) -> int:
    """The ingredient lines with their group labels ("Sauce: 1 tbsp soy sauce"), a label counted
    where it changes: some expected lists keep a group's heading as a line of its own."""
    labels = [line.split(": ", 1)[0] if ": " in line else "" for line in lines]
    return len(lines) + sum(1 for i, label in enumerate(labels) if label and labels[i - 1 : i] != [label])


def _range_numbers(text: str) -> list[str | None]:
    """The first number, and the second of a range ("8-10", "2 to 3"): either may be the one meant."""
    found = re.match(r"\D*(\d+(?:[.,]\d+)?)(?:\s*(?:-|\u2013|to|bis|à|a)\s*(\d+(?:[.,]\d+)?))?", text or "")
    if not found:
        return [None]
    return [n.replace(",", ".") for n in found.groups() if n]


@dataclass
class PageScore:
    host: str
    page: str
    causes: list[str] = field(default_factory=list)
    title_ok: bool = False
    ingredients_ok: bool = False
    steps_ok: bool = False
    yields: bool | None = None  # None: the expected recipe gives none
    total_time: bool | None = None
    cpu: float = 0.0

    @property
    def complete(self) -> bool:
        return self.title_ok and self.ingredients_ok and self.steps_ok


def score_page(host: str, page: Path, expected: dict) -> PageScore:
    body = gzip.decompress(page.read_bytes())
    started = time.process_time()
    data = parse_fetched(body, "text/html", f"{BASE}/{host}/{page.name.removesuffix('.html.gz')}")
    return score_data(host, page, expected, data, time.process_time() - started)


def score_data(host: str, page: Path, expected: dict, data: dict, cpu: float) -> PageScore:
    score = PageScore(host, page.name, cpu=cpu)
    if "message" in data:
        score.causes.append("no recipe found")
        score.yields = False if expected.get("yields") else None
        score.total_time = False if expected.get("total_time") else None
        return score

    title, want_title = _plain(data.get("name", "")), _plain(expected["title"])
    score.title_ok = title == want_title
    if not score.title_ok:
        score.causes.append(f"title: {data.get('name', '')!r} for {expected['title']!r}")

    lines = data.get("recipeIngredient") or []
    got_ingredients, want_ingredients = len(lines), len(expected["ingredients"])
    score.ingredients_ok = want_ingredients in (got_ingredients, _ingredient_lines_shown(lines))
    if not score.ingredients_ok:
        kind = "no ingredients" if not got_ingredients else "ingredient count"
        score.causes.append(f"{kind}: {got_ingredients} for {want_ingredients}")

    instructions = data.get("recipeInstructions") or []
    got_steps = (1 if instructions.strip() else 0) if isinstance(instructions, str) else len(instructions)
    want_steps = len(expected["instructions_list"])
    shown = got_steps if isinstance(instructions, str) else _lines_shown(instructions)
    score.steps_ok = want_steps in (got_steps, shown)
    if not score.steps_ok:
        kind = "no steps" if not got_steps else "one block of text" if isinstance(instructions, str) else "step count"
        score.causes.append(f"{kind}: {got_steps} for {want_steps}")

    if expected.get("yields"):
        score.yields = _first_number(expected["yields"]) in _range_numbers(data.get("recipeYield", ""))
        if not score.yields:
            score.causes.append(f"yields: {data.get('recipeYield', '')!r} for {expected['yields']!r}")
    if expected.get("total_time"):
        got = minutes_of(data.get("totalTime")) or (minutes_of(data.get("prepTime")) or 0) + (
            minutes_of(data.get("cookTime")) or 0
        )
        score.total_time = got == int(expected["total_time"])
        if not score.total_time:
            score.causes.append(f"total time: {got} min for {expected['total_time']} min")
    return score


class _PageHandler(http.server.BaseHTTPRequestHandler):
    """Serves HOST/PAGE.html.gz of the development set as the site would: text/html, plain bytes."""

    pages: Path

    def do_GET(self) -> None:
        path = self.pages / (unquote(self.path.lstrip("/")) + ".html.gz")
        if ".." in self.path or not path.is_file():
            self.send_error(404)
            return
        body = gzip.decompress(path.read_bytes())
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _server_cpu(server_pid: int) -> float:
    """CPU seconds of the server and its live child processes (the import parser)."""
    from memory import children

    total = _cpu_seconds(server_pid)
    for child in children(server_pid):
        with contextlib.suppress(OSError):
            total += _cpu_seconds(child)
    return total


def api_scores(pages: Path, rows: list[tuple[str, Path, dict]]) -> list[PageScore]:
    """Each page imported through POST /api/pwa/user-imported-recipes of a fresh `larder serve`,
    from a page server on 127.0.0.1 (an address that names no known website); CPU per import is
    the server's and its workers' (fetch, parse, write)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from memory import Server, ok, register, sign_in

    handler = type("Handler", (_PageHandler,), {"pages": pages})
    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{site.server_address[1]}"
    scores: list[PageScore] = []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data", Path(folder) / "server.log")
        try:
            server.wait()
            register(server.base, "importer0", server.invite_code())
            admin = sign_in(server.base, "importer0")
            # 60 imports an hour per member: a member per 50 pages
            members = [admin]
            codes = ok(admin.post("/api/admin/invites", json={"count": len(rows) // 50 + 1, "uses": 1}), 201).json()
            for number, invite in enumerate(codes, start=1):
                register(server.base, f"importer{number}", invite["code"])
                members.append(sign_in(server.base, f"importer{number}"))
            for index, (host, page, expected) in enumerate(rows):
                url = f"{base}/{host}/{page.name.removesuffix('.html.gz')}"
                before = _server_cpu(server.pid)
                record = ok(members[index // 50].post("/api/pwa/user-imported-recipes", json={"url": url}), 201)
                cpu = _server_cpu(server.pid) - before
                data = json.loads(record.json()["data"]["data"] or "{}")
                if record.json()["data"]["import_failed"] or not data:
                    data = {"message": "import failed"}
                scores.append(score_data(host, page, expected, data, cpu))
        finally:
            server.stop()
            site.shutdown()
    return scores


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} % ({part}/{whole})" if whole else "-"


def _quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=Path, default=DEFAULT_PAGES)
    parser.add_argument("--misses", action="store_true", help="list every page that is not complete, by cause")
    parser.add_argument("--only", help="only pages whose host contains this")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument(
        "--api", action="store_true", help="import through a fresh `larder serve` (CPU: server and its workers)"
    )
    args = parser.parse_args()
    index = args.pages / "INDEX.tsv"
    if not index.exists():
        print(f"No development pages at {args.pages}: nothing to measure.")
        return 0

    rows = []
    for row in index.read_text().splitlines()[1:]:
        host, page, expected = row.split("\t")
        if not args.only or args.only in host:
            rows.append((host, args.pages / page, json.loads((args.pages / expected).read_text())))
    if args.api:
        scores = api_scores(args.pages, rows)
    else:
        scores = [score_page(host, page, expected) for host, page, expected in rows]

    total = len(scores)
    titled = sum(s.title_ok and s.ingredients_ok for s in scores)
    yields = [s.yields for s in scores if s.yields is not None]
    times = [s.total_time for s in scores if s.total_time is not None]
    cpu = [s.cpu * 1000 for s in scores]
    figures = {
        "pages": total,
        "complete": sum(s.complete for s in scores),
        "title_and_ingredients": titled,
        "title": sum(s.title_ok for s in scores),
        "ingredients": sum(s.ingredients_ok for s in scores),
        "steps": sum(s.steps_ok for s in scores),
        "yields_right": sum(yields),
        "yields_expected": len(yields),
        "time_right": sum(times),
        "time_expected": len(times),
        "cpu_ms_median": round(_quantile(cpu, 0.5), 1),
        "cpu_ms_p95": round(_quantile(cpu, 0.95), 1),
    }
    print(
        "| pages | complete | title and ingredients | title | ingredients | steps | yields right | total time right"
        " | CPU ms median | CPU ms p95 |"
    )
    print("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    print(
        f"| {total} | {_percent(figures['complete'], total)} | {_percent(titled, total)}"
        f" | {_percent(figures['title'], total)} | {_percent(figures['ingredients'], total)}"
        f" | {_percent(figures['steps'], total)} | {_percent(sum(yields), len(yields))}"
        f" | {_percent(sum(times), len(times))} | {figures['cpu_ms_median']} | {figures['cpu_ms_p95']} |"
    )
    causes = Counter(cause.split(":")[0] for s in scores for cause in s.causes)
    print("\nCauses (a page may show several): " + ", ".join(f"{k} {v}" for k, v in causes.most_common()))
    if args.misses:
        for score in scores:
            if score.causes:
                print(f"- {score.host}: " + "; ".join(score.causes))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
