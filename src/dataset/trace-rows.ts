/**
 * @module dataset/trace-rows — a request trace as dataset rows with send instants (`--load-pattern trace`, ours).
 *
 * Every row needs a time: `timestamp` in milliseconds (Mooncake's traces) or a date-time string
 * (`TIMESTAMP`, Azure's LLM inference traces: `YYYY-MM-DD HH:MM:SS.fffffff`), or `timestamp_s`
 * in seconds. A row brings its prompt (`prompt` or `messages`), or only lengths: `input_length` /
 * `output_length` (Mooncake) or `ContextTokens` / `GeneratedTokens` (Azure). A lengths-only row
 * gets a prompt of that many tokens of the random dataset's words. Either kind asks for its output
 * length when it has one (max_new_tokens, min_tokens, ignore_eos); an API that generates nothing
 * (embeddings, rerank) refuses one, as it refuses a dataset's `osl=` (config/rules/pooling).
 * Mooncake's `hash_ids` name 512-token blocks:
 * rows that share a block id share that block's text, so the trace's prefix reuse is replayed.
 * A row keeps its other columns (`model`, `system`, a rerank's `documents`) for its body; a `session_id`
 * (or `conversation_id`) is read for the routing headers. CSV cells holding plain numbers read as numbers.
 */
import { InputError } from "../errors.ts";
import { PythonRandom, type PythonSeed, offsetSeed } from "../rng/python-random.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import type { DatasetRow, RowLocator } from "./file-rows.ts";
import { isContentParts } from "./prompt-check.ts";
import { singleTokenWords, words } from "./random-dataset.ts";

/** Tokens per Mooncake hash block. */
export const TRACE_BLOCK_TOKENS = 512;

interface TraceRows {
  rows: DatasetRow[];
  /** Send instant of each row, ms on the trace's own clock. */
  timesMs: Float64Array;
  /** Session of each row, or null when the trace names none. */
  sessions: (string | null)[];
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date-time as ms; fractions finer than ms (Azure writes 7 digits) are kept as a fraction. */
function dateTimeMs(text: string): number | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  let offsetMs = 0;
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    offsetMs = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  return base - offsetMs + (frac ? Number(`0.${frac}`) * 1000 : 0);
}

/** CSV cells are strings: a plain decimal number reads as one. */
function asNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : null;
}

function timeOf(row: DatasetRow, where: string): number {
  const timestamp = asNumber(row.timestamp) ?? row.timestamp;
  const seconds = asNumber(row.timestamp_s);
  const azure = row.TIMESTAMP;
  if (typeof timestamp === "number" && Number.isFinite(timestamp)) return timestamp;
  if (seconds !== null) return seconds * 1000;
  const text = typeof timestamp === "string" ? timestamp : typeof azure === "string" ? azure : null;
  const ms = text === null ? null : dateTimeMs(text);
  if (ms !== null) return ms;
  throw new InputError(
    `${where}: a trace row needs its send time: 'timestamp' (ms), 'timestamp_s' or a date-time 'TIMESTAMP'`,
    {
      hint: 'Mooncake traces have timestamp (ms); Azure\'s have TIMESTAMP; see docs/datasets.md "Traces"',
    },
  );
}

const INPUT_LENGTH_COLUMNS = ["input_length", "ContextTokens"] as const;
const OUTPUT_LENGTH_COLUMNS = ["output_length", "GeneratedTokens"] as const;

/** The first of `names` holding a count, with its column. */
function count(row: DatasetRow, names: readonly string[]): { column: string; value: number } | null {
  for (const column of names) {
    const value = asNumber(row[column]);
    if (value !== null && Number.isInteger(value) && value >= 0) return { column, value };
  }
  return null;
}

/** Builds the prompts of lengths-only rows: one word pool, block texts shared by block id. */
class TracePrompts {
  private readonly pool: string[];
  private readonly blocks = new Map<number, string[]>();
  private readonly rng: PythonRandom;

  constructor(
    private readonly seed: PythonSeed,
    tokenizer: TextTokenizer | null,
  ) {
    this.pool = singleTokenWords(tokenizer);
    this.rng = new PythonRandom(seed);
  }

  prompt(inputTokens: number, hashIds: unknown): string {
    const out: string[] = [];
    if (Array.isArray(hashIds)) {
      for (const id of hashIds) {
        if (out.length >= inputTokens || typeof id !== "number") break;
        out.push(...this.block(id).slice(0, inputTokens - out.length));
      }
    }
    if (out.length < inputTokens) out.push(...words(this.rng, this.pool, inputTokens - out.length));
    return out.join(" ");
  }

  /** A block's words, the same for every row naming it (seeded by the block id). */
  private block(id: number): string[] {
    let block = this.blocks.get(id);
    if (!block) {
      block = words(new PythonRandom(offsetSeed(this.seed, id + 1)), this.pool, TRACE_BLOCK_TOKENS);
      this.blocks.set(id, block);
    }
    return block;
  }
}

/**
 * The trace's rows, send instants and sessions. `poolingApi` is the api_type when it generates
 * nothing (openai_embeddings, rerank), whose requests have no output length to ask for; else null.
 */
export function traceRows(
  source: readonly DatasetRow[],
  locate: RowLocator,
  seed: PythonSeed,
  tokenizer: TextTokenizer | null,
  poolingApi: string | null = null,
): TraceRows {
  let prompts: TracePrompts | null = null;
  const timesMs = new Float64Array(source.length);
  const sessions: (string | null)[] = [];
  const rows = source.map((row, i) => {
    timesMs[i] = timeOf(row, locate(i));
    const session = row.session_id ?? row.conversation_id;
    sessions.push(typeof session === "string" || typeof session === "number" ? String(session) : null);
    const output = count(row, OUTPUT_LENGTH_COLUMNS);
    const asked = output !== null && output.value > 0 ? output : null;
    if (asked && poolingApi !== null)
      throw new InputError(
        `${locate(i)}: column '${asked.column}' asks for ${asked.value} output tokens, and api_type ${poolingApi} generates none`,
        { hint: "drop the column from the trace: an embeddings or rerank trace carries prompts or input lengths only" },
      );
    const lengths = asked ? { max_new_tokens: asked.value, min_tokens: asked.value, ignore_eos: true } : {};
    // A prompt of content parts: the text and the media a trace's image or audio columns became (dataset/media-columns).
    if (typeof row.prompt === "string" || isContentParts(row.prompt) || Array.isArray(row.messages))
      return asked ? { ...row, ...lengths } : row;
    const input = count(row, INPUT_LENGTH_COLUMNS);
    if (input === null || input.value === 0) {
      throw new InputError(
        `${locate(i)}: a trace row needs a prompt ('prompt' or 'messages') or its input length ('input_length' or 'ContextTokens')`,
      );
    }
    prompts ??= new TracePrompts(seed, tokenizer);
    // The row's other columns go with it, as a prompt row's do: its model, its system prompt, a rerank's documents.
    return { ...row, prompt: prompts.prompt(input.value, row.hash_ids), ...lengths };
  });
  return { rows, timesMs, sessions };
}
