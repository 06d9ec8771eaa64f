/** @module scripts/make-pareto-schema — writes src/report/pareto/pareto.schema.json from the zod schema. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { paretoJsonSchema } from "../src/report/pareto/pareto-schema.ts";

const SCHEMA_FILE = join(import.meta.dir, "..", "src", "report", "pareto", "pareto.schema.json");

if (import.meta.main) {
  writeFileSync(SCHEMA_FILE, `${JSON.stringify(paretoJsonSchema(), null, 2)}\n`);
  console.error(`wrote ${SCHEMA_FILE}`);
}
