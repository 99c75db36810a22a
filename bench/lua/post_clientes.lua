-- POST /api/clientes/ with a body no other request uses: thread id + counter in the name and e-mail, and a valid
-- CPF no other request sends (as in issue 18's DRF baseline: "valid unique CPF each"), so every request also
-- passes the uniqueness check on documento.
wrk.headers["Authorization"] = "Token " .. os.getenv("SUITE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads .. "-" .. os.time())
  -- 9 base digits: thread (1) + this wrk run's number from bench.py, else its second, modulo 1000 (3) + counter
  -- (5); the check digits are added below.
  local run = tonumber(os.getenv("SUITE_RUN") or "") or os.time()
  thread:set("prefix", string.format("%d%03d", threads % 10, run % 1000))
end
local counter = 0
local function cpf(base)
  local digits = {}
  for i = 1, 9 do digits[i] = tonumber(base:sub(i, i)) end
  for position = 10, 11 do
    local sum = 0
    for i = 1, position - 1 do sum = sum + digits[i] * (position + 1 - i) end
    local rest = sum % 11
    digits[position] = rest < 2 and 0 or 11 - rest
  end
  return table.concat(digits)
end
function request()
  counter = counter + 1
  local key = tid .. "-" .. counter
  local body = '{"nome":"Cliente Bench ' .. key .. '","email":"bench' .. key .. '@example.com.br",'
    .. '"telefone":"+5511999990000","ativo":true,"documento":"' .. cpf(prefix .. string.format("%05d", counter % 100000)) .. '"}'
  return wrk.format("POST", "/api/clientes/", nil, body)
end
