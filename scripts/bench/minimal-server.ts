/**
 * @module scripts/bench/minimal-server — the smallest Bun.serve that answers a chat completion, as a ceiling.
 *
 * Reads the request body (as the real mock does) and returns the same pre-encoded JSON every time.
 * Prints its base URL as the first stdout line. Usage: `bun scripts/bench/minimal-server.ts [port]`.
 */
const body = JSON.stringify({
  id: "chatcmpl-min",
  object: "chat.completion",
  created: 0,
  model: "mock-model",
  choices: [
    {
      index: 0,
      message: { role: "assistant", content: Array(32).fill("tok").join(" ") },
      logprobs: null,
      finish_reason: "stop",
    },
  ],
  usage: { prompt_tokens: 0, completion_tokens: 32, total_tokens: 32 },
});
const bytes = new TextEncoder().encode(body);
const headers = { "content-type": "application/json" };
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.argv[2] ?? 0),
  fetch: async (request) => {
    await request.arrayBuffer();
    return new Response(bytes, { headers });
  },
});
console.log(`http://127.0.0.1:${server.port}`);
