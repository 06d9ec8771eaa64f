/**
 * @module dataset/file-rows — what every format reader returns: the rows of one file (or of
 * several shards, concatenated) and how to name a row in an error message.
 *
 * Locations are formatted per format: `data.jsonl:17` and `data.csv:5` give the line the row
 * starts on; JSON and Parquet rows have no useful line, so they read `data.parquet: row 12`
 * (1-based). For a sharded dataset the location names the shard and the row within it.
 */

/** One dataset row: column name → value, as parsed from the file. */
export type DatasetRow = Record<string, unknown>;

/** Where row `index` came from, for messages: "data.jsonl:17", "data.parquet: row 3". */
export type RowLocator = (index: number) => string;

export interface FileRows {
  rows: DatasetRow[];
  locate: RowLocator;
}

/** A locator for formats without line numbers: "PATH: row N" (1-based). */
export function rowNumberLocator(path: string): RowLocator {
  return (index) => `${path}: row ${index + 1}`;
}

/** Appends the rows of several files (shards) in order; locations still name the shard. */
export function concatFileRows(parts: readonly FileRows[]): FileRows {
  if (parts.length === 1) return parts[0] as FileRows;
  const rows: DatasetRow[] = [];
  const starts: number[] = [];
  for (const part of parts) {
    starts.push(rows.length);
    for (const row of part.rows) rows.push(row);
  }
  const locate: RowLocator = (index) => {
    let shard = starts.length - 1;
    while (shard > 0 && (starts[shard] as number) > index) shard--;
    return (parts[shard] as FileRows).locate(index - (starts[shard] as number));
  };
  return { rows, locate };
}
