-- wrk script for bench/household_load.py: signed-in household members reading or writing.
--
--   wrk ... -s bench/wrk/household.lua http://127.0.0.1:P -- reads  tokens.txt ids.txt
--   wrk ... -s bench/wrk/household.lua http://127.0.0.1:P -- writes tokens.txt ids.txt
--
-- reads: catalogue pages and the caller's own recipes. writes: a new own recipe, new filter
-- preferences, a saved recipe, in turn. Each connection signs in with one of the tokens (one per
-- line) and picks catalogue ingredient ids (one per line) for its recipes. done() prints the same
-- BENCH_JSON line as bench.lua.

local counter = 0
local mode, tokens, ids, turn, tid
local preferences = { "vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free" }

function setup(thread)
   thread:set("tid", counter)
   counter = counter + 1
end

local function lines(name)
   local found = {}
   for line in io.lines(name) do
      if line ~= "" then found[#found + 1] = line end
   end
   return found
end

function init(args)
   mode = args[1]
   tokens, ids = lines(args[2]), lines(args[3])
   math.randomseed(1000 + (tid or 0))
   turn = tid or 0
end

local function signed(method, path, body)
   -- wrk.format uses only the headers given here, not wrk.headers.
   local headers = {
      ["Authorization"] = "Bearer " .. tokens[(turn % #tokens) + 1],
      ["Accept"] = "application/json",
      ["Content-Type"] = "application/json",
   }
   return wrk.format(method, path, headers, body)
end

function request()
   turn = turn + 1
   local ingredient = function() return ids[math.random(#ids)] end
   if mode == "reads" then
      if turn % 3 == 0 then return signed("GET", "/api/pwa/user-recipe-creator") end
      return signed("GET", "/api/pwa/recipes?page=" .. math.random(5))
   end
   local kind = turn % 4
   if kind == 0 or kind == 1 then
      local body = string.format(
         '{"name": "Bench bake %d-%d", "description": "Made under load.", "serves": 2, '
            .. '"ingredients": [{"value": %s, "quantity": 2}, {"value": %s, "quantity": 1}], '
            .. '"steps": [{"title": "Mix", "description": "Mix it all."}]}',
         tid or 0, turn, ingredient(), ingredient())
      return signed("POST", "/api/pwa/user-recipe-creator", body)
   elseif kind == 2 then
      local a, b = preferences[math.random(5)], preferences[math.random(5)]
      return signed("PUT", "/api/pwa/account/preferences", string.format('{"preferences": ["%s", "%s"]}', a, b))
   end
   return signed("POST", "/api/pwa/user-saved-recipes", string.format('{"recipe_id": %d}', math.random(59)))
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
