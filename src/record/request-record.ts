/**
 * @module record/request-record — the per-request record: what a worker measured about one request.
 *
 * Its fields are declared once, in record/request-fields (name, type, unit, events.db column,
 * how each travels); this type is what that declaration gives a producer. It is the common
 * currency of workers (producers), the events DB (storage) and metrics (consumers).
 */
import type { MeasuredFields } from "./request-field-lists.ts";

export type { TokenSource } from "./request-fields.ts";

/** Kinds of per-request failure (record/error-kinds lists them with their meaning). Success has `errorKind === null`. */
export type { ErrorKind } from "./error-kinds.ts";

export type RequestRecord = MeasuredFields & {
  /**
   * When the client let go of the response (not stored): after doneNs when the body stayed open
   * past the end of the response. A closed-loop slot frees here. Absent = doneNs.
   */
  releasedNs?: number;
};
