/**
 * @module test/report/html/headless-chromium — opens a page in headless Chromium over the DevTools protocol.
 *
 * Only what the report tests need: start Chromium with a fresh profile and every background
 * service off, wait for its "DevTools listening on ws://…" line (the readiness signal), load one
 * URL, collect console errors, uncaught exceptions, error log entries and every network request
 * the page made, evaluate one expression, optionally take a full-page screenshot, and shut down.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectOutput, waitFor } from "../../e2e/run-cli.ts";

const CHROMIUM_PATH = Bun.which("chromium") ?? "/usr/bin/chromium";
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);

interface PageVisit {
  /** The evaluated expression's value (returnByValue). */
  value: unknown;
  /** Console errors, uncaught exceptions and error-level log entries, as text. */
  problems: string[];
  /** URL of every request the page made, the document itself included. */
  requests: string[];
}

interface CdpMessage {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

type Pending = { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void };

function connect(url: string) {
  const ws = new WebSocket(url);
  const pending = new Map<number, Pending>();
  const listeners: ((m: CdpMessage) => void)[] = [];
  let nextId = 1;
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as CdpMessage;
    if (message.id !== undefined) {
      const p = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) p?.reject(new Error(message.error.message));
      else p?.resolve(message.result ?? {});
    } else for (const listen of listeners) listen(message);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error(`cannot connect to ${url}`)), { once: true });
  });
  return {
    opened,
    send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    on(listen: (m: CdpMessage) => void): void {
      listeners.push(listen);
    },
    close: () => ws.close(),
  };
}

function describeProblem(m: CdpMessage): string | null {
  const p = m.params ?? {};
  if (m.method === "Runtime.consoleAPICalled" && (p.type === "error" || p.type === "assert"))
    return `console.${p.type}: ${JSON.stringify(p.args)}`;
  if (m.method === "Runtime.exceptionThrown") return `Uncaught: ${JSON.stringify(p.exceptionDetails)}`;
  const entry = p.entry as { level?: string; text?: string; url?: string } | undefined;
  if (m.method === "Log.entryAdded" && entry?.level === "error")
    return `log error: ${entry.text ?? ""} ${entry.url ?? ""}`;
  return null;
}

/** Loads `url`, evaluates `expression` once the load event fired, and closes the browser. */
export async function visitPage(
  url: string,
  expression: string,
  options: { screenshotPath?: string } = {},
): Promise<PageVisit> {
  const profile = mkdtempSync(join(tmpdir(), "ie-chromium-"));
  const proc = Bun.spawn(
    [
      CHROMIUM_PATH,
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-extensions",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "--remote-allow-origins=*",
      "--window-size=1400,4000",
      "about:blank",
    ],
    { stdin: "ignore", stdout: "ignore", stderr: "pipe" },
  );
  const stderr = collectOutput(proc.stderr);
  const listening = /DevTools listening on (ws:\/\/\S+)/;
  try {
    await waitFor(() => listening.test(stderr.text) || proc.exitCode !== null, 30_000);
    const wsUrl = listening.exec(stderr.text)?.[1];
    if (!wsUrl) throw new Error(`chromium did not start:\n${stderr.text}`);
    const cdp = connect(wsUrl);
    await cdp.opened;
    const problems: string[] = [];
    const requests: string[] = [];
    let loaded = false;
    cdp.on((m) => {
      const problem = describeProblem(m);
      if (problem) problems.push(problem);
      if (m.method === "Network.requestWillBeSent")
        requests.push(String((m.params?.request as { url?: string } | undefined)?.url));
      if (m.method === "Page.loadEventFired") loaded = true;
    });
    const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = (await cdp.send("Target.attachToTarget", { targetId, flatten: true })) as {
      sessionId: string;
    };
    for (const domain of ["Runtime", "Log", "Page", "Network"]) await cdp.send(`${domain}.enable`, {}, sessionId);
    await cdp.send("Page.navigate", { url }, sessionId);
    await waitFor(() => loaded, 30_000);
    const evaluated = await cdp.send("Runtime.evaluate", { expression, returnByValue: true }, sessionId);
    const value = (evaluated.result as { value?: unknown } | undefined)?.value;
    if (options.screenshotPath) {
      const shot = await cdp.send("Page.captureScreenshot", { format: "png", captureBeyondViewport: true }, sessionId);
      writeFileSync(options.screenshotPath, Buffer.from(String(shot.data), "base64"));
    }
    await cdp.send("Browser.close").catch(() => {
      // The browser may close the socket before it answers; the process is reaped below either way.
    });
    cdp.close();
    return { value, problems, requests };
  } finally {
    if (proc.exitCode === null) proc.kill();
    await proc.exited;
    rmSync(profile, { recursive: true, force: true });
  }
}
