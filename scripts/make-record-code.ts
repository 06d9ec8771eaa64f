/**
 * @module scripts/make-record-code — writes the record's generated sources from record/request-fields: the IPC packing
 * and reading loops, the events.db insert, the metric columns' fill and the record of a request nothing answered.
 *
 * They were built with `new Function` at start-up; written ahead of time they are typed, checked by
 * tsc and stepped through in a debugger, and run the same statements. test/scripts/make-record-code
 * fails while a committed file differs from what this writes.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { recordBatchLoopsText } from "./record-code/record-batch-source.ts";
import { noResponseRecordText } from "./record-code/no-response-source.ts";
import { fillMetricArraysText, requestInsertText } from "./record-code/row-sources.ts";

const SRC = join(import.meta.dir, "..", "src");

/** Each generated file (path under src/) and its text. */
export function recordCodeFiles(): { path: string; text: string }[] {
  return [
    { path: "ipc/record-batch-loops.ts", text: recordBatchLoopsText() },
    { path: "record/request-insert.ts", text: requestInsertText() },
    { path: "metrics/fill-metric-arrays.ts", text: fillMetricArraysText() },
    { path: "record/no-response-record.ts", text: noResponseRecordText() },
  ];
}

if (import.meta.main) {
  for (const { path, text } of recordCodeFiles()) {
    writeFileSync(join(SRC, path), text);
    console.error(`wrote src/${path}`);
  }
}
