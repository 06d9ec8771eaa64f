/**
 * @module scripts/bench/no-response-record — what starting an attempt's record costs: record/no-response-record vs a hand-written literal.
 *
 * Each round makes RECORDS records the way client/send-attempt does (start empty, then set the
 * send and response instants, status, counts), once with the literal the send path used to
 * write out and once with the generated constructor; then packs them for IPC in batches of 256
 * (ipc/record-batch), the frame a worker sends. A third row spreads a template object, the
 * obvious alternative. Prints ns per record (make; make and pack), median of 9 rounds, rounds
 * interleaved. Usage: `bun scripts/bench/no-response-record.ts [RECORDS]` (pin it: `taskset -c 1`).
 */
import { RecordBatchBuilder } from "../../src/ipc/record-batch.ts";
import { noResponseRecord, type RecordIdentity } from "../../src/record/no-response-record.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";

const RECORDS = Number(process.argv[2] ?? 200_000);
const ROUNDS = 9;
const BATCH = 256;

function literal(req: RecordIdentity, attempt: number): RequestRecord {
  return {
    phase: req.phase,
    planIndex: req.planIndex,
    sampleIndex: req.sampleIndex,
    workerId: req.workerId,
    endpointIndex: req.endpointIndex,
    scheduledNs: req.scheduledNs,
    sentNs: 0,
    responseHeadersNs: null,
    firstTokenNs: null,
    doneNs: 0,
    httpStatus: 0,
    errorKind: null,
    errorMessage: null,
    inputTokens: null,
    outputTokens: null,
    reasoningTokens: null,
    tokenSource: "none",
    chunkCount: 0,
    chunkGapsNs: null,
    chunkTokens: null,
    finishReason: null,
    hiddenTokens: null,
    streamNotes: 0,
    chunkChars: null,
    responseText: null,
    attempt,
    releasedNs: undefined,
  };
}

const TEMPLATE = noResponseRecord(
  { phase: "", planIndex: 0, sampleIndex: 0, workerId: 0, endpointIndex: 0, scheduledNs: 0 },
  Number.NaN,
  0,
  null,
  null,
  0,
);
function spread(req: RecordIdentity, attempt: number): RequestRecord {
  return {
    ...TEMPLATE,
    phase: req.phase,
    planIndex: req.planIndex,
    sampleIndex: req.sampleIndex,
    workerId: req.workerId,
    endpointIndex: req.endpointIndex,
    scheduledNs: req.scheduledNs,
    attempt,
  };
}
const generated = (req: RecordIdentity, attempt: number) => noResponseRecord(req, Number.NaN, 0, null, null, attempt);

const requests: RecordIdentity[] = Array.from({ length: RECORDS }, (_, i) => ({
  phase: "performance",
  planIndex: i,
  sampleIndex: i % 1000,
  workerId: 1,
  endpointIndex: 0,
  scheduledNs: i * 1000,
}));

/** The send path's writes after the record exists (client/send-attempt, read-whole-body). */
function answered(record: RequestRecord, i: number): RequestRecord {
  record.sentNs = i * 1000 + 5;
  record.responseHeadersNs = i * 1000 + 50;
  record.httpStatus = 200;
  record.doneNs = i * 1000 + 90;
  record.chunkCount = 1;
  record.finishReason = "stop";
  record.outputTokens = 32;
  record.tokenSource = "server_usage";
  return record;
}

let sink = 0;
function round(make: (req: RecordIdentity, attempt: number) => RequestRecord, pack: boolean): number {
  const builder = new RecordBatchBuilder();
  const start = Bun.nanoseconds();
  for (let i = 0; i < RECORDS; i++) {
    const record = answered(make(requests[i] as RecordIdentity, 0), i);
    if (pack) {
      builder.add(record);
      if (builder.size === BATCH) sink += builder.take().count;
    } else sink += record.doneNs;
  }
  if (pack && builder.size > 0) sink += builder.take().count;
  return (Bun.nanoseconds() - start) / RECORDS;
}

const variants = { literal, generated, spread } as const;
const times: Record<string, { make: number[]; pack: number[] }> = {};
for (const name of Object.keys(variants)) times[name] = { make: [], pack: [] };
for (let r = 0; r < ROUNDS + 2; r++) {
  for (const [name, make] of Object.entries(variants)) {
    const made = round(make, false);
    const packed = round(make, true);
    // The first two rounds warm the JIT.
    if (r >= 2) {
      times[name]?.make.push(made);
      times[name]?.pack.push(packed);
    }
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
console.log(`${RECORDS} records per round, median of ${ROUNDS} rounds (ns per record)`);
console.log("variant     make   make+pack");
for (const [name, t] of Object.entries(times))
  console.log(`${name.padEnd(10)} ${median(t.make).toFixed(1).padStart(5)} ${median(t.pack).toFixed(1).padStart(11)}`);
if (sink === 0) console.log("(sink)");
