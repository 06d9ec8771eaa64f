/**
 * @module client/send-attempt — one HTTP attempt, timed, turned into a RequestRecord; and its reconnect after a stale connection.
 *
 * Timestamps: sentNs just before fetch(); responseHeadersNs when fetch() resolves (headers
 * parsed); a streamed body's reads as client/read-stream says; doneNs when the response ended.
 * Failures never throw: they become the record's errorKind/errorMessage (with the start of the
 * server's error body, secrets removed) — including a connection reset that surfaces from
 * `reader.read()` mid-body and an error the server reports inside a 200 response. Bodies past
 * `maxResponseBytes` abort the attempt as too_large.
 *
 * Stale connections: a server may close a kept-alive connection at any moment (after each
 * response without saying `Connection: close`, or when its idle timeout fires) while the client
 * is already sending the next request on it; that request then fails before any response byte,
 * through no fault of the server's. Go's net/http and curl send such a request again on a new
 * connection when it failed on a reused one before anything of the response arrived. Bun's
 * fetch does not say whether a connection was reused, so every reset before the response
 * headers on a kept-alive connection is sent again once, at once, on a new one (`keepalive:
 * false`): its row becomes `stale_connection` (to `settings.onSuperseded`) and counts as a
 * reconnect, never as a failure. A server that resets the new connection too is recorded as
 * `reset` — a real failure. The reconnect keeps the entry's scheduled instant.
 */
import type { RequestRecord } from "../record/request-record.ts";
import { noResponseRecord } from "../record/no-response-record.ts";
import { returnAbortController, takeAbortController } from "./abort-pool.ts";
import { checkDeclaredLength, readTextLimited, ResponseTooLargeError } from "./body-limit.ts";
import {
  ABORT_STALLED,
  ABORT_TIMEOUT,
  ABORT_TOO_LARGE,
  classifyFetchError,
  kindForServerError,
  kindForStatus,
  truncate,
} from "./classify-error.ts";
import { describeHttpError, readBodyPrefix, redactMessage, secretValues } from "./error-body.ts";
import { readStreamedBody, type StreamProgress } from "./read-stream.ts";
import { readWholeBody } from "./read-whole-body.ts";
import { readPoolingBody } from "./pooling-response.ts";
import { StreamStallWatch } from "./idle-watch.ts";
import type { OutgoingRequest, RegisterInFlight, RequestSettings } from "./request-settings.ts";
import { parseRetryAfterMs } from "./retry-policy.ts";
import { applyServerFigures } from "./server-figures.ts";
import { readTgiHeaders } from "./tgi-headers.ts";
import { StreamProtocolError, StreamServerError } from "./stream-accumulator.ts";

/** Abort reason for a body left unread after the server's error or a broken event: its connection cannot be reused. */
const ABORT_UNREAD = "unread";
/** `--insecure`: any certificate, any host name. */
const INSECURE_TLS = { rejectUnauthorized: false };

export interface AttemptOutcome {
  record: RequestRecord;
  /** The server's Retry-After in ms (error responses only); null when absent. */
  retryAfterMs: number | null;
  /** A content token arrived before the attempt ended. */
  tokenSeen: boolean;
}

export async function sendAttempt(
  req: OutgoingRequest,
  attempt: number,
  settings: RequestSettings,
  register: RegisterInFlight,
  fresh = false,
): Promise<AttemptOutcome> {
  const controller = takeAbortController();
  let abortReason: string | null = null;
  const abort = (reason: string) => {
    if (abortReason === null) abortReason = reason;
    controller.abort(reason);
  };
  const unregister = register({ abort });
  const record = noResponseRecord(req, Number.NaN, 0, null, null, attempt);
  const progress: StreamProgress = { tokenSeen: false };
  let retryAfterMs: number | null = null;
  record.sentNs = settings.now();
  // Armed after the send instant, so a request cut at --request-timeout has lasted at least that long.
  const timer =
    settings.requestTimeoutMs > 0 ? setTimeout(() => abort(ABORT_TIMEOUT), settings.requestTimeoutMs) : null;
  try {
    // Never followed: a redirect would add a round trip to every measured latency, or (301–303) turn the POST into a GET.
    const init: BunFetchRequestInit = {
      method: "POST",
      headers: req.headers ?? settings.headers,
      body: req.body,
      signal: controller.signal,
      redirect: "manual",
    };
    if (settings.insecure) init.tls = INSECURE_TLS;
    if (fresh) init.keepalive = false;
    const response = await fetch(req.url, init);
    record.responseHeadersNs = settings.now();
    settings.onProgress?.();
    record.httpStatus = response.status;
    // The server's own id for the request, to join this row with its log (vLLM, SGLang and proxies send it).
    if (settings.recordIds) record.serverRequestId = response.headers.get("x-request-id");
    // TGI's timing headers (client/tgi-headers): the rest are looked up only when its queue time is there.
    const tgiQueue = response.headers.get("x-queue-time");
    if (tgiQueue !== null) applyServerFigures(record, readTgiHeaders(response.headers, tgiQueue), null);
    if (!response.ok) {
      retryAfterMs = parseRetryAfterMs(response.headers.get("retry-after"), Date.now());
      const text = await readBodyPrefix(response);
      record.doneNs = settings.now();
      record.errorKind = kindForStatus(response.status);
      record.errorMessage = describeHttpError(response.status, text, response.headers.get("location"));
    } else {
      const declared = checkDeclaredLength(response.headers, settings.maxResponseBytes);
      if (settings.streaming && response.body) {
        await readStreamedBody(
          response.body,
          response.headers.get("content-type"),
          record,
          settings,
          () => abort(ABORT_STALLED),
          progress,
        );
      } else {
        // A whole body that stops part-way is cut as a stream would be: from the headers when its length was
        // declared (the body was ready then), else from its first byte.
        const watch = new StreamStallWatch(settings.stallTimeoutMs * 1e6, settings.now, () => abort(ABORT_STALLED));
        if (declared) watch.progress(record.responseHeadersNs);
        try {
          const text = await readTextLimited(
            response,
            settings.maxResponseBytes,
            declared,
            declared ? undefined : () => watch.progress(settings.now()),
          );
          if (settings.poolingApi) readPoolingBody(text, record, settings.poolingApi, req.body, settings.now());
          else readWholeBody(text, record, settings.keepResponseText, settings.now());
        } finally {
          watch.stop();
        }
      }
    }
  } catch (error) {
    record.doneNs = settings.now();
    describeFailure(error, record, settings, abortReason, progress.tokenSeen, abort);
  } finally {
    if (timer) clearTimeout(timer);
    unregister();
  }
  // The id was read with the response's last event; it travels and is stored only when asked for (--record-ids).
  if (!settings.recordIds) record.responseId = null;
  if (record.errorKind === null) returnAbortController(controller);
  if (record.errorMessage !== null)
    record.errorMessage = redactMessage(record.errorMessage, secretValues(settings.headers));
  if (!fresh && record.errorKind === "reset" && record.responseHeadersNs === null)
    return reconnect(req, record, settings, register);
  return { record, retryAfterMs, tokenSeen: progress.tokenSeen || record.firstTokenNs !== null };
}

/** Marks `stale` as superseded and sends its request again at once on a new connection. */
function reconnect(
  req: OutgoingRequest,
  stale: RequestRecord,
  settings: RequestSettings,
  register: RegisterInFlight,
): Promise<AttemptOutcome> {
  stale.errorKind = "stale_connection";
  stale.errorMessage = `${stale.errorMessage ?? "connection closed"}; sent again at once on a new connection`;
  settings.onSuperseded?.(stale);
  return sendAttempt(req, stale.attempt + 1, settings, register, true);
}

function describeFailure(
  error: unknown,
  record: RequestRecord,
  settings: RequestSettings,
  abortReason: string | null,
  tokenSeen: boolean,
  abort: (reason: string) => void,
): void {
  if (error instanceof ResponseTooLargeError) {
    abort(ABORT_TOO_LARGE);
    record.errorKind = "too_large";
    record.errorMessage = error.message;
  } else if (error instanceof StreamServerError) {
    abort(ABORT_UNREAD);
    record.errorKind = kindForServerError(error.serverError);
    const status = error.serverError.status === null ? "" : ` (status ${error.serverError.status})`;
    record.errorMessage = truncate(
      `in-stream error${status}${tokenSeen ? " after the first token" : ""}: ${error.message}`,
    );
  } else if (error instanceof StreamProtocolError) {
    abort(ABORT_UNREAD);
    record.errorKind = "malformed_stream";
    record.errorMessage = truncate(error.message);
  } else {
    const { kind, message } = classifyFetchError(error, abortReason);
    record.errorKind = kind;
    record.errorMessage = explainFailure(kind, message, settings, record, tokenSeen);
  }
}

/** Timeouts, stalls and resets say which limit fired or how far the response had got. */
function explainFailure(
  kind: string,
  message: string,
  settings: RequestSettings,
  record: RequestRecord,
  tokenSeen: boolean,
): string {
  const stage =
    record.responseHeadersNs === null
      ? "before the response headers"
      : tokenSeen
        ? "mid-stream, after the first token"
        : "while reading the body";
  if (kind === "timeout")
    return `no complete response within --request-timeout ${settings.requestTimeoutMs / 1000} s (${stage})`;
  if (kind === "stalled_stream") return `no bytes for --stall-timeout ${settings.stallTimeoutMs / 1000} s (${stage})`;
  if (kind === "reset") return `${message} (${stage})`;
  return message;
}
