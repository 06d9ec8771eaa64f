/**
 * @module client/abort-pool — AbortControllers whose signal never fired, kept for the next request.
 *
 * Every attempt hands fetch() a signal so the run can cancel it before its headers arrive. A
 * new AbortController per request (constructor and native allocation) is the largest cost of the
 * send path after fetch() itself. A signal that was never aborted is as good as new once its
 * request has ended — fetch() drops its listener when the response completes — so a finished
 * request gives its controller back and the next one takes it; an abort on a reused signal
 * still cancels its fetch.
 *
 * Only a request that ended cleanly (whole body read, no error) returns its controller: an
 * error response whose body was left unread may still hold the signal.
 */

/** Enough for every connection of a worker; beyond it a returned controller is dropped. */
const MAX_POOLED = 4096;

const pool: AbortController[] = [];

/** A controller whose signal has not fired. */
export function takeAbortController(): AbortController {
  return pool.pop() ?? new AbortController();
}

/** Gives back the controller of a request that ended cleanly; an aborted one is never reused. */
export function returnAbortController(controller: AbortController): void {
  if (!controller.signal.aborted && pool.length < MAX_POOLED) pool.push(controller);
}

/** Controllers waiting to be reused (for tests). */
export function pooledAbortControllers(): number {
  return pool.length;
}
