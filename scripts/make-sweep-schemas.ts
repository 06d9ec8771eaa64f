/** @module scripts/make-sweep-schemas — writes sweep.json's and pareto.json's JSON Schemas from their zod schemas. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { paretoJsonSchema } from "../src/report/pareto/pareto-schema.ts";
import { sweepJsonSchema } from "../src/sweep/sweep-schema.ts";

const SRC = join(import.meta.dir, "..", "src");

if (import.meta.main) {
  for (const [file, schema] of [
    [join(SRC, "report", "pareto", "pareto.schema.json"), paretoJsonSchema()],
    [join(SRC, "sweep", "sweep.schema.json"), sweepJsonSchema()],
  ] as const) {
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
    console.error(`wrote ${file}`);
  }
}
