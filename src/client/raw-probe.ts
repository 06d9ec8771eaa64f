/**
 * @module client/raw-probe — `--calibrate`'s probe: a raw TCP (or TLS) client with no HTTP library,
 * sending the run's first request one at a time beside the run and timing its first content bytes.
 *
 * It runs in a process of its own (main.ts's hidden `__probe`), so neither a worker's busy loop nor
 * fetch's own thread is in its TTFT: what it sees above the server's is the kernel's and the host's
 * share, which any client pays. Each request goes on a connection opened before the write is stamped
 * (the handshake is in no TTFT) and closed at the first content, so the server stops generating and
 * the probe adds one short request at a time to its load. The spec arrives as one JSON line on stdin
 * (headers carry the API key: never on the command line); stdin's end stops it, and it prints
 * `{"ttftNs": […], "failures": n}` on stdout.
 */

export interface ProbeSpec {
  url: string;
  headers: Record<string, string>;
  body: string;
  insecure: boolean;
  /** Pause between probes. */
  pauseMs: number;
}

/** A first piece of generated text in any dialect's event: a text-bearing field with a non-empty string. */
const FIRST_CONTENT =
  /"(?:content|text|reasoning_content|reasoning|delta|partial_json|thinking|arguments)"\s*:\s*"(?!")/;
/** A probe that sees no first content this long is counted failed. */
const PROBE_TIMEOUT_MS = 60_000;

/** The request's bytes as HTTP/1.1 writes them. */
export function requestBytes(spec: Pick<ProbeSpec, "url" | "headers" | "body">): string {
  const url = new URL(spec.url);
  const lines = Object.entries(spec.headers)
    .filter(([name]) => !/^(host|content-length|connection)$/i.test(name))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (
    `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n${lines}` +
    `Content-Length: ${Buffer.byteLength(spec.body)}\r\nConnection: close\r\n\r\n${spec.body}`
  );
}

/** Whether `seen` (a response so far) holds a 2xx status and the first content: null while undecided. */
export function firstContentSeen(seen: string): boolean | null {
  const headEnd = seen.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  if (!/^HTTP\/1\.[01] 2\d\d/.test(seen)) return false;
  return FIRST_CONTENT.test(seen.slice(headEnd + 4)) ? true : null;
}

/** One probe: TTFT in ns, or null when it failed; `abort` ends it at once. */
function probeOnce(spec: ProbeSpec, request: string): { ttft: Promise<number | null>; abort: () => void } {
  const url = new URL(spec.url);
  const tls = url.protocol === "https:";
  let finish: (v: number | null) => void = () => {};
  const ttft = new Promise<number | null>((resolve) => {
    let seen = "";
    let sentNs = 0;
    let socket: { end(): void } | null = null;
    let done = false;
    const timer = setTimeout(() => finish(null), PROBE_TIMEOUT_MS);
    finish = (v) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket?.end();
      resolve(v);
    };
    Bun.connect({
      hostname: url.hostname,
      port: Number(url.port || (tls ? 443 : 80)),
      ...(tls ? { tls: { rejectUnauthorized: !spec.insecure } } : {}),
      socket: {
        open(s) {
          socket = s;
          sentNs = Bun.nanoseconds();
          s.write(request);
        },
        data(_s, bytes) {
          const atNs = Bun.nanoseconds();
          seen += bytes.toString();
          const verdict = firstContentSeen(seen);
          if (verdict !== null) finish(verdict ? atNs - sentNs : null);
        },
        close: () => finish(null),
        error: () => finish(null),
        connectError: () => finish(null),
      },
    }).catch(() => finish(null));
  });
  return { ttft, abort: () => finish(null) };
}

/** Probes one after another until `stop` resolves. */
export async function runProbe(spec: ProbeSpec, stop: Promise<void>): Promise<{ ttftNs: number[]; failures: number }> {
  const request = requestBytes(spec);
  const ttftNs: number[] = [];
  let failures = 0;
  let stopped = false;
  let current: (() => void) | null = null;
  void stop.then(() => {
    stopped = true;
    current?.();
  });
  while (!stopped) {
    const probe = probeOnce(spec, request);
    current = probe.abort;
    const ttft = await probe.ttft;
    if (stopped) break;
    if (ttft === null) failures++;
    else ttftNs.push(ttft);
    await Promise.race([Bun.sleep(spec.pauseMs), stop]);
  }
  return { ttftNs, failures };
}

/** The `__probe` process: the spec from stdin's first line, probes until stdin ends, the result on stdout. */
export async function runProbeProcess(): Promise<void> {
  const reader = Bun.stdin.stream().getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
  }
  const spec = JSON.parse(text.slice(0, text.indexOf("\n"))) as ProbeSpec;
  const stop = (async () => {
    while (!(await reader.read()).done) {
      // Anything after the spec is ignored: only the end of stdin means stop.
    }
  })();
  const result = await runProbe(spec, stop);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
