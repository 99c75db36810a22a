-- Adds the API token (from the environment) to every request.
wrk.headers["Authorization"] = "Token " .. os.getenv("SUITE_TOKEN")
wrk.headers["Content-Type"] = "application/json"
