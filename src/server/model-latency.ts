/**
 * @module server/model-latency — `serve --model-latency NAME=ttft:50ms,tpot:5ms` (repeatable): each named model
 * answers with its own mean TTFT and TPOT, so a model mix (`--model-mix`) has something to break down; a model
 * not named answers with the default `--ttft-ms` / `--tpot-ms`.
 *
 * A model name may hold commas and `=` (hub ids, LoRA adapters), so the latency is what follows the name's
 * last `=`, as for `--model-mix`. A time is a duration (`50ms`, `0.2s`) or a number of milliseconds.
 */
import { tryParseDurationMs } from "../config/duration.ts";

/** One model's means; a key left out keeps the server's default. */
interface ModelLatency {
  ttftMs?: number;
  tpotMs?: number;
}

const KEYS = { ttft: "ttftMs", tpot: "tpotMs" } as const;

type Read = { ok: true; name: string; latency: ModelLatency } | { ok: false; problem: string };

/** `NAME=ttft:T,tpot:T` read; a problem names what is wrong without a stack trace. */
export function readModelLatency(text: string): Read {
  const at = text.lastIndexOf("=");
  const name = at < 0 ? "" : text.slice(0, at).trim();
  if (name === "" || at === text.length - 1)
    return { ok: false, problem: `expected NAME=ttft:50ms,tpot:5ms, got '${text}'` };
  const latency: ModelLatency = {};
  for (const part of text.slice(at + 1).split(",")) {
    const [key = "", value = "", ...extra] = part.split(":").map((s) => s.trim());
    const field = KEYS[key as keyof typeof KEYS];
    if (!field || extra.length > 0)
      return { ok: false, problem: `'${name}': '${part.trim()}' is not ttft:TIME or tpot:TIME` };
    const parsed = tryParseDurationMs(value, true);
    if (!parsed.ok) return { ok: false, problem: `'${name}': ${key}: ${parsed.message}` };
    latency[field] = parsed.ms;
  }
  return { ok: true, name, latency };
}

/** Every `--model-latency` text as a map by model name; every problem at once, as one message. */
export function readModelLatencies(texts: readonly string[]): {
  latencies: Record<string, ModelLatency>;
  problems: string[];
} {
  const latencies: Record<string, ModelLatency> = {};
  const problems: string[] = [];
  for (const text of texts) {
    const read = readModelLatency(text);
    if (!read.ok) problems.push(`--model-latency ${read.problem}`);
    else if (read.name in latencies) problems.push(`--model-latency '${read.name}' is given twice`);
    else latencies[read.name] = read.latency;
  }
  return { latencies, problems };
}
