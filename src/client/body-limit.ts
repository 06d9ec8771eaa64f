/**
 * @module client/body-limit — reads a response body without taking more than `--max-response-mb`.
 *
 * A declared `content-length` over the limit fails before a byte is read; otherwise bytes are
 * counted as they arrive and the read stops at the first chunk past the limit. The caller aborts
 * the request (closing the connection) and records `too_large`.
 */

export const BYTES_PER_MB = 1024 * 1024;

export class ResponseTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly limitBytes: number,
    declared: boolean,
  ) {
    const mb = (n: number) => (n / BYTES_PER_MB).toFixed(n < BYTES_PER_MB ? 3 : 1);
    super(
      `response body ${declared ? "declared as" : "reached"} ${mb(bytes)} MB, over the --max-response-mb limit of ${mb(limitBytes)} MB`,
    );
  }
}

/**
 * Throws when the response declares a body over `limitBytes` (0 = no limit); returns whether it
 * declared a length at all (then readTextLimited need not count).
 */
export function checkDeclaredLength(headers: Headers, limitBytes: number): boolean {
  const header = headers.get("content-length");
  if (header === null) return false;
  const declared = Number(header);
  if (limitBytes > 0 && Number.isFinite(declared) && declared > limitBytes)
    throw new ResponseTooLargeError(declared, limitBytes, true);
  return true;
}

/** Counts body bytes and throws once they pass the limit. */
export class ByteBudget {
  #received = 0;

  constructor(private readonly limitBytes: number) {}

  take(bytes: number): void {
    this.#received += bytes;
    if (this.limitBytes > 0 && this.#received > this.limitBytes)
      throw new ResponseTooLargeError(this.#received, this.limitBytes, false);
  }
}

/**
 * The body as text, or ResponseTooLargeError. A declared length was checked (`declared`), so only
 * an undeclared one is counted. Not async itself: the common case hands back `text()`'s promise
 * without another promise and await around it. `onPiece`: told of every piece of an undeclared
 * body as it arrives (the stall watch), which then is read in pieces even without a limit.
 */
export function readTextLimited(
  response: Response,
  limitBytes: number,
  declared: boolean,
  onPiece?: () => void,
): Promise<string> {
  if (declared || !response.body || (limitBytes === 0 && !onPiece)) return response.text();
  return readCounted(response.body, limitBytes, onPiece);
}

/** The body read in pieces: counted against `limitBytes` (0: no limit), `onPiece` told of each. */
async function readCounted(
  body: ReadableStream<Uint8Array>,
  limitBytes: number,
  onPiece?: () => void,
): Promise<string> {
  const budget = limitBytes > 0 ? new ByteBudget(limitBytes) : null;
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    onPiece?.();
    budget?.take(value.byteLength);
    text += decoder.decode(value, { stream: true });
  }
}
