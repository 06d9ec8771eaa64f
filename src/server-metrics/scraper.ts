/**
 * @module server-metrics/scraper — `--server-metrics`: the server's Prometheus page, read by
 * the main process every interval from T0 to the session's end, never by the workers.
 *
 * Each scrape is stamped on the run's clock at the midpoint of its request and its response, and
 * stored whole (record/server-metrics-table); a page over a megabyte keeps only the engines'
 * series. A scrape that fails, answers something that is not the Prometheus text format, or
 * outlasts the interval (it is aborted then) is recorded as failed and the next one starts on time; nothing here waits on a send or delays one. `auto` uses
 * `<endpoint>/metrics` only when a probe before the run finds the format there, else one line
 * says so; a URL given explicitly is scraped whatever the probe found.
 */
import { redactUrl } from "../config/redact.ts";
import { parseExposition } from "./exposition.ts";
import type { ServerMetricsTable } from "../record/server-metrics-table.ts";

/** The runtime's fetch errors run on ("… For more information, pass `verbose: true` …"): the first sentence says it. */
const firstSentence = (message: string) => message.split(/\. (?=[A-Z])/)[0] ?? message;

/** The probe's time limit before the run. */
const PROBE_TIMEOUT_MS = 2_000;

/** `<base>/metrics` of an endpoint (the server root, also when the endpoint ends in /v1). */
function defaultMetricsUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, "").replace(/\/v1$/, "")}/metrics`;
}

/** How the page is fetched: the endpoint's key when it is the endpoint's own server, and `--insecure`. */
interface ScrapeFetchOptions {
  headers: Record<string, string>;
  insecure: boolean;
}

async function fetchPage(url: string, options: ScrapeFetchOptions, signal: AbortSignal) {
  // Uncompressed, and never decompressed here: a broken body is "not the format", not a runtime notice on stderr.
  const response = await fetch(url, {
    headers: { ...options.headers, "accept-encoding": "identity" },
    signal,
    decompress: false,
    ...(options.insecure ? { tls: { rejectUnauthorized: false } } : {}),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  const whole = text.length <= WHOLE_PAGE_CHARS;
  const samples = parseExposition(whole ? text : engineLines(text));
  if (samples.length === 0)
    throw new Error(
      whole
        ? "no samples (not the Prometheus text format)"
        : "no vLLM, SGLang or TGI series on a page too large to keep whole",
    );
  return { samples, chars: text.length, whole };
}

/**
 * A page larger than this (characters) keeps only the engines' own series: parsing and storing
 * hundreds of thousands of series every interval would load the main process and events.db
 * for figures nothing reads.
 */
const WHOLE_PAGE_CHARS = 1_000_000;
const ENGINE_SERIES = /^(?:vllm:|sglang:|tgi_|llamacpp:)/;

function engineLines(text: string): string {
  return text
    .split("\n")
    .filter((line) => ENGINE_SERIES.test(line))
    .join("\n");
}

/**
 * The URL to scrape for `setting` (auto, off or a URL), or null. Logs one line when auto finds
 * nothing or an explicit URL does not answer yet.
 */
export async function resolveMetricsUrl(
  setting: string,
  endpoint: string,
  options: ScrapeFetchOptions,
  log: (line: string) => void,
): Promise<string | null> {
  if (setting === "off") return null;
  const url = setting === "auto" ? defaultMetricsUrl(endpoint) : setting;
  try {
    const page = await fetchPage(url, options, AbortSignal.timeout(PROBE_TIMEOUT_MS));
    if (!page.whole)
      log(
        `server metrics: ${redactUrl(url)} is ${(page.chars / 1e6).toFixed(1)} MB; pages over ` +
          `${WHOLE_PAGE_CHARS / 1e6} MB keep only their vLLM, SGLang and TGI series`,
      );
    return url;
  } catch (error) {
    const why =
      (error as Error).name === "TimeoutError"
        ? `no answer in ${PROBE_TIMEOUT_MS / 1000} s`
        : firstSentence((error as Error).message);
    if (setting === "auto") {
      log(
        `server metrics: ${redactUrl(url)}: ${why}; not scraped (--server-metrics URL to name the page, off to skip this check)`,
      );
      return null;
    }
    log(`warning: server metrics: ${redactUrl(url)}: ${why}; scraping it anyway`);
    return url;
  }
}

export class ServerMetricsScraper {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly stopping = new AbortController();
  private inFlight: Promise<void> | null = null;
  private nextAtMs = 0;

  constructor(
    private readonly url: string,
    private readonly intervalMs: number,
    private readonly fetchOptions: ScrapeFetchOptions,
    private readonly now: () => number,
    private readonly table: Pick<ServerMetricsTable, "add" | "failed">,
  ) {}

  start(): void {
    this.nextAtMs = performance.now();
    this.tick();
  }

  private tick = (): void => {
    if (this.stopping.signal.aborted) return;
    this.inFlight = this.scrapeOnce().then(() => undefined);
    this.nextAtMs += this.intervalMs;
    // A scrape is aborted at the interval, so the next one is never late by more than a turn.
    this.timer = setTimeout(this.tick, Math.max(0, this.nextAtMs - performance.now()));
  };

  /** One scrape, stored; its instant (the midpoint) when it worked, else null. */
  private async scrapeOnce(): Promise<number | null> {
    const askedNs = this.now();
    try {
      const { samples } = await fetchPage(
        this.url,
        this.fetchOptions,
        AbortSignal.any([AbortSignal.timeout(this.intervalMs), this.stopping.signal]),
      );
      const answeredNs = this.now();
      const atNs = Math.round((askedNs + answeredNs) / 2);
      this.table.add(atNs, answeredNs - askedNs, samples);
      return atNs;
    } catch (error) {
      if (this.stopping.signal.aborted) return null;
      const message =
        (error as Error).name === "TimeoutError"
          ? `no answer within the ${this.intervalMs} ms interval`
          : firstSentence((error as Error).message);
      this.table.failed(askedNs, this.now() - askedNs, message);
      return null;
    }
  }

  /**
   * A scrape now, beside the periodic ones, awaited: the page just before a phase starts and
   * just after it ends bounds what the server counted in between (its histograms and counters
   * grow by the phase's requests alone). Its instant, or null when it failed.
   */
  scrapeNow(): Promise<number | null> {
    return this.stopping.signal.aborted ? Promise.resolve(null) : this.scrapeOnce();
  }

  /** Ends the loop; a scrape under way is abandoned. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.stopping.abort();
    await this.inFlight;
  }
}
