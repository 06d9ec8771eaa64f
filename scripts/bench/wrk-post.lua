-- scripts/bench/wrk-post.lua — makes wrk POST a JSON body (e.g. a chat completion with "stream": true).
--
-- The body comes from, in order: the first script argument (a file path, `wrk … -s wrk-post.lua URL -- body.json`),
-- the file named by WRK_BODY_FILE, or the text of WRK_BODY. wrk builds one static request from these
-- fields, so no Lua runs per request and wrk keeps its full speed. A streamed (SSE) answer with a
-- Content-Length or chunked body is read to its end like any other; wrk does not parse the events.

local function read_file(path)
  local f = assert(io.open(path, "rb"), "cannot open " .. path)
  local text = f:read("*a")
  f:close()
  return text
end

local function body_from(args)
  if args and args[1] then return read_file(args[1]) end
  local path = os.getenv("WRK_BODY_FILE")
  if path and path ~= "" then return read_file(path) end
  return os.getenv("WRK_BODY") or '{"model":"mock-model","messages":[{"role":"user","content":"hello"}]}'
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = body_from(nil)

function init(args)
  if args and args[1] then wrk.body = body_from(args) end
end
