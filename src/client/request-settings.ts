/** @module client/request-settings — what a worker tells the HTTP client about every request it sends. */
import type { RequestRecord } from "../record/request-record.ts";
import type { KeepText } from "./structured-output.ts";
import type { PoolingApiType } from "../dataset/pooling-api.ts";

export interface RetrySettings {
  /** Retries per plan entry after the first try (`--retries`). */
  maxRetries: number;
}

export interface RequestSettings {
  headers: Record<string, string>;
  streaming: boolean;
  requestTimeoutMs: number;
  /** Once the response headers arrived, the longest silence between body reads; 0 = none. */
  stallTimeoutMs: number;
  /** Keep the response text (accuracy scoring); "structured": its parts as JSON (client/structured-output). */
  keepResponseText: KeepText;
  insecure: boolean;
  /** `--think-tags`: content between `<think>` and `</think>` is reasoning (client/think-tags); absent = off. */
  thinkTags?: boolean;
  /** Keep the response's id and x-request-id (--record-ids); absent = off. */
  recordIds?: boolean;
  /** Embeddings or rerank: a whole body is read and checked as theirs (client/pooling-response); absent or null = a completion. */
  poolingApi?: PoolingApiType | null;
  now: () => number;
  /** Largest response body taken, streaming or not (bytes); a larger one aborts the request as too_large. 0 = no limit. */
  maxResponseBytes: number;
  /**
   * Called whenever a response makes progress (headers, each body read), right after its
   * timestamp and before its bytes are processed: the worker launches sends that fell due.
   */
  onProgress?: () => void;
  /** Absent: no retries. */
  retry?: RetrySettings;
  /**
   * Receives each attempt that another one follows — a retry, or a reconnect after a stale
   * connection — just before that one is sent (the last attempt is sendRequest's return value).
   * Absent: such attempts are dropped.
   */
  onSuperseded?: (record: RequestRecord) => void;
}

export interface OutgoingRequest {
  phase: string;
  workerId: number;
  planIndex: number;
  sampleIndex: number;
  endpointIndex: number;
  url: string;
  body: string;
  scheduledNs: number;
  /** This request's headers instead of the run's (a conversation's routing headers); absent = settings.headers. */
  headers?: Record<string, string> | undefined;
}

/** Lets the run abort every in-flight request at once. */
export interface InFlightHandle {
  abort(reason: string): void;
}

/** Registers a handle with the run; returns its unregister function. */
export type RegisterInFlight = (handle: InFlightHandle) => () => void;
