/**
 * @module dataset/load-parquet — reads a `.parquet` file with hyparquet, synchronously.
 *
 * hyparquet's public readers are async; the run is planned synchronously, and with the whole
 * file in memory nothing needs to wait, so we drive hyparquet's own sync building blocks (the
 * package exports `./src/*.js`): parse the footer, decode each column chunk with `readColumn`
 * (pages, dictionaries, levels, lists) and assemble nested columns with `assembleNested`, as
 * its `parquetRead` does. Codecs come from hyparquet-compressors (snappy, gzip, zstd, brotli,
 * lz4). hyparquet is pinned, since these modules are not its stable API; this path is also
 * faster than the public reader (docs/dev/performance-log.md), and a test checks that both read
 * every committed fixture alike.
 *
 * Values become plain JSON-friendly data: INT64 → number when it is a safe integer, else its
 * decimal string (JSON has no 64-bit integers); lists → arrays; structs and maps → objects;
 * strings and doubles as they are. A file that does not decode (truncated, corrupt, or using
 * an encoding hyparquet lacks) is an InputError (exit 2) naming the file: it was readable, so
 * the problem is its content, like a bad line in a JSONL file.
 */
import {
  flatten,
  parquetMetadata,
  parquetSchema,
  type Compressors,
  type DecodedArray,
  type FileMetaData,
} from "hyparquet";
import { compressors } from "hyparquet-compressors";
import { assembleNested } from "hyparquet/src/assemble.js";
import { readColumn } from "hyparquet/src/column.js";
import { DEFAULT_PARSERS } from "hyparquet/src/convert.js";
import { getTreePath } from "hyparquet/src/schema.js";
import { InputError } from "../errors.ts";
import { rowNumberLocator, type DatasetRow, type FileRows } from "./file-rows.ts";
import { emptyDatasetError, readDatasetBytes } from "./read-file.ts";

/** hyparquet-compressors' decoders, with Bun's native zstd and gzip (several times faster than pure JS). */
const CODECS: Compressors = {
  ...compressors,
  ZSTD: (input) => Bun.zstdDecompressSync(input),
  // Bun's own zlib: importing node:zlib would load Node's stream modules at every start-up.
  GZIP: (input) => Bun.gunzipSync(input as Uint8Array<ArrayBuffer>),
};

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** A decoded cell as plain data (see the module comment). */
export function plainValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") {
    if (typeof value !== "bigint") return value === undefined ? null : value;
    return value >= MIN_SAFE && value <= MAX_SAFE ? Number(value) : value.toString();
  }
  if (Array.isArray(value)) return value.map(plainValue);
  if (value instanceof Date || value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<unknown>, plainValue);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = plainValue(inner);
  return out;
}

function exactArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
  return bytes.slice().buffer as ArrayBuffer;
}

/** Decodes every column chunk of one row group: leaf path ("a.list.element") → values. */
function readRowGroupLeaves(
  file: ArrayBuffer,
  metadata: FileMetaData,
  groupIndex: number,
  groupStart: number,
): Map<string, DecodedArray> {
  const schema = parquetSchema(metadata);
  const rowGroup = metadata.row_groups[groupIndex];
  if (!rowGroup) throw new Error(`row group ${groupIndex} is missing`);
  const groupRows = Number(rowGroup.num_rows);
  const leaves = new Map<string, DecodedArray>();
  for (const chunk of rowGroup.columns) {
    const meta = chunk.meta_data;
    if (!meta) throw new Error("column chunk without metadata");
    if (chunk.file_path) throw new Error(`column data in another file (${chunk.file_path}) is not supported`);
    const schemaPath = getTreePath(schema, meta.path_in_schema);
    const leaf = schemaPath[schemaPath.length - 1];
    if (!leaf) throw new Error(`column ${meta.path_in_schema.join(".")} is not in the schema`);
    const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
    const length = Number(meta.total_compressed_size);
    if (start + length > file.byteLength) throw new Error("column data runs past the end of the file (truncated?)");
    const decoder = {
      pathInSchema: meta.path_in_schema,
      type: meta.type,
      element: leaf.element,
      schemaPath,
      codec: meta.codec,
      parsers: DEFAULT_PARSERS,
      compressors: CODECS,
      utf8: true,
    };
    const reader = { view: new DataView(file, start, length), offset: 0 };
    const { data } = readColumn(reader, { groupStart, selectStart: 0, selectEnd: groupRows, groupRows }, decoder);
    leaves.set(meta.path_in_schema.join("."), flatten(data));
  }
  for (const child of schema.children) if (child.children.length > 0) assembleNested(leaves, child, DEFAULT_PARSERS);
  return leaves;
}

function decodeRows(file: ArrayBuffer): DatasetRow[] {
  const metadata = parquetMetadata(file);
  const names = parquetSchema(metadata).children.map((child) => child.element.name);
  const rows: DatasetRow[] = [];
  let groupStart = 0;
  metadata.row_groups.forEach((rowGroup, groupIndex) => {
    const groupRows = Number(rowGroup.num_rows);
    const leaves = readRowGroupLeaves(file, metadata, groupIndex, groupStart);
    const columns = names.map((name) => {
      const values = leaves.get(name);
      if (!values || values.length < groupRows)
        throw new Error(`column ${name} has fewer values than the row group's ${groupRows} rows`);
      return values;
    });
    for (let i = 0; i < groupRows; i++) {
      const row: DatasetRow = {};
      for (let c = 0; c < names.length; c++) {
        const value: unknown = (columns[c] as DecodedArray)[i];
        row[names[c] as string] = typeof value === "string" || typeof value === "number" ? value : plainValue(value);
      }
      rows.push(row);
    }
    groupStart += groupRows;
  });
  return rows;
}

/** Reads `path` as Parquet. Throws InputError (bad or empty file) or SetupError (unreadable). */
export function readParquetRows(path: string): FileRows {
  const file = exactArrayBuffer(readDatasetBytes(path));
  let rows: DatasetRow[];
  try {
    rows = decodeRows(file);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^parquet /, "");
    throw new InputError(`${path}: not a readable Parquet file: ${reason}`, {
      hint: "the file may be truncated or corrupt: re-download or re-export it (e.g. pandas df.to_parquet(path))",
      cause: error,
    });
  }
  if (rows.length === 0) throw emptyDatasetError(path, "the Parquet file has no rows");
  return { rows, locate: rowNumberLocator(path) };
}
