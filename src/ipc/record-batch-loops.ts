/**
 * @module ipc/record-batch-loops — ipc/record-batch's packing and reading loops, a statement per field.
 *
 * Generated from record/request-fields by scripts/make-record-code.ts (scripts/record-code/record-batch-source), not
 * edited: run it after a change to record/request-fields; a test fails while this file differs
 * from what it writes. Typed source rather than `new Function`, so that it type-checks and a
 * debugger steps through it.
 */
import type { RequestRecord } from "../record/request-record.ts";
import type { RecordBatch } from "./record-batch.ts";

type Column = RecordBatch["arrays"][number];

/** The records as one batch of columns (ipc/record-batch). */
export function packRecords(records: readonly RequestRecord[]): RecordBatch {
  const count = records.length;
  const numbers = new Float64Array(18 * count);
  const codes = new Uint8Array(3 * count);
  const dictionary: string[] = [];
  const codeOf = new Map<string, number>();
  const overflow: [number, string][] = [];
  const code = (value: string | null, position: number): number => {
    if (value === null) return 255;
    let known = codeOf.get(value);
    if (known === undefined) {
      if (dictionary.length === 254) {
        overflow.push([position, value]);
        return 254;
      }
      known = dictionary.push(value) - 1;
      codeOf.set(value, known);
    }
    return known;
  };
  const lengths0 = new Int32Array(count);
  let total0 = 0;
  const lengths1 = new Int32Array(count);
  let total1 = 0;
  const lengths2 = new Int32Array(count);
  let total2 = 0;
  const texts0: [number, string][] = [];
  const texts1: [number, string][] = [];
  const texts2: [number, string][] = [];
  const texts3: [number, string][] = [];
  const sparse0: number[] = [];
  const sparse1: number[] = [];
  const sparse2: number[] = [];
  const sparse3: number[] = [];
  const sparse4: number[] = [];
  const sparse5: number[] = [];
  const sparse6: number[] = [];
  const sparse7: number[] = [];
  const sparse8: number[] = [];
  const sparse9: number[] = [];
  const sparse10: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = records[i] as RequestRecord;
    numbers[0 * count + i] = r.planIndex;
    numbers[1 * count + i] = r.sampleIndex;
    numbers[2 * count + i] = r.endpointIndex;
    numbers[3 * count + i] = r.scheduledNs;
    numbers[4 * count + i] = r.sentNs;
    numbers[5 * count + i] = r.responseHeadersNs ?? NaN;
    numbers[6 * count + i] = r.firstTokenNs ?? NaN;
    numbers[7 * count + i] = r.doneNs;
    numbers[8 * count + i] = r.httpStatus;
    numbers[9 * count + i] = r.inputTokens ?? NaN;
    numbers[10 * count + i] = r.outputTokens ?? NaN;
    numbers[11 * count + i] = r.reasoningTokens ?? NaN;
    numbers[12 * count + i] = r.chunkCount;
    numbers[13 * count + i] = r.attempt;
    numbers[14 * count + i] = r.hiddenTokens ?? NaN;
    numbers[15 * count + i] = r.streamNotes;
    numbers[16 * count + i] = r.firstChunkChars ?? NaN;
    numbers[17 * count + i] = r.firstAnswerNs ?? NaN;
    codes[0 * count + i] = code(r.errorKind ?? null, 0 * count + i);
    codes[1 * count + i] = code(r.tokenSource ?? null, 1 * count + i);
    codes[2 * count + i] = code(r.finishReason ?? null, 2 * count + i);
    {
      const a = r.chunkGapsNs;
      if (a) {
        lengths0[i] = a.length;
        total0 += a.length;
      } else lengths0[i] = -1;
    }
    {
      const a = r.chunkTokens;
      if (a) {
        lengths1[i] = a.length;
        total1 += a.length;
      } else lengths1[i] = -1;
    }
    {
      const a = r.chunkChars;
      if (a) {
        lengths2[i] = a.length;
        total2 += a.length;
      } else lengths2[i] = -1;
    }
    {
      const t = r.errorMessage;
      if (t !== null && t !== undefined) texts0.push([i, t]);
    }
    {
      const t = r.responseText;
      if (t !== null && t !== undefined) texts1.push([i, t]);
    }
    {
      const t = r.responseId ?? null;
      if (t !== null && t !== undefined) texts2.push([i, t]);
    }
    {
      const t = r.serverRequestId ?? null;
      if (t !== null && t !== undefined) texts3.push([i, t]);
    }
    if (r.cachedTokens != null) sparse0.push(i, r.cachedTokens);
    if (r.serverPrefillNs != null) sparse1.push(i, r.serverPrefillNs);
    if (r.serverDecodeNs != null) sparse2.push(i, r.serverDecodeNs);
    if (r.serverOutputTokens != null) sparse3.push(i, r.serverOutputTokens);
    if (r.serverQueueNs != null) sparse4.push(i, r.serverQueueNs);
    if (r.serverInferenceNs != null) sparse5.push(i, r.serverInferenceNs);
    if (r.serverTotalNs != null) sparse6.push(i, r.serverTotalNs);
    if (r.serverTtftNs != null) sparse7.push(i, r.serverTtftNs);
    if (r.serverKvTransferNs != null) sparse8.push(i, r.serverKvTransferNs);
    if (r.reasoningChunks != null) sparse9.push(i, r.reasoningChunks);
    if (r.reasoningTextChars != null) sparse10.push(i, r.reasoningTextChars);
  }
  const values0 = new Float64Array(total0);
  for (let i = 0, o = 0; i < count; i++) {
    const a = (records[i] as RequestRecord).chunkGapsNs;
    if (a) {
      values0.set(a, o);
      o += a.length;
    }
  }
  const values1 = new Uint16Array(total1);
  for (let i = 0, o = 0; i < count; i++) {
    const a = (records[i] as RequestRecord).chunkTokens;
    if (a) {
      values1.set(a, o);
      o += a.length;
    }
  }
  const values2 = new Uint32Array(total2);
  for (let i = 0, o = 0; i < count; i++) {
    const a = (records[i] as RequestRecord).chunkChars;
    if (a) {
      values2.set(a, o);
      o += a.length;
    }
  }
  return {
    count,
    numbers,
    codes,
    dictionary,
    overflow,
    arrays: [
      { lengths: lengths0, values: values0 },
      { lengths: lengths1, values: values1 },
      { lengths: lengths2, values: values2 },
    ],
    texts: [texts0, texts1, texts2, texts3],
    sparse: [sparse0, sparse1, sparse2, sparse3, sparse4, sparse5, sparse6, sparse7, sparse8, sparse9, sparse10].map(
      (pairs) => Float64Array.from(pairs),
    ),
  };
}

/** The records of a batch from worker `workerId`, all of `phase`; their typed arrays are views into the batch's. */
export function readRecords(batch: RecordBatch, phase: string, workerId: number): RequestRecord[] {
  const { count, numbers, codes, dictionary } = batch;
  const orNull = (value: number): number | null => (value !== value ? null : value);
  const overflow = batch.overflow.length > 0 ? new Map(batch.overflow) : null;
  const coded = (position: number): string | null => {
    const code = codes[position] as number;
    if (code === 255) return null;
    return code === 254 ? ((overflow as Map<number, string>).get(position) as string) : (dictionary[code] as string);
  };
  const texts0 = new Map(batch.texts[0]);
  const texts1 = new Map(batch.texts[1]);
  const texts2 = new Map(batch.texts[2]);
  const texts3 = new Map(batch.texts[3]);
  const lengths0 = (batch.arrays[0] as Column).lengths;
  const v0 = (batch.arrays[0] as Column).values as Float64Array;
  let o0 = 0;
  const lengths1 = (batch.arrays[1] as Column).lengths;
  const v1 = (batch.arrays[1] as Column).values as Uint16Array;
  let o1 = 0;
  const lengths2 = (batch.arrays[2] as Column).lengths;
  const v2 = (batch.arrays[2] as Column).values as Uint32Array;
  let o2 = 0;
  const records: RequestRecord[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const l0 = lengths0[i] as number;
    const l1 = lengths1[i] as number;
    const l2 = lengths2[i] as number;
    records[i] = {
      phase,
      workerId,
      planIndex: numbers[0 * count + i] as number,
      sampleIndex: numbers[1 * count + i] as number,
      endpointIndex: numbers[2 * count + i] as number,
      scheduledNs: numbers[3 * count + i] as number,
      sentNs: numbers[4 * count + i] as number,
      responseHeadersNs: orNull(numbers[5 * count + i] as number),
      firstTokenNs: orNull(numbers[6 * count + i] as number),
      doneNs: numbers[7 * count + i] as number,
      httpStatus: numbers[8 * count + i] as number,
      inputTokens: orNull(numbers[9 * count + i] as number),
      outputTokens: orNull(numbers[10 * count + i] as number),
      reasoningTokens: orNull(numbers[11 * count + i] as number),
      chunkCount: numbers[12 * count + i] as number,
      attempt: numbers[13 * count + i] as number,
      hiddenTokens: orNull(numbers[14 * count + i] as number),
      streamNotes: numbers[15 * count + i] as number,
      firstChunkChars: orNull(numbers[16 * count + i] as number),
      firstAnswerNs: orNull(numbers[17 * count + i] as number),
      errorKind: coded(0 * count + i) as RequestRecord["errorKind"],
      tokenSource: coded(1 * count + i) as RequestRecord["tokenSource"],
      finishReason: coded(2 * count + i) as RequestRecord["finishReason"],
      chunkGapsNs: l0 < 0 ? null : v0.subarray(o0, o0 + l0),
      chunkTokens: l1 < 0 ? null : v1.subarray(o1, o1 + l1),
      chunkChars: l2 < 0 ? null : v2.subarray(o2, o2 + l2),
      errorMessage: texts0.get(i) ?? null,
      responseText: texts1.get(i) ?? null,
      responseId: texts2.get(i) ?? null,
      serverRequestId: texts3.get(i) ?? null,
      cachedTokens: null,
      serverPrefillNs: null,
      serverDecodeNs: null,
      serverOutputTokens: null,
      serverQueueNs: null,
      serverInferenceNs: null,
      serverTotalNs: null,
      serverTtftNs: null,
      serverKvTransferNs: null,
      reasoningChunks: null,
      reasoningTextChars: null,
    };
    if (l0 > 0) o0 += l0;
    if (l1 > 0) o1 += l1;
    if (l2 > 0) o2 += l2;
  }
  for (let k = 0, pairs = batch.sparse[0] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).cachedTokens = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[1] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverPrefillNs = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[2] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverDecodeNs = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[3] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverOutputTokens = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[4] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverQueueNs = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[5] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverInferenceNs = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[6] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverTotalNs = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[7] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverTtftNs = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[8] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).serverKvTransferNs = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[9] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).reasoningChunks = pairs[k + 1] as number;
  for (let k = 0, pairs = batch.sparse[10] as Float64Array; k + 1 < pairs.length; k += 2)
    (records[pairs[k] as number] as RequestRecord).reasoningTextChars = pairs[k + 1] as number;
  return records;
}
