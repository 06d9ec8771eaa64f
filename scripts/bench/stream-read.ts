/**
 * @module scripts/bench/stream-read — CPU to read one streamed response once its bytes are in: our path vs parsing every event.
 *
 * The response is what `serve --mode fixed` sends for 32 tokens (role chunk, 32 content chunks,
 * finish chunk, usage chunk, [DONE]). Three readers, each timed over many responses in this
 * process (no I/O): ours (SseSplitter + StreamAccumulator, which parse only the chunks they
 * cannot read from a learned shape) with the response in one read, as Bun's fetch delivers a
 * burst; ours with one read per event, as from a server that paces its tokens; and the usual
 * way (decode, split on blank lines, JSON.parse every event, read the delta), which is what a
 * client that parses every chunk pays. Prints µs per response, median of 7 rounds.
 * Usage: `bun scripts/bench/stream-read.ts [RESPONSES_PER_ROUND]` (pin it: `taskset -c 1`).
 */
import { SseSplitter } from "../../src/client/sse-splitter.ts";
import { StreamAccumulator } from "../../src/client/stream-accumulator.ts";

const TOKENS = 32;
const ROUNDS = 7;
const perRound = Number(process.argv[2] ?? 50_000);

function fixedResponse(): string {
  const head = { id: "chatcmpl-fixed", object: "chat.completion.chunk", created: 1796001765, model: "mock-model" };
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    JSON.stringify({ ...head, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const events = [
    chunk({ role: "assistant", content: "" }, null),
    ...Array.from({ length: TOKENS }, (_, i) => chunk({ content: i === 0 ? "tok" : " tok" }, null)),
    chunk({}, "stop"),
    JSON.stringify({
      ...head,
      choices: [],
      usage: { prompt_tokens: 0, completion_tokens: TOKENS, total_tokens: TOKENS },
    }),
    "[DONE]",
  ];
  return events.map((e) => `data: ${e}\n\n`).join("");
}

const text = fixedResponse();
const encoder = new TextEncoder();
const oneRead = [encoder.encode(text)];
const readPerEvent = text.split(/(?<=\n\n)/).map((e) => encoder.encode(e));

function ours(reads: Uint8Array[]): number {
  const splitter = new SseSplitter();
  const accumulator = new StreamAccumulator(false);
  let ns = 1;
  for (const bytes of reads) {
    accumulator.readNs = ns++;
    splitter.push(bytes, accumulator);
  }
  accumulator.readNs = ns;
  splitter.finish(accumulator);
  return accumulator.result().chunkCount;
}

function parseEveryEvent(reads: Uint8Array[]): number {
  const decoder = new TextDecoder();
  let chunks = 0;
  let pending = "";
  for (const bytes of reads) {
    const events = (pending + decoder.decode(bytes, { stream: true })).split("\n\n");
    pending = events.pop() as string;
    for (const event of events) {
      const data = event.slice(event.indexOf(":") + 1).trim();
      if (data === "[DONE]") continue;
      const content = (JSON.parse(data) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta
        ?.content;
      if (content) chunks++;
    }
  }
  return chunks;
}

function microsPerResponse(read: (reads: Uint8Array[]) => number, reads: Uint8Array[]): number {
  const rounds: number[] = [];
  let check = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = Bun.nanoseconds();
    for (let i = 0; i < perRound; i++) check += read(reads);
    rounds.push((Bun.nanoseconds() - started) / perRound / 1000);
  }
  if (check !== TOKENS * ROUNDS * perRound)
    throw new Error(`reader counted ${check / ROUNDS / perRound} chunks, expected ${TOKENS}`);
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] as number;
}

const cases: Array<[string, (reads: Uint8Array[]) => number, Uint8Array[]]> = [
  ["ours, one read", ours, oneRead],
  ["parse every event, one read", parseEveryEvent, oneRead],
  ["ours, a read per event", ours, readPerEvent],
  ["parse every event, a read per event", parseEveryEvent, readPerEvent],
];
console.log(
  `${TOKENS}-token response (${text.length} bytes, ${readPerEvent.length} events), µs per response, median of ${ROUNDS} rounds of ${perRound}:`,
);
for (const [name, read, reads] of cases)
  console.log(`  ${name.padEnd(38)} ${microsPerResponse(read, reads).toFixed(2)}`);
