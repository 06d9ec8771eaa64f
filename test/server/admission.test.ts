/** @module test/server/admission.test — `serve --max-concurrent`: the gate, and what /metrics says about it. */
import { describe, expect, test } from "bun:test";
import { createAdmission } from "../../src/server/admission.ts";
import { startMockServer } from "../../src/server/index.ts";
import { watchStalls } from "../support/stall-watch.ts";

/** A gauge's or counter's value from exposition text (the first series of that name). */
function sample(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} not in /metrics`);
  return Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("server/admission", () => {
  test("admits up to the limit, queues the rest in arrival order, and drops a waiter whose client left", async () => {
    const gate = createAdmission(2);
    const never = new AbortController().signal;
    expect(await gate.admit(never)).toBe(true);
    expect(await gate.admit(never)).toBe(true);
    const order: string[] = [];
    const third = gate.admit(never).then((ok) => order.push(`third:${ok}`));
    const leaving = new AbortController();
    const fourth = gate.admit(leaving.signal).then((ok) => order.push(`fourth:${ok}`));
    const fifth = gate.admit(never).then((ok) => order.push(`fifth:${ok}`));
    expect([gate.running(), gate.waiting()]).toEqual([2, 3]);
    leaving.abort();
    await fourth;
    expect(gate.waiting()).toBe(2);
    gate.release();
    await third;
    gate.release();
    await fifth;
    expect(order).toEqual(["fourth:false", "third:true", "fifth:true"]);
    expect([gate.running(), gate.waiting()]).toEqual([2, 0]);
  });

  test("unlimited still counts what runs", async () => {
    const gate = createAdmission(null);
    for (let i = 0; i < 5; i++) await gate.admit(new AbortController().signal);
    expect([gate.running(), gate.waiting()]).toEqual([5, 0]);
  });

  test("with --max-concurrent 2, four requests: two run, two wait, and the waiters' TTFT includes the wait", async () => {
    const server = await startMockServer({
      mode: "model",
      ttftMs: 80,
      tpotMs: 0,
      outputTokens: 1,
      maxConcurrent: 2,
      recordObservations: true,
    });
    try {
      const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }], stream: true });
      const started = performance.now();
      const stalls = watchStalls();
      const firstBytes = [0, 1, 2, 3].map(async () => {
        const response = await fetch(`${server.url}/v1/chat/completions`, {
          method: "POST",
          body,
          headers: { "content-type": "application/json" },
        });
        const text = await response.text();
        expect(text).toContain("[DONE]");
        return performance.now() - started;
      });
      // Once all four have arrived (the server counts them), two run and two wait.
      let during = "";
      const counted = () =>
        during === "" ? 0 : sample(during, "vllm:num_requests_running") + sample(during, "vllm:num_requests_waiting");
      for (const deadline = performance.now() + 10_000; counted() < 4 && performance.now() < deadline; ) {
        during = await (await fetch(`${server.url}/metrics`)).text();
      }
      expect([sample(during, "vllm:num_requests_running"), sample(during, "vllm:num_requests_waiting")]).toEqual([
        2, 2,
      ]);
      expect(sample(during, "vllm:kv_cache_usage_perc")).toBe(1);
      const done = (await Promise.all(firstBytes)).sort((a, b) => a - b);
      const stallMs = stalls.stop();
      // Two answered after one TTFT, two after two: the client cannot see the second pair sooner
      // (when the first pair answered is the host's to delay; the server's stamps below order them).
      expect(done[2] as number).toBeGreaterThan(155);
      const after = await (await fetch(`${server.url}/metrics`)).text();
      expect([sample(after, "vllm:num_requests_running"), sample(after, "vllm:num_requests_waiting")]).toEqual([0, 0]);
      expect(sample(after, "vllm:time_to_first_token_seconds_count")).toBe(4);
      // A waiter starts its 80 ms only once a runner has finished, and vLLM's TTFT counts from
      // arrival, so the page's sum is what the requests saw from arrival to first token, waits
      // included; the page takes each from the planned TTFT, the stamps from the write, which a
      // stall of this process delays (past 20 ms it moved a runner above 0.1 s with both cores
      // oversubscribed, so no bucket is held to a count).
      const seen = server.observations().sort((a, b) => (a.firstChunkNs as number) - (b.firstChunkNs as number));
      const firstDoneNs = Math.min(...seen.slice(0, 2).map((o) => o.doneNs));
      for (const waiter of seen.slice(2))
        expect(((waiter.firstChunkNs as number) - firstDoneNs) / 1e6).toBeGreaterThanOrEqual(79);
      const seenSumS = seen.reduce((sum, o) => sum + ((o.firstChunkNs as number) - o.receivedNs) / 1e9, 0);
      const pageSumS = sample(after, "vllm:time_to_first_token_seconds_sum");
      expect(pageSumS).toBeLessThanOrEqual(seenSumS + 0.004);
      expect(pageSumS).toBeGreaterThanOrEqual(seenSumS - 0.004 - (4 * stallMs) / 1000);
      expect(sample(after, "vllm:generation_tokens_total")).toBe(4);
    } finally {
      await server.stop();
    }
  });

  test("fixed mode refuses --max-concurrent and has no /metrics", async () => {
    await expect(startMockServer({ mode: "fixed", maxConcurrent: 2 })).rejects.toThrow(
      "maxConcurrent (--max-concurrent) needs --mode echo or model",
    );
    const server = await startMockServer({ mode: "fixed" });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
