/**
 * @module ipc/record-batch — many RequestRecords as columns, for worker → main frames.
 *
 * A row per record (an array of 21 fields, a typed array per streamed record) has msgpackr's
 * decoder extract typed arrays and strings record by record, which dominates main's CPU in a
 * streaming run. Columns travel as a few typed arrays whatever the batch size:
 * every numeric field in one Float64Array (field after field; null as NaN, which no nullable
 * field holds otherwise), low-cardinality strings as one-byte codes into a per-batch
 * dictionary (past 254 distinct values in a batch, sparse pairs), chunk gaps and chunk tokens
 * concatenated with their lengths (-1 = null), and the rare free texts (error message, response
 * text) as sparse lists. Phase and worker id travel once per frame. `RecordBatchBuilder`
 * collects in the worker; `readRecordBatch` gives main back the records, their chunk arrays as
 * views into the frame's columns.
 */
import type { ErrorKind, RequestRecord, TokenSource } from "../record/request-record.ts";

/**
 * Numeric columns, in this order: planIndex, sampleIndex, endpointIndex, scheduledNs, sentNs
 * (NaN when never sent, see RequestRecord), responseHeadersNs, firstTokenNs, doneNs, httpStatus,
 * inputTokens, outputTokens, reasoningTokens, chunkCount, attempt, hiddenTokens, streamNotes.
 */
const NUMBER_COLUMNS = 16;
/** Coded columns, in this order: errorKind, tokenSource, finishReason. */
const CODED_COLUMNS = 3;
const NO_CODE = 255;
/** The value is in `overflow`: a batch with more distinct strings than codes (a server's odd finish reasons). */
const OVERFLOW_CODE = 254;

export interface RecordBatch {
  count: number;
  /** NUMBER_COLUMNS × count, one column after another; null = NaN. */
  numbers: Float64Array;
  /** CODED_COLUMNS × count indexes into `dictionary`; NO_CODE = null, OVERFLOW_CODE = see `overflow`. */
  codes: Uint8Array;
  dictionary: string[];
  /** [position in `codes`, value] pairs for values beyond the dictionary's 254 entries. */
  overflow: [number, string][];
  /** Per record: length of its chunk gaps (-1 = null), and all gaps one after another. */
  gapLengths: Int32Array;
  gaps: Float64Array;
  tokenLengths: Int32Array;
  tokens: Uint16Array;
  charLengths: Int32Array;
  chars: Uint32Array;
  /** [record index, error message] pairs and [record index, response text] pairs. */
  errorMessages: [number, string][];
  responseTexts: [number, string][];
}

export class RecordBatchBuilder {
  private records: RequestRecord[] = [];

  get size(): number {
    return this.records.length;
  }

  add(record: RequestRecord): void {
    this.records.push(record);
  }

  /** The batch of everything added since the last call (then empty). */
  take(): RecordBatch {
    const records = this.records;
    this.records = [];
    return packRecords(records);
  }
}

function packRecords(records: readonly RequestRecord[]): RecordBatch {
  const count = records.length;
  const numbers = new Float64Array(NUMBER_COLUMNS * count);
  const codes = new Uint8Array(CODED_COLUMNS * count);
  const dictionary: string[] = [];
  const codeOf = new Map<string, number>();
  const overflow: [number, string][] = [];
  const code = (value: string | null, position: number): number => {
    if (value === null) return NO_CODE;
    let known = codeOf.get(value);
    if (known === undefined) {
      if (dictionary.length === OVERFLOW_CODE) {
        overflow.push([position, value]);
        return OVERFLOW_CODE;
      }
      known = dictionary.push(value) - 1;
      codeOf.set(value, known);
    }
    return known;
  };
  const gapLengths = new Int32Array(count);
  const tokenLengths = new Int32Array(count);
  const charLengths = new Int32Array(count);
  let gapTotal = 0;
  let tokenTotal = 0;
  let charTotal = 0;
  const errorMessages: [number, string][] = [];
  const responseTexts: [number, string][] = [];
  for (let i = 0; i < count; i++) {
    const r = records[i] as RequestRecord;
    // Field by field in column order: a keyed loop over field names costs more per record.
    numbers[i] = r.planIndex;
    numbers[count + i] = r.sampleIndex;
    numbers[2 * count + i] = r.endpointIndex;
    numbers[3 * count + i] = r.scheduledNs;
    numbers[4 * count + i] = r.sentNs;
    numbers[5 * count + i] = r.responseHeadersNs ?? Number.NaN;
    numbers[6 * count + i] = r.firstTokenNs ?? Number.NaN;
    numbers[7 * count + i] = r.doneNs;
    numbers[8 * count + i] = r.httpStatus;
    numbers[9 * count + i] = r.inputTokens ?? Number.NaN;
    numbers[10 * count + i] = r.outputTokens ?? Number.NaN;
    numbers[11 * count + i] = r.reasoningTokens ?? Number.NaN;
    numbers[12 * count + i] = r.chunkCount;
    numbers[13 * count + i] = r.attempt;
    numbers[14 * count + i] = r.hiddenTokens ?? Number.NaN;
    numbers[15 * count + i] = r.streamNotes;
    codes[i] = code(r.errorKind, i);
    codes[count + i] = code(r.tokenSource, count + i);
    codes[2 * count + i] = code(r.finishReason, 2 * count + i);
    gapLengths[i] = r.chunkGapsNs ? r.chunkGapsNs.length : -1;
    gapTotal += r.chunkGapsNs?.length ?? 0;
    tokenLengths[i] = r.chunkTokens ? r.chunkTokens.length : -1;
    tokenTotal += r.chunkTokens?.length ?? 0;
    charLengths[i] = r.chunkChars ? r.chunkChars.length : -1;
    charTotal += r.chunkChars?.length ?? 0;
    if (r.errorMessage !== null) errorMessages.push([i, r.errorMessage]);
    if (r.responseText !== null) responseTexts.push([i, r.responseText]);
  }
  const gaps = new Float64Array(gapTotal);
  const tokens = new Uint16Array(tokenTotal);
  const chars = new Uint32Array(charTotal);
  let g = 0;
  let t = 0;
  let c = 0;
  for (const r of records) {
    if (r.chunkChars) {
      chars.set(r.chunkChars, c);
      c += r.chunkChars.length;
    }
    if (r.chunkGapsNs) {
      gaps.set(r.chunkGapsNs, g);
      g += r.chunkGapsNs.length;
    }
    if (r.chunkTokens) {
      tokens.set(r.chunkTokens, t);
      t += r.chunkTokens.length;
    }
  }
  return { count, numbers, codes, dictionary, overflow, gapLengths, gaps, tokenLengths, tokens, charLengths, chars, errorMessages, responseTexts };
}

/** The records of `batch`, of `phase` from worker `workerId`. */
export function readRecordBatch(batch: RecordBatch, phase: string, workerId: number): RequestRecord[] {
  const { count, numbers, codes, dictionary } = batch;
  const number = (field: number, i: number): number | null => {
    const value = numbers[field * count + i] as number;
    return Number.isNaN(value) ? null : value;
  };
  const overflow = batch.overflow.length > 0 ? new Map(batch.overflow) : null;
  const coded = (field: number, i: number): string | null => {
    const code = codes[field * count + i] as number;
    if (code === NO_CODE) return null;
    return code === OVERFLOW_CODE ? (overflow?.get(field * count + i) as string) : (dictionary[code] as string);
  };
  const errorMessages = new Map(batch.errorMessages);
  const responseTexts = new Map(batch.responseTexts);
  const records: RequestRecord[] = new Array(count);
  for (let i = 0, g = 0, t = 0, c = 0; i < count; i++) {
    const gapLength = batch.gapLengths[i] as number;
    const tokenLength = batch.tokenLengths[i] as number;
    const charLength = batch.charLengths[i] as number;
    records[i] = {
      phase, workerId,
      planIndex: numbers[i] as number,
      sampleIndex: numbers[count + i] as number,
      endpointIndex: numbers[2 * count + i] as number,
      scheduledNs: numbers[3 * count + i] as number,
      sentNs: numbers[4 * count + i] as number,
      responseHeadersNs: number(5, i),
      firstTokenNs: number(6, i),
      doneNs: numbers[7 * count + i] as number,
      httpStatus: numbers[8 * count + i] as number,
      inputTokens: number(9, i),
      outputTokens: number(10, i),
      reasoningTokens: number(11, i),
      chunkCount: numbers[12 * count + i] as number,
      attempt: numbers[13 * count + i] as number,
      hiddenTokens: number(14, i),
      streamNotes: numbers[15 * count + i] as number,
      errorKind: coded(0, i) as ErrorKind | null,
      tokenSource: coded(1, i) as TokenSource,
      finishReason: coded(2, i),
      errorMessage: errorMessages.get(i) ?? null,
      responseText: responseTexts.get(i) ?? null,
      chunkGapsNs: gapLength < 0 ? null : batch.gaps.subarray(g, g + gapLength),
      chunkTokens: tokenLength < 0 ? null : batch.tokens.subarray(t, t + tokenLength),
      chunkChars: charLength < 0 ? null : batch.chars.subarray(c, c + charLength),
    };
    if (gapLength > 0) g += gapLength;
    if (tokenLength > 0) t += tokenLength;
    if (charLength > 0) c += charLength;
  }
  return records;
}
