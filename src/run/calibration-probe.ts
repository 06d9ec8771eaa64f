/**
 * @module run/calibration-probe — `--calibrate`: the raw-socket probe (client/raw-probe) started in a
 * process of its own as the performance phase goes, stopped when it ends, and its TTFTs stored in
 * events.db for the client's error bound (report/error-bound-of).
 *
 * It sends the run's first request to the first endpoint, one at a time with a pause between (its
 * share of the server's load stays one short request in flight), and never touches the send path:
 * the workers do not know it exists. A probe that does not answer within STOP_WAIT_MS of being told
 * to stop is killed and said so; the run's report then has no calibration.
 */
import { lowerPercentile } from "../metrics/percentiles.ts";
import type { ProbeTtfts } from "../metrics/client-error-bound.ts";
import type { ProbeSpec } from "../client/raw-probe.ts";
import { selfCommand } from "./worker-command.ts";

const PROBE_COMMAND = "__probe";
const PAUSE_MS = 20;
const STOP_WAIT_MS = 5_000;

/** The probe's result as the report stores it: its requests, failures, TTFT p50 and p99 (ns). */
export function probeTtfts(ttftNs: readonly number[], failures: number): ProbeTtfts | null {
  if (ttftNs.length === 0) return null;
  const sorted = Float64Array.from(ttftNs).sort();
  return {
    requests: ttftNs.length + failures,
    failures,
    ttft_p50_ns: lowerPercentile(sorted, 50),
    ttft_p99_ns: lowerPercentile(sorted, 99),
  };
}

export class CalibrationProbe {
  readonly #proc: ReturnType<typeof Bun.spawn<"pipe", "pipe", "ignore">>;

  constructor(spec: Omit<ProbeSpec, "pauseMs">) {
    this.#proc = Bun.spawn([...selfCommand(), PROBE_COMMAND], { stdin: "pipe", stdout: "pipe", stderr: "ignore" });
    this.#proc.stdin.write(`${JSON.stringify({ ...spec, pauseMs: PAUSE_MS } satisfies ProbeSpec)}\n`);
    void this.#proc.stdin.flush();
  }

  /** Stops the probe; its TTFTs, or null when it measured none or did not answer (`log` says which). */
  async stop(log: (line: string) => void): Promise<ProbeTtfts | null> {
    void this.#proc.stdin.end();
    const timer = setTimeout(() => this.#proc.kill(), STOP_WAIT_MS);
    try {
      const [out, code] = await Promise.all([new Response(this.#proc.stdout).text(), this.#proc.exited]);
      if (code !== 0) {
        log(
          `calibration: the probe ended with ${this.#proc.signalCode ?? `exit ${code}`}; the report has no calibration`,
        );
        return null;
      }
      const { ttftNs, failures } = JSON.parse(out) as { ttftNs: number[]; failures: number };
      const result = probeTtfts(ttftNs, failures);
      log(
        result
          ? `calibration: the raw-socket probe measured ${ttftNs.length} TTFTs beside the run (${failures} failed)`
          : `calibration: the raw-socket probe measured no TTFT (${failures} failed); the report has no calibration`,
      );
      return result;
    } finally {
      clearTimeout(timer);
    }
  }
}
