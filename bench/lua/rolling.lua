-- bench/rolling-restart's steady load: each connection sends, in turn, three reads and one write (a customer
-- with a name no other request uses), then waits SUITE_DELAY_MS, so the load stays modest on a shared machine.
-- done() prints the answers by status, which the script reads to count failures.
wrk.headers["Authorization"] = "Token " .. os.getenv("SUITE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
local wait = tonumber(os.getenv("SUITE_DELAY_MS") or "20")
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads .. "-" .. os.time())
end
local counter = 0
statuses = {}
function request()
  counter = counter + 1
  local turn = counter % 4
  if turn == 0 then
    return wrk.format("GET", "/api/access/roles/")
  elseif turn == 1 then
    return wrk.format("GET", "/api/clientes/?limit=20")
  elseif turn == 2 then
    return wrk.format("GET", "/api/fins/?limit=20")
  end
  return wrk.format("POST", "/api/clientes/", nil,
    '{"nome":"Cliente Rolling ' .. tid .. '-' .. counter .. '"}')
end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function delay()
  return wait
end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    local counts = thread:get("statuses")
    for status, count in pairs(counts) do
      total[status] = (total[status] or 0) + count
    end
  end
  for status, count in pairs(total) do
    io.write(string.format("status %d %d\n", status, count))
  end
end
