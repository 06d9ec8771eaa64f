/**
 * @module import/source-run — another tool's run as the importers read it: its requests on one
 * clock, its own figures, and what the import can say about the difference.
 *
 * Every reader (import/read-*) turns its tool's files into one SourceRun; import/write-import makes
 * it our run directory. Instants are integer ns since the source run's first instant (its T0), on
 * the one clock the source stamped them with; a value the source did not record is null, never 0.
 */
import type { ErrorKind, TokenSource } from "../record/request-record.ts";

const SOURCE_TOOLS = ["upstream", "aiperf", "guidellm", "vllm"] as const;
export type SourceTool = (typeof SOURCE_TOOLS)[number];

/** How a user and a report name each tool. */
export const TOOL_NAMES: Record<SourceTool, string> = {
  upstream: "mlcommons/endpoints",
  aiperf: "AIPerf",
  guidellm: "GuideLLM",
  vllm: "vllm bench serve",
};

/** One request as the source recorded it. */
export interface SourceRequest {
  /** When the source meant to send it (AIPerf's credit, GuideLLM's targeted start); null: as sent. */
  scheduledNs: number | null;
  sentNs: number;
  /** Response headers arrived; null when the source does not say. */
  headersNs: number | null;
  /** The first chunk with content (streams only). */
  firstTokenNs: number | null;
  /** The response ended, or the request failed. */
  doneNs: number;
  /** Null for a success. */
  errorKind: ErrorKind | null;
  errorMessage: string | null;
  httpStatus: number;
  inputTokens: number | null;
  outputTokens: number | null;
  tokenSource: TokenSource;
  /** Gaps before each content chunk after the first (streams whose chunk times the source kept); else null. */
  chunkGapsNs: Float64Array | null;
  /** Tokens of each of those chunks; null: one each. */
  chunkTokens: Uint16Array | null;
  /** TPOT's tokens when the source gives no chunk times but a count: the output tokens after the first chunk. */
  tokensAfterFirst: number | null;
  finishReason: string | null;
  /** The source's worker (an index of its own naming). */
  worker: number;
}

/** One alternative reading of a source figure, from the source's own per-request data. */
export interface FigureAlternative {
  /** In the figure's display unit; null when it cannot be computed. */
  value: number | null;
  /** Why it differs from ours, in a sentence (the value is added when the note is used). */
  why: string;
}

/** One of the source's own figures, beside which ours is shown (report/import-figures names the keys). */
export interface SourceFigure {
  key: string;
  /** The source's value in the figure's display unit; null: not in the source. */
  source: number | null;
  /** Where the source holds it (file field), or why it does not. */
  field: string;
  /** Tried in order when ours and the source's differ by more than 1 %: the first that reproduces the source's names why. */
  alternatives: FigureAlternative[];
  /** The definitions' difference, said when no alternative reproduces it. */
  definition?: string;
  /** Why ours could not be computed from the source, when it could not. */
  oursMissing?: string;
}

/** The load a source ran, in our config's words. */
export interface SourceLoad {
  type: "max_throughput" | "concurrency" | "poisson" | "constant" | "gamma";
  target_qps: number | null;
  target_concurrency: number | null;
}

export interface SourceRun {
  tool: SourceTool;
  version: string | null;
  /** The files read, relative to what the user named. */
  files: string[];
  /** A multi-benchmark file's benchmark (GuideLLM's, vLLM's appended results), else null. */
  label: string | null;
  /** The wall-clock instant of T0, when the source's clock says (ms since the epoch); else null. */
  t0EpochMs: number | null;
  /** Start of the measured window on the source's clock (ns since T0). */
  windowStartNs: number;
  load: SourceLoad;
  streaming: boolean;
  requests: SourceRequest[];
  figures: SourceFigure[];
  /** What holds for the whole import: the source's clock, what it leaves out. */
  notes: string[];
}
