-- POST the JSON body held in the file named by SUITE_BODY (e.g. a punch with a face snapshot).
wrk.headers["Authorization"] = "Token " .. os.getenv("SUITE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("SUITE_BODY"), "rb"))
wrk.body = f:read("*a")
f:close()
wrk.method = "POST"
