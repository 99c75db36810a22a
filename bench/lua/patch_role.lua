-- PATCH /api/access/roles/{id}/ with a description no other request sends (thread id + counter), so every
-- request is a real change: a PATCH that changes nothing writes nothing and would not measure a write.
wrk.headers["Authorization"] = "Token " .. os.getenv("SUITE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
local path = os.getenv("SUITE_PATH")
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads .. "-" .. os.time())
end
local counter = 0
function request()
  counter = counter + 1
  return wrk.format("PATCH", path, nil, '{"description":"Revisado ' .. tid .. '-' .. counter .. '"}')
end
