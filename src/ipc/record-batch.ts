/**
 * @module ipc/record-batch — many RequestRecords as columns, for worker → main frames.
 *
 * A row per record (an array of fields, a typed array per streamed record) has msgpackr's
 * decoder extract typed arrays and strings record by record, which dominates main's CPU in a
 * streaming run. Columns travel as a few typed arrays whatever the batch size: every numeric
 * field in one Float64Array (field after field; null as NaN, which no nullable field holds
 * otherwise), low-cardinality strings as one-byte codes into a per-batch dictionary (past 254
 * distinct values in a batch, sparse pairs), each typed-array field concatenated with its
 * lengths (-1 = null), and the rare free texts, and the numbers most records leave null (the
 * server's own timings, reasoning counts), as sparse lists: a frame carries no column of NaN for
 * them. Phase and worker id travel once per frame. Which field goes where is
 * record/request-fields' `wire`; the packing and reading loops are generated from it ahead of
 * time (ipc/record-batch-loops, by scripts/make-record-code.ts), field by field as hand-written
 * code would be, since a keyed loop over field names costs more per record.
 */
import { fieldsOf } from "../record/request-field-lists.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { packRecords, readRecords } from "./record-batch-loops.ts";

const ARRAY_TYPES = { f64s: Float64Array, u16s: Uint16Array, u32s: Uint32Array } as const;
/** The typed array each typed-array field travels in, in batch order (for the frame check, ipc/frame-fields). */
export const BATCH_ARRAY_TYPES = fieldsOf("f64s", "u16s", "u32s").map(
  (f) => ARRAY_TYPES[f.wire as keyof typeof ARRAY_TYPES],
);
/** Text fields, each a list of its own in a batch. */
export const BATCH_TEXT_FIELDS = fieldsOf("text").length;
/** Numbers most records leave null, each a list of (record index, value) pairs in a batch. */
export const BATCH_SPARSE_FIELDS = fieldsOf("sparse").length;

export interface RecordBatch {
  count: number;
  /** (numeric fields) × count, one column after another; null = NaN. */
  numbers: Float64Array;
  /** (coded fields) × count indexes into `dictionary`; 255 = null, 254 = see `overflow`. */
  codes: Uint8Array;
  dictionary: string[];
  /** [position in `codes`, value] pairs for values beyond the dictionary's 254 entries. */
  overflow: [number, string][];
  /** Per typed-array field: each record's length (-1 = null), and all values one after another. */
  arrays: { lengths: Int32Array; values: Float64Array | Uint16Array | Uint32Array }[];
  /** Per text field: [record index, text] pairs. */
  texts: [number, string][][];
  /** Per sparse field: record index, value, record index, value… of the records that set it. */
  sparse: Float64Array[];
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

/** The records of `batch`, of `phase` from worker `workerId`; their typed arrays are views into the batch's. */
export function readRecordBatch(batch: RecordBatch, phase: string, workerId: number): RequestRecord[] {
  return readRecords(batch, phase, workerId);
}
