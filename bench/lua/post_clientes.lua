-- POST /api/clientes/ with a body no other request uses: thread id + counter in the name and e-mail.
wrk.headers["Authorization"] = "Token " .. os.getenv("SUITE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads .. "-" .. os.time())
end
local counter = 0
function request()
  counter = counter + 1
  local key = tid .. "-" .. counter
  local body = '{"nome":"Cliente Bench ' .. key .. '","email":"bench' .. key .. '@example.com.br",'
    .. '"telefone":"+5511999990000","ativo":true}'
  return wrk.format("POST", "/api/clientes/", nil, body)
end
