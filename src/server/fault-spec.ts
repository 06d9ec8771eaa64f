/**
 * @module server/fault-spec — the faults the mock can inject (`--fault KIND[:ARG]`): names, arguments, labels.
 *
 * A fault replaces one completion request's normal answer. Arguments: `status:CODE` (400–599),
 * `stall:SECONDS`, `huge-body:MB` and `slow-drip:MS` (ms per byte, default 50); the other kinds
 * take none. A fault's label (`status:503`, `refuse`) names it in counts and observations.
 */
import { z } from "zod";

export const FAULT_KINDS = [
  "refuse",
  "reset-before-headers",
  "reset-mid-stream",
  "status",
  "stall",
  "malformed-sse",
  "invalid-json",
  "huge-body",
  "slow-drip",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /** The `:ARG` part; null when absent (kinds without an argument, or slow-drip's default). */
  arg: number | null;
}

/** slow-drip without an argument: one byte every 50 ms. */
export const DEFAULT_DRIP_MS = 50;
/** Largest huge-body, so a typo cannot make the mock allocate the machine's memory. */
const MAX_HUGE_BODY_MB = 4096;

type ArgRule =
  | { needs: "none" }
  | { needs: "required" | "optional"; check: (arg: number) => string | null; what: string };

const positive = (arg: number) => (Number.isFinite(arg) && arg > 0 ? null : "must be a number > 0");
const ARG_RULES: Record<FaultKind, ArgRule> = {
  refuse: { needs: "none" },
  "reset-before-headers": { needs: "none" },
  "reset-mid-stream": { needs: "none" },
  "malformed-sse": { needs: "none" },
  "invalid-json": { needs: "none" },
  status: {
    needs: "required",
    what: "an HTTP status, e.g. status:503",
    check: (arg) =>
      Number.isInteger(arg) && arg >= 400 && arg <= 599 ? null : "must be an HTTP error status (400–599)",
  },
  stall: { needs: "required", what: "the silence in seconds, e.g. stall:30", check: positive },
  "huge-body": {
    needs: "required",
    what: "the body size in MB, e.g. huge-body:100",
    check: (arg) => positive(arg) ?? (arg <= MAX_HUGE_BODY_MB ? null : `must be at most ${MAX_HUGE_BODY_MB}`),
  },
  "slow-drip": { needs: "optional", what: "ms per byte, e.g. slow-drip:50", check: positive },
};

/** What is wrong with `arg` for `kind`, or null when it is acceptable. */
function faultArgProblem(kind: FaultKind, arg: number | null): string | null {
  const rule = ARG_RULES[kind];
  if (rule.needs === "none") return arg === null ? null : `${kind} takes no argument`;
  if (arg === null) return rule.needs === "required" ? `${kind} needs ${rule.what}` : null;
  const problem = rule.check(arg);
  return problem === null ? null : `${kind}:${arg}: ${problem}`;
}

export const FaultSpecSchema = z
  .strictObject({ kind: z.enum(FAULT_KINDS), arg: z.number().nullable().default(null) })
  .superRefine((spec, ctx) => {
    const problem = faultArgProblem(spec.kind, spec.arg);
    if (problem !== null) ctx.addIssue({ code: "custom", message: problem, path: ["arg"] });
  });

/** `status:503` → {kind: "status", arg: 503}; throws an Error naming the problem. */
export function parseFaultSpec(text: string): FaultSpec {
  const trimmed = text.trim();
  const colon = trimmed.indexOf(":");
  const name = colon < 0 ? trimmed : trimmed.slice(0, colon);
  const argText = colon < 0 ? null : trimmed.slice(colon + 1).trim();
  const kind = FAULT_KINDS.find((k) => k === name);
  if (kind === undefined) throw new Error(`unknown fault '${name}' (kinds: ${FAULT_KINDS.join(", ")})`);
  const arg = argText === null ? null : Number(argText);
  if (argText !== null && (argText === "" || !Number.isFinite(arg)))
    throw new Error(`${kind}: '${argText}' is not a number`);
  const problem = faultArgProblem(kind, arg);
  if (problem !== null) throw new Error(problem);
  return { kind, arg };
}

/** The name a fault is counted under: `refuse`, `status:503`, `stall:2`. */
export function faultLabel(spec: FaultSpec): string {
  return spec.arg === null ? spec.kind : `${spec.kind}:${spec.arg}`;
}
