/**
 * @module client/send-request — one plan entry: an attempt, and with `--retries N` up to N more after failures worth retrying.
 *
 * Every attempt is its own RequestRecord (`attempt` 0, 1, …). The last one is returned — the
 * caller (PhaseRunner) records it as the entry's outcome — and each earlier one goes to
 * `settings.onSuperseded` just before the next is sent: a retry, or the reconnect an attempt
 * makes itself after a stale kept-alive connection (client/send-attempt).
 *
 * A retry is due when its backoff (client/retry-policy) has elapsed: its scheduledNs is that
 * instant, so the backoff — a choice, not lateness — stays out of the schedule lag and the
 * load-generator verdict. Stopping the run during a backoff ends the entry with the failed
 * attempt. A reconnect takes nothing from the retry budget.
 * Failures never throw (see client/send-attempt).
 */
import type { RequestRecord } from "../record/request-record.ts";
import type { OutgoingRequest, RegisterInFlight, RequestSettings, RetrySettings } from "./request-settings.ts";
import { sendAttempt, type AttemptOutcome } from "./send-attempt.ts";
import { isRetryable, retryDelayMs } from "./retry-policy.ts";

export type {
  InFlightHandle,
  OutgoingRequest,
  RegisterInFlight,
  RequestSettings,
  RetrySettings,
} from "./request-settings.ts";

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

export function sendRequest(
  req: OutgoingRequest,
  settings: RequestSettings,
  register: RegisterInFlight,
): Promise<RequestRecord> {
  // Without retries, no second async frame per request: its await would cost every request.
  if (!settings.retry) return sendAttempt(req, 0, settings, register).then(recordOf);
  return sendWithRetries(req, settings, settings.retry, register);
}

function recordOf(outcome: AttemptOutcome): RequestRecord {
  return outcome.record;
}

async function sendWithRetries(
  req: OutgoingRequest,
  settings: RequestSettings,
  retry: RetrySettings,
  register: RegisterInFlight,
): Promise<RequestRecord> {
  let outcome = await sendAttempt(req, 0, settings, register);
  for (let retries = 1; retries <= retry.maxRetries; retries++) {
    const failed = outcome.record;
    const facts = {
      errorKind: failed.errorKind,
      headersArrived: failed.responseHeadersNs !== null,
      tokenSeen: outcome.tokenSeen,
    };
    if (!isRetryable(facts)) break;
    const delayMs = retryDelayMs(retries - 1, outcome.retryAfterMs);
    if (!(await backoff(delayMs, register))) break;
    settings.onSuperseded?.(failed);
    outcome = await sendAttempt({ ...req, scheduledNs: settings.now() }, failed.attempt + 1, settings, register);
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
  const request: OutgoingRequest = {
    phase: "",
    workerId: 0,
    planIndex: 0,
    sampleIndex: 0,
    endpointIndex: 0,
    url: "",
    body: "",
    scheduledNs: 0,
    headers: undefined,
  };
  await sendRequest(request, quiet, () => () => {});
}
