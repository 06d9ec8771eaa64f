/**
 * @module client/send-request — one plan entry: an attempt, a reconnect when a kept-alive connection had gone stale, and retries.
 *
 * Every attempt is its own RequestRecord (`attempt` 0, 1, …). The last one is returned — the
 * caller (PhaseRunner) records it as the entry's outcome — and each earlier one goes to
 * `settings.onSuperseded` just before the next is sent.
 *
 * Stale connections: a server may close a kept-alive connection at any moment (after each
 * response without saying `Connection: close`, or when its idle timeout fires) while the client
 * is already sending the next request on it; that request then fails before any response byte,
 * through no fault of the server's. Go's net/http and curl send such a request again on a new
 * connection when it failed on a reused one before anything of the response arrived. Bun's
 * fetch does not say whether a connection was reused, so every reset before the response
 * headers on a kept-alive connection is sent again once, at once, on a new one (`keepalive:
 * false`): its row becomes `stale_connection` and is counted as a reconnect, never as a failure.
 * A server that resets the new connection too is recorded as `reset` — a real failure.
 *
 * `--retries N` adds up to N more attempts after failures worth retrying (client/retry-policy).
 * A retry is due when its backoff has elapsed: its scheduledNs is that instant, so the backoff
 * — a choice, not lateness — stays out of the schedule lag and the load-generator verdict.
 * Stopping the run during a backoff ends the entry with the failed attempt. A reconnect keeps
 * the entry's scheduled instant and takes nothing from the retry budget.
 * Failures never throw (see client/send-attempt).
 */
import type { RequestRecord } from "../record/request-record.ts";
import type { OutgoingRequest, RegisterInFlight, RequestSettings, RetrySettings } from "./request-settings.ts";
import { sendAttempt, type AttemptOutcome } from "./send-attempt.ts";
import { isRetryable, retryDelayMs } from "./retry-policy.ts";

export type { InFlightHandle, OutgoingRequest, RegisterInFlight, RequestSettings, RetrySettings } from "./request-settings.ts";

/** A reset before the response headers on what may have been a kept-alive connection. */
function isStaleConnection(outcome: AttemptOutcome, fresh: boolean): boolean {
  return !fresh && outcome.record.errorKind === "reset" && outcome.record.responseHeadersNs === null;
}

/** Waits `delayMs`; resolves false at once if the run aborts in-flight work meanwhile. */
function backoff(delayMs: number, register: RegisterInFlight): Promise<boolean> {
  return new Promise((resolve) => {
    let unregister = () => {};
    const timer = setTimeout(() => {
      unregister();
      resolve(true);
    }, delayMs);
    unregister = register({
      abort: () => {
        clearTimeout(timer);
        unregister();
        resolve(false);
      },
    });
  });
}

export function sendRequest(req: OutgoingRequest, settings: RequestSettings, register: RegisterInFlight): Promise<RequestRecord> {
  // Without retries, no second async frame per request: its await would cost every request.
  if (!settings.retry) {
    return sendAttempt(req, 0, settings, register).then((outcome) => (isStaleConnection(outcome, false) ? reconnect(req, outcome, settings, register).then(recordOf) : outcome.record));
  }
  return sendWithRetries(req, settings, settings.retry, register);
}

function recordOf(outcome: AttemptOutcome): RequestRecord {
  return outcome.record;
}

/** Marks `stale` as superseded and sends its request again at once on a new connection. */
function reconnect(req: OutgoingRequest, stale: AttemptOutcome, settings: RequestSettings, register: RegisterInFlight): Promise<AttemptOutcome> {
  const failed = stale.record;
  failed.errorKind = "stale_connection";
  failed.errorMessage = `${failed.errorMessage ?? "connection closed"}; sent again at once on a new connection`;
  settings.onSuperseded?.(failed);
  return sendAttempt(req, failed.attempt + 1, settings, register, true);
}

async function sendWithRetries(req: OutgoingRequest, settings: RequestSettings, retry: RetrySettings, register: RegisterInFlight): Promise<RequestRecord> {
  let outcome = await sendAttempt(req, 0, settings, register);
  if (isStaleConnection(outcome, false)) outcome = await reconnect(req, outcome, settings, register);
  for (let retries = 1; retries <= retry.maxRetries; retries++) {
    const failed = outcome.record;
    const facts = { errorKind: failed.errorKind, headersArrived: failed.responseHeadersNs !== null, tokenSeen: outcome.tokenSeen };
    if (!isRetryable(facts)) break;
    const delayMs = retryDelayMs(retries - 1, outcome.retryAfterMs);
    if (!(await backoff(delayMs, register))) break;
    settings.onSuperseded?.(failed);
    const again = { ...req, scheduledNs: settings.now() };
    outcome = await sendAttempt(again, failed.attempt + 1, settings, register);
    if (isStaleConnection(outcome, false)) outcome = await reconnect(again, outcome, settings, register);
  }
  return outcome.record;
}

/**
 * Runs the send path once, at a blank URL that fetch() rejects before any connection, so the
 * runtime compiles it before a phase's first timed send: compiling `sendRequest` and
 * `sendAttempt` on their first call would make a phase's first sends late.
 */
export async function warmSendPath(settings: RequestSettings): Promise<void> {
  const { retry: _retry, onProgress: _progress, onSuperseded: _superseded, ...quiet } = settings;
  const request: OutgoingRequest = { phase: "", workerId: 0, planIndex: 0, sampleIndex: 0, endpointIndex: 0, url: "", body: "", scheduledNs: 0 };
  await sendRequest(request, quiet, () => () => {});
}
