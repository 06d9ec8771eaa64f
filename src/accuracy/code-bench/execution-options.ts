/**
 * @module accuracy/code-bench/execution-options — how `code_bench_scorer` may run model-written programs.
 *
 * Scoring LiveCodeBench means executing code a model wrote. That happens in upstream's hardened
 * evaluation service when `serviceUrl` is set, and on this machine only when `allow` is true
 * (`--allow-code-execution`, our counterpart of upstream's `ALLOW_LCB_LOCAL_EVAL=true`). Local
 * execution is a best effort, not a sandbox: see run-program.ts for what it does and does not stop.
 */
import { availableParallelism } from "node:os";
import { InputError } from "../../errors.ts";

export interface CodeExecutionOptions {
  /** Run model-written programs locally (`--allow-code-execution`). */
  allow: boolean;
  /** The evaluation service, e.g. ws://localhost:13835/evaluate. */
  serviceUrl?: string | null;
  /** Local: wall-clock limit per test case, seconds (default 6). */
  timeoutPerTestS?: number;
  /** Local: address-space limit of each Python process, bytes (default 2 GiB). */
  memoryLimitBytes?: number;
  /** Local: largest file a program may write, bytes (default 64 MiB). */
  fileSizeLimitBytes?: number;
  /** Local: programs run at once (default: CPUs, at most 8). */
  concurrency?: number;
  /** Local: the Python interpreter (default "python3"). */
  python?: string;
  /** Local: "auto" runs programs in a fresh network namespace when `unshare` allows it (default). */
  networkIsolation?: "auto" | "off";
  /** Local: where per-program temp dirs are made (default: the OS temp dir). */
  tempRoot?: string;
  /** Service: `timeout_sec` sent with the request (default 60, upstream's). */
  serviceTimeoutSec?: number;
  /** Service: give up waiting for the result after this many seconds (default 3600). */
  serviceDeadlineS?: number;
  /** Told about a fallback to local execution, or local execution without network isolation. */
  onWarning?: (message: string) => void;
  /** Told of the service's progress frames (upstream's `show_lcb_runner_output`); absent: silent. */
  onProgress?: (frame: Record<string, unknown>) => void;
}

export type ResolvedExecutionOptions = Required<
  Omit<CodeExecutionOptions, "serviceUrl" | "tempRoot" | "onWarning" | "onProgress">
> & {
  serviceUrl: string | null;
  tempRoot: string | null;
  onWarning: (message: string) => void;
  onProgress: (frame: Record<string, unknown>) => void;
};

const DEFAULT_TIMEOUT_PER_TEST_S = 6;
const DEFAULT_MEMORY_LIMIT_BYTES = 2 * 1024 ** 3;
const DEFAULT_FILE_SIZE_LIMIT_BYTES = 64 * 1024 ** 2;
const DEFAULT_SERVICE_TIMEOUT_SEC = 60;
const DEFAULT_SERVICE_DEADLINE_S = 3600;

const ALLOW_HINT =
  "code_bench_scorer runs the programs the model wrote; pass --allow-code-execution to run them on this machine " +
  "(best-effort limits, no real sandbox), or point it at the evaluation service (ws://localhost:13835/evaluate)";

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new InputError(`code execution: ${name} must be > 0, got ${value}`);
  return value;
}

/**
 * Options with defaults filled in. Without `allow` and without a service there is no way to
 * score: an InputError explaining the flag.
 */
export function resolveExecutionOptions(options: CodeExecutionOptions | undefined): ResolvedExecutionOptions {
  const serviceUrl = options?.serviceUrl ?? null;
  if (!options?.allow && !serviceUrl) {
    throw new InputError("code_bench_scorer needs permission to execute model-written code", { hint: ALLOW_HINT });
  }
  if (serviceUrl !== null && !/^wss?:\/\//.test(serviceUrl)) {
    throw new InputError(`code execution: service URL must start with ws:// or wss://, got '${serviceUrl}'`);
  }
  return {
    allow: options?.allow === true,
    serviceUrl,
    timeoutPerTestS: positive("timeoutPerTestS", options?.timeoutPerTestS, DEFAULT_TIMEOUT_PER_TEST_S),
    memoryLimitBytes: Math.floor(positive("memoryLimitBytes", options?.memoryLimitBytes, DEFAULT_MEMORY_LIMIT_BYTES)),
    fileSizeLimitBytes: Math.floor(
      positive("fileSizeLimitBytes", options?.fileSizeLimitBytes, DEFAULT_FILE_SIZE_LIMIT_BYTES),
    ),
    concurrency: Math.floor(positive("concurrency", options?.concurrency, Math.min(8, availableParallelism()))),
    python: options?.python ?? "python3",
    networkIsolation: options?.networkIsolation ?? "auto",
    tempRoot: options?.tempRoot ?? null,
    serviceTimeoutSec: positive("serviceTimeoutSec", options?.serviceTimeoutSec, DEFAULT_SERVICE_TIMEOUT_SEC),
    serviceDeadlineS: positive("serviceDeadlineS", options?.serviceDeadlineS, DEFAULT_SERVICE_DEADLINE_S),
    onWarning: options?.onWarning ?? (() => {}),
    onProgress: options?.onProgress ?? (() => {}),
  };
}
