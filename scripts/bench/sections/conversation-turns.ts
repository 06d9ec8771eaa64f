/**
 * @module scripts/bench/sections/conversation-turns — how late a conversation's turn leaves after its think time: the conversations test's old bounds.
 *
 * The multi-turn workload of test/e2e/conversations.test.ts (`agentic_inference`, concurrency 4,
 * 2 workers): conversation i is a user turn, (i mod 3) tool round trips whose tool turns carry
 * think times (`delay_seconds` 20 and 30 ms, `inject_tool_delay`), then a closing user turn —
 * 60 conversations here (the test's 20, three times over, so a run has 60 think-time turns,
 * not 19). `serve --mode model` answers each turn in ~10 ms (5 ms TTFT, 2 tokens) on CPU 0;
 * the CLI starts unpinned as the test starts it (its own affinity: workers on CPU 1). From
 * events.db's `requests`, each think-time turn's send lateness `sent_ns − scheduled_ns` (its
 * scheduled instant is the previous turn's end plus the think time): target max < 5 ms; and its
 * overshoot, `sent_ns − (previous done_ns + think time)`: target median < 5 ms.
 */
import { Database } from "bun:sqlite";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lowerPercentile, sortedFinite } from "../../../src/metrics/percentiles.ts";
import { runIe } from "../lib/ie.ts";
import { toolConversationConfig, toolConversationRows } from "../lib/tool-conversations.ts";
import { BUN, MAIN, startServer } from "../lib/procs.ts";
import { progress, type Section } from "../lib/section.ts";
import { below, fmt, median, runs, type Row } from "../lib/table.ts";

const SECTION = "3d conversation turns";
const CONVERSATIONS = 60;
const CONCURRENCY = 4;
const MAX_LATENESS_US = 5_000;
const MAX_OVERSHOOT_US = 5_000;

interface TurnTimes {
  /** Every think-time turn's sent − scheduled, µs, ascending. */
  latenessUs: Float64Array;
  /** Every think-time turn's sent − (previous done + think time), µs, ascending. */
  overshootUs: Float64Array;
  /** The most any turn (think time or not) left after its scheduled instant, µs. */
  allTurnsMaxUs: number;
}

/** Reads events.db: the client turns are its performance rows in plan order, the dataset's user and tool rows in order. */
function turnTimes(eventsDb: string, thinkSeconds: readonly number[]): TurnTimes {
  const db = new Database(eventsDb, { readonly: true });
  const records = db
    .query(
      "SELECT scheduled_ns AS scheduled, sent_ns AS sent, done_ns AS done FROM requests WHERE phase = 'performance' ORDER BY plan_index",
    )
    .all() as { scheduled: number; sent: number | null; done: number }[];
  db.close();
  if (records.length !== thinkSeconds.length)
    throw new Error(`events.db has ${records.length} turns, the dataset ${thinkSeconds.length}`);
  const lateness: number[] = [];
  const overshoot: number[] = [];
  let allTurnsMaxUs = 0;
  records.forEach((r, i) => {
    if (r.sent === null) return;
    allTurnsMaxUs = Math.max(allTurnsMaxUs, (r.sent - r.scheduled) / 1e3);
    const thinkNs = (thinkSeconds[i] as number) * 1e9;
    if (thinkNs === 0) return;
    lateness.push((r.sent - r.scheduled) / 1e3);
    overshoot.push((r.sent - (records[i - 1] as { done: number }).done - thinkNs) / 1e3);
  });
  return {
    latenessUs: sortedFinite(Float64Array.from(lateness)),
    overshootUs: sortedFinite(Float64Array.from(overshoot)),
    allTurnsMaxUs,
  };
}

export const conversationTurnsSection: Section = {
  name: "turns",
  description: `conversation turns: send lateness after think times, ${CONVERSATIONS} conversations at concurrency ${CONCURRENCY} (max < 5 ms)`,
  async run(ctx): Promise<Row[]> {
    const rows = toolConversationRows(CONVERSATIONS);
    const datasetPath = join(ctx.tmp, "agentic.jsonl");
    writeFileSync(datasetPath, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const thinkSeconds = rows
      .filter((r) => r.role === "user" || r.role === "tool")
      .map((r) => (r.delay_seconds as number | undefined) ?? 0);
    const server = await startServer([
      BUN,
      MAIN,
      "serve",
      "--port",
      "0",
      "--mode",
      "model",
      "--ttft-ms",
      "5",
      "--tpot-ms",
      "5",
      "--output-tokens",
      "2",
    ]);
    const p50: number[] = [];
    const p99: number[] = [];
    const max: number[] = [];
    const overshootP50: number[] = [];
    const allMax: number[] = [];
    let turns = 0;
    try {
      const config = toolConversationConfig(ctx.tmp, server.url, datasetPath, CONCURRENCY);
      for (let i = 0; i < ctx.repeats; i++) {
        const dir = join(ctx.tmp, `turns-${i}`);
        const { summary } = await runIe(["benchmark", "from-config", "-c", config], dir, { pinToClientCpu: false });
        if (summary.n_samples_failed > 0)
          throw new Error(
            `run ${i + 1}: ${summary.n_samples_failed} turns failed (${JSON.stringify(summary.error_counts)})`,
          );
        const t = turnTimes(join(dir, "events.db"), thinkSeconds);
        rmSync(dir, { recursive: true, force: true });
        turns = t.latenessUs.length;
        p50.push(lowerPercentile(t.latenessUs, 50));
        p99.push(lowerPercentile(t.latenessUs, 99));
        max.push(t.latenessUs.at(-1) ?? Number.NaN);
        overshootP50.push(lowerPercentile(t.overshootUs, 50));
        allMax.push(t.allTurnsMaxUs);
        progress(
          `run ${i + 1}: ${turns} think-time turns late by p50 ${fmt(p50.at(-1) as number, 1)} µs, p99 ${fmt(p99.at(-1) as number, 1)} µs, max ${fmt(max.at(-1) as number, 1)} µs; overshoot p50 ${fmt(overshootP50.at(-1) as number, 1)} µs`,
        );
      }
    } finally {
      await server.stop();
    }
    const label = `${CONVERSATIONS} conversations at concurrency ${CONCURRENCY}, ${turns} think-time turns (20 / 30 ms) a run`;
    return [
      {
        section: SECTION,
        metric: `${label}: send lateness (sent − scheduled) p50 / p99 / max µs`,
        value: `${fmt(median(p50), 1)} / ${fmt(median(p99), 1)} / ${fmt(median(max), 1)}`,
        peer: "–",
        ratio: "–",
        target: `max < ${fmt(MAX_LATENESS_US)} µs`,
        verdict: below(median(max), MAX_LATENESS_US),
        notes: `max ${runs(max)}; p99 ${runs(p99)}; every turn's (think time or none) max ${runs(allMax)}; CLI's own affinity (workers on CPU 1); was test/e2e/conversations.test.ts's bound`,
      },
      {
        section: SECTION,
        metric: `${label}: overshoot, sent − (the previous turn's done + think time), median µs`,
        value: fmt(median(overshootP50), 1),
        peer: "–",
        ratio: "–",
        target: `< ${fmt(MAX_OVERSHOOT_US)} µs`,
        verdict: below(median(overshootP50), MAX_OVERSHOOT_US),
        notes: `${runs(overshootP50)}; the think time starts when the client lets go of the previous response; was test/e2e/conversations.test.ts's bound`,
      },
    ];
  },
};
