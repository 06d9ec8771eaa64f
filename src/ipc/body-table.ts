/**
 * @module ipc/body-table — request bodies as one UTF-8 block for the trip to a worker.
 *
 * A worker needs every request body before its first send. Sent as an array of strings, each
 * body is a separate msgpack string that msgpackr encodes and decodes one by one in JS, in main
 * and in the worker, on every cold start's way to the first request. Joined into one string, the bodies cross as a single binary blob (one native
 * encode, one memcpy, one native decode) plus where each one ends. In the worker each body is a
 * `slice` of the decoded text, which JavaScriptCore keeps as a view of it, not a copy.
 */

export interface BodyTable {
  /** All bodies back to back, UTF-8. */
  utf8: Uint8Array;
  /** End of body i in the decoded text, in UTF-16 code units (JavaScript string indices). */
  ends: Uint32Array;
}

/** Most UTF-16 code units a table can index. */
const MAX_TEXT_UNITS = 0xffff_ffff;

export function packBodies(bodies: readonly string[]): BodyTable {
  const ends = new Uint32Array(bodies.length);
  let end = 0;
  for (let i = 0; i < bodies.length; i++) {
    end += (bodies[i] as string).length;
    if (end > MAX_TEXT_UNITS) throw new RangeError(`request bodies exceed ${MAX_TEXT_UNITS} characters in total`);
    ends[i] = end;
  }
  return { utf8: new TextEncoder().encode(bodies.join("")), ends };
}

export function unpackBodies(table: BodyTable): string[] {
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(table.utf8);
  const { ends } = table;
  if (ends.length > 0 && ends[ends.length - 1] !== text.length) {
    throw new Error(
      `body table is inconsistent: ${text.length} characters, the last body ends at ${ends[ends.length - 1]}`,
    );
  }
  const bodies = new Array<string>(ends.length);
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i] as number;
    bodies[i] = text.slice(start, end);
    start = end;
  }
  return bodies;
}
