/**
 * @module report/export/sample-idx-map — sample_idx_map.json: which dataset row each sample_uuid of events.jsonl sent.
 *
 * Upstream's shape (mlcommons/endpoints writes it after the session for its scorers): one object
 * per phase, `performance` and each accuracy dataset's name, each mapping sample_uuid → dataset
 * row index; the warmup is left out. Upstream's entries are in issue order, which is its plan
 * order (one issuer); ours are in plan order too (several workers may send them a little out of
 * it). Written as msgspec's 2-space format writes it (the same text as JSON.stringify(map, null,
 * 2)), without a trailing newline, streamed so a million samples need not be one string. A
 * retried request is one sample.
 */
import { openEventsDbReadonly, readPhases, readRunMeta } from "../../metrics/read-phase.ts";
import { LineWriter } from "./line-writer.ts";
import { sampleUuids } from "./sample-uuid.ts";

export const SAMPLE_IDX_MAP_FILE = "sample_idx_map.json";

interface WrittenMap {
  phases: number;
  samples: number;
}

/** Writes sample_idx_map.json to `outPath` from the events.db at `dbPath`. */
export function writeSampleIdxMap(dbPath: string, outPath: string): WrittenMap {
  const db = openEventsDbReadonly(dbPath);
  const out = new LineWriter(outPath);
  const written: WrittenMap = { phases: 0, samples: 0 };
  try {
    const uuidOf = sampleUuids(readRunMeta(db).t0_epoch_ms ?? "");
    const query = db.query(
      "SELECT plan_index AS planIndex, MIN(sample_index) AS sampleIndex FROM requests WHERE phase = ? GROUP BY plan_index ORDER BY plan_index",
    );
    const phases = readPhases(db).filter((p) => p.kind !== "warmup");
    out.write(phases.length === 0 ? "{}" : "{\n");
    phases.forEach((phase, p) => {
      out.write(`  ${JSON.stringify(phase.name)}: {`);
      let n = 0;
      for (const row of query.iterate(phase.name) as IterableIterator<{ planIndex: number; sampleIndex: number }>) {
        out.write(`${n++ === 0 ? "\n" : ",\n"}    "${uuidOf(phase.name, row.planIndex)}": ${row.sampleIndex}`);
      }
      out.write(`${n > 0 ? "\n  }" : "}"}${p < phases.length - 1 ? ",\n" : "\n}"}`);
      written.phases++;
      written.samples += n;
    });
  } finally {
    out.close();
    db.close();
  }
  return written;
}
