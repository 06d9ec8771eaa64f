/**
 * @module profiling/profiler-triggers — `--profile vllm`: the server's profiler started right
 * before the performance phase and stopped when the session ends, as upstream does.
 *
 * For each base URL (`settings.profiling.urls`, else the endpoints; a trailing `/v1` dropped)
 * an empty POST to `/start_profile`, one after another, once every worker holds its share of the
 * phase and before its start instant is chosen, so the profile window covers the first request.
 * `/stop_profile` goes only to the bases whose start answered 200. Each call has 2 s and can never
 * fail the run: refusals and timeouts are recorded (profiling.json, report.txt) and logged.
 */
import { redactUrl } from "../config/redact.ts";
import { hostMonotonicNs } from "../clock/mono-clock.ts";

const POST_TIMEOUT_MS = 2_000;
/** events.db `run` key of the ProfilingRecord. */
export const PROFILING_META_KEY = "profiling";
const PATHS = { vllm: { start: "/start_profile", stop: "/stop_profile" } } as const;
type ProfilerEngine = keyof typeof PATHS;

export interface ProfileCall {
  url: string;
  /** Host-monotonic ns (the run clock's base) when the POST was sent. */
  sent_at_ns: number;
  sent_at_iso: string;
  status: number | null;
  error: string | null;
  /** On stops: `phase_end`, or `abort` when the session failed. */
  stop_reason?: "phase_end" | "abort";
}

/** profiling.json, and the events.db record report.txt is rebuilt from. */
export interface ProfilingRecord {
  engine: ProfilerEngine;
  starts: ProfileCall[];
  stops: ProfileCall[];
}

/** `<base>/start_profile` for each base, a trailing `/v1` (and slashes) dropped. */
function profileUrls(bases: readonly string[], engine: ProfilerEngine, action: "start" | "stop"): string[] {
  return bases.map(
    (base) => `${base.replace(/\/+$/, "").replace(/\/v1$/, "").replace(/\/+$/, "")}${PATHS[engine][action]}`,
  );
}

/** Local wall time with milliseconds, as upstream's `datetime.now().isoformat(timespec="milliseconds")`. */
function localIso(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
  return `${day}T${time}`;
}

async function post(url: string): Promise<ProfileCall> {
  const call: ProfileCall = {
    url: redactUrl(url),
    sent_at_ns: Number(hostMonotonicNs()),
    sent_at_iso: localIso(new Date()),
    status: null,
    error: null,
  };
  try {
    const response = await fetch(url, { method: "POST", body: "", signal: AbortSignal.timeout(POST_TIMEOUT_MS) });
    await response.arrayBuffer().catch(() => undefined);
    call.status = response.status;
    if (!response.ok) call.error = `${response.status} ${response.statusText}`.trim();
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    call.error =
      e.name === "TimeoutError" ? `no answer within ${POST_TIMEOUT_MS / 1000} s` : `${e.name}: ${redactUrl(e.message)}`;
  }
  return call;
}

export class ProfilerTriggers {
  private readonly startUrls: string[];
  private readonly stopUrls: string[];
  private readonly starts: ProfileCall[] = [];
  private readonly stops: ProfileCall[] = [];

  constructor(
    private readonly engine: ProfilerEngine,
    bases: readonly string[],
    private readonly log: (line: string) => void,
  ) {
    this.startUrls = profileUrls(bases, engine, "start");
    this.stopUrls = profileUrls(bases, engine, "stop");
  }

  async start(): Promise<void> {
    for (const url of this.startUrls) {
      const call = await post(url);
      this.starts.push(call);
      this.log(
        call.status === 200
          ? `profiler: started ${call.url}`
          : `warning: profiler start ${call.url}: ${call.error ?? call.status}`,
      );
    }
  }

  async stop(completedNormally: boolean): Promise<void> {
    for (const [i, start] of this.starts.entries()) {
      const url = this.stopUrls[i];
      if (start.status !== 200 || url === undefined) continue;
      const call = {
        ...(await post(url)),
        stop_reason: completedNormally ? ("phase_end" as const) : ("abort" as const),
      };
      this.stops.push(call);
      this.log(
        call.status === 200
          ? `profiler: stopped ${call.url}`
          : `warning: profiler stop ${call.url}: ${call.error ?? call.status}`,
      );
    }
  }

  record(): ProfilingRecord {
    return { engine: this.engine, starts: [...this.starts], stops: [...this.stops] };
  }
}
