-- wrk script for the Larder catalogue benchmark.
--
--   wrk ... -s bench/wrk/bench.lua http://127.0.0.1:P -- get    /api/pwa/recipes?page=3
--   wrk ... -s bench/wrk/bench.lua http://127.0.0.1:P -- post   /api/pwa/recipe-filter body.json
--   wrk ... -s bench/wrk/bench.lua http://127.0.0.1:P -- rotate /api/pwa/recipes/ ids.txt
--
-- BENCH_TOKEN in the environment signs the requests in as that member.
-- "rotate" walks through a list of ids (one per line), each thread from its own offset.
-- done() prints one line "BENCH_JSON {...}" with requests/s and p50/p95/p99 latency (ms) that
-- bench/run.py parses. Non-2xx/3xx answers count as errors.status.

local counter = 0
local mode, path, ids, index, tid

function setup(thread)
   thread:set("tid", counter)
   counter = counter + 1
end

local function read_file(name)
   local handle = assert(io.open(name, "rb"))
   local content = handle:read("*a")
   handle:close()
   return content
end

function init(args)
   mode, path = args[1] or "get", args[2] or "/"
   wrk.headers["Accept"] = "application/json"
   wrk.headers["Accept-Encoding"] = "gzip" -- what a browser sends; the app gzips answers > 1 KB
   local token = os.getenv("BENCH_TOKEN") -- a signed-in member's calls (lists, stores)
   if token then wrk.headers["Authorization"] = "Bearer " .. token end
   if mode == "post" then
      wrk.method = "POST"
      wrk.body = read_file(args[3])
      wrk.headers["Content-Type"] = "application/json"
   elseif mode == "rotate" then
      ids = {}
      for line in io.lines(args[3]) do
         if line ~= "" then ids[#ids + 1] = line end
      end
      index = ((tid or 0) * 7919) % #ids
   end
end

function request()
   if mode == "rotate" then
      index = index % #ids + 1
      return wrk.format("GET", path .. ids[index])
   end
   return wrk.format(nil, path)
end

function done(summary, latency, requests)
   local e = summary.errors
   local seconds = summary.duration / 1e6
   io.write(string.format(
      'BENCH_JSON {"requests": %d, "seconds": %.3f, "rps": %.1f, "p50_ms": %.3f, "p95_ms": %.3f, '
         .. '"p99_ms": %.3f, "max_ms": %.3f, "mean_ms": %.3f, "errors": {"connect": %d, "read": %d, '
         .. '"write": %d, "status": %d, "timeout": %d}}\n',
      summary.requests, seconds, summary.requests / seconds,
      latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
      latency.max / 1000, latency.mean / 1000,
      e.connect, e.read, e.write, e.status, e.timeout))
end
