/**
 * @module run/start-at — `--start-at`: the wall-clock instant every shard of a plan starts its schedule at.
 *
 * Forms: epoch seconds (`1764640000.5`), an ISO-8601 date-time (`2026-12-02T10:00:00Z`), or
 * `+Ns` after a barrier file on shared storage (`--start-barrier PATH`): the first shard to get
 * there creates the file holding its epoch milliseconds, every later one reads it, and all
 * start N seconds after that. An instant already past (or less than a second away) is refused
 * before anything is sent: the shards would not start together.
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { InputError } from "../errors.ts";

const RELATIVE = /^\+(\d+(?:\.\d+)?)s?$/;
const EPOCH = /^\d{9,}(?:\.\d+)?$/;
/** Time a later shard waits for the first one's barrier content to appear. */
const BARRIER_WAIT_MS = 5_000;
/** The least time left before the start instant: workers must be ready and armed by then. */
const MIN_LEAD_MS = 1_000;

/** Wall-clock now in ns (sub-millisecond, unlike Date.now()). */
export function epochNowNs(): bigint {
  return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
}

function barrierEpochMs(path: string): number {
  try {
    // The job's results directory may not exist yet (an Indexed Job's pods make nothing first).
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, "wx");
    writeSync(fd, String(Date.now()));
    closeSync(fd);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST")
      throw new InputError(`--start-barrier ${path}: ${(error as Error).message}`);
  }
  const deadline = Date.now() + BARRIER_WAIT_MS;
  for (;;) {
    const text = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
    if (/^\d+$/.test(text)) return Number(text);
    if (Date.now() > deadline)
      throw new InputError(`--start-barrier ${path}: the file holds no epoch milliseconds`, {
        hint: "remove a stale barrier file before the run",
      });
    Bun.sleepSync(10);
  }
}

/** The start instant as epoch ns; null when `text` is null. Throws InputError when it is malformed or past. */
export function resolveStartAt(
  text: string | null,
  barrier: string | null,
  nowNs: bigint = epochNowNs(),
): bigint | null {
  if (text === null) return null;
  const value = text.trim();
  let startNs: bigint;
  const relative = RELATIVE.exec(value);
  if (relative) {
    if (barrier === null)
      throw new InputError(
        `--start-at ${value}: a relative start needs --start-barrier PATH on storage every shard sees`,
      );
    startNs = BigInt(barrierEpochMs(barrier)) * 1_000_000n + BigInt(Math.round(Number(relative[1]) * 1e9));
  } else if (EPOCH.test(value)) {
    startNs = BigInt(Math.round(Number(value) * 1e6)) * 1000n;
  } else {
    const ms = Date.parse(value);
    if (Number.isNaN(ms))
      throw new InputError(`--start-at expects epoch seconds, an ISO-8601 date-time or +Ns, got '${value}'`, {
        hint: "e.g. --start-at 2026-12-02T10:00:00Z, or --start-at +30s --start-barrier /shared/run.barrier",
      });
    startNs = BigInt(ms) * 1_000_000n;
  }
  const leftMs = Number(startNs - nowNs) / 1e6;
  if (leftMs < MIN_LEAD_MS) {
    throw new InputError(
      `--start-at ${value} is ` +
        `${leftMs < 0 ? `${(-leftMs / 1000).toFixed(3)} s past` : `only ${leftMs.toFixed(0)} ms away`}; ` +
        `the shards would not start together`,
      {
        hint: "give an instant at least a few seconds ahead (worker start-up takes about a second)",
      },
    );
  }
  return startNs;
}

/**
 * Waits until `leadNs` before the start instant and returns it on the run's clock (ns since T0,
 * whose wall-clock time is `t0EpochNs`); null, after saying so, when it passed meanwhile (the
 * workers were slower than the instant allowed).
 */
export async function waitForStartAt(
  atEpochNs: bigint,
  t0EpochNs: bigint,
  nowNs: () => number,
  leadNs: number,
  log: (line: string) => void,
): Promise<{ startNs: number; waitMs: number } | null> {
  const startNs = Number(atEpochNs - t0EpochNs);
  const waitMs = (startNs - leadNs - nowNs()) / 1e6;
  if (waitMs < 0) {
    log(
      `error: the --start-at instant passed ${(-waitMs / 1000).toFixed(3)} s before the workers were ready; starting now, out of step with the other shards`,
    );
    return null;
  }
  log(`start: waiting ${(waitMs / 1000).toFixed(3)} s for --start-at`);
  await Bun.sleep(waitMs);
  return { startNs, waitMs };
}
