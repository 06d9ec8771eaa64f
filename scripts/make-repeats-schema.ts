/** @module scripts/make-repeats-schema — writes src/report/repeats.schema.json from the zod schema. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repeatsJsonSchema } from "../src/report/repeats-schema.ts";

const SCHEMA_FILE = join(import.meta.dir, "..", "src", "report", "repeats.schema.json");

if (import.meta.main) {
  writeFileSync(SCHEMA_FILE, `${JSON.stringify(repeatsJsonSchema(), null, 2)}\n`);
  console.error(`wrote ${SCHEMA_FILE}`);
}
