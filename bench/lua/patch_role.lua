-- PATCH /api/access/roles/{id}/ with a changing description.
wrk.headers["Authorization"] = "Token " .. os.getenv("SUITE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
local path = os.getenv("SUITE_PATH")
local counter = 0
function request()
  counter = counter + 1
  return wrk.format("PATCH", path, nil, '{"description":"Revisado ' .. counter .. '"}')
end
