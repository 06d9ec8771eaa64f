/** @module scripts/make-summary-schema — writes src/report/result-summary.schema.json from the zod schema. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { resultSummaryJsonSchema } from "../src/report/result-summary.ts";

const SCHEMA_FILE = join(import.meta.dir, "..", "src", "report", "result-summary.schema.json");

if (import.meta.main) {
  writeFileSync(SCHEMA_FILE, `${JSON.stringify(resultSummaryJsonSchema(), null, 2)}\n`);
  console.error(`wrote ${SCHEMA_FILE}`);
}
