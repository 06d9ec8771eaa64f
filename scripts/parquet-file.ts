/**
 * @module scripts/parquet-file — Parquet files for test fixtures and benchmarks, written with hyparquet-writer.
 *
 * Columns are described as the fixtures need them: strings, int32, int64, doubles and booleans,
 * every column nullable, optionally a list (the standard three-level LIST shape pyarrow
 * writes); uncompressed, SNAPPY, GZIP or ZSTD pages, small row groups and pages so that a test
 * reads across both. hyparquet-writer picks dictionary encoding for a column by itself when it
 * pays, as pyarrow does; `dictionary: true` marks the columns where a fixture expects it.
 */
import { ByteWriter, parquetWrite } from "hyparquet-writer";

export type ParquetCodec = "uncompressed" | "snappy" | "gzip" | "zstd";
type PrimitiveKind = "string" | "int32" | "int64" | "double" | "boolean";

export interface ParquetColumn {
  name: string;
  kind: PrimitiveKind;
  /** A list of `kind` per row (null rows and null elements allowed). */
  list?: boolean;
  /** Values repeat: the writer should dictionary-encode them (it decides by the encoded size). */
  dictionary?: boolean;
  /** One value per row; null or undefined is a null. */
  values: readonly unknown[];
}

interface ParquetWriteOptions {
  codec?: ParquetCodec;
  /** Rows per row group. */
  rowGroupRows?: number;
  /** Target bytes per data page (small values give several pages per row group). */
  pageBytes?: number;
}

const CODEC = { uncompressed: "UNCOMPRESSED", snappy: "SNAPPY", gzip: "GZIP", zstd: "ZSTD" } as const;
const PHYSICAL = {
  string: "BYTE_ARRAY",
  int32: "INT32",
  int64: "INT64",
  double: "DOUBLE",
  boolean: "BOOLEAN",
} as const;

/** GZIP and ZSTD from Bun (hyparquet-writer brings SNAPPY only). */
const COMPRESSORS = {
  GZIP: (input: Uint8Array) => Bun.gzipSync(input as Uint8Array<ArrayBuffer>),
  ZSTD: (input: Uint8Array) => Bun.zstdCompressSync(input),
};

function leaf(column: ParquetColumn, name: string) {
  return {
    name,
    type: PHYSICAL[column.kind],
    repetition_type: "OPTIONAL" as const,
    ...(column.kind === "string" ? { converted_type: "UTF8" as const } : {}),
  };
}

function schemaOf(columns: readonly ParquetColumn[]) {
  const elements: Record<string, unknown>[] = [{ name: "schema", num_children: columns.length }];
  for (const column of columns) {
    if (!column.list) elements.push(leaf(column, column.name));
    else
      elements.push(
        { name: column.name, repetition_type: "OPTIONAL", converted_type: "LIST", num_children: 1 },
        { name: "list", repetition_type: "REPEATED", num_children: 1 },
        leaf(column, "element"),
      );
  }
  return elements;
}

/** A value as hyparquet-writer takes it: int64 as bigint, lists as arrays of such. */
function cell(column: ParquetColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.list)
    return (value as unknown[]).map((element) =>
      element === null || element === undefined ? null : scalar(column, element),
    );
  return scalar(column, value);
}

function scalar(column: ParquetColumn, value: unknown): unknown {
  return column.kind === "int64" ? BigInt(value as number | bigint) : value;
}

/** The bytes of a Parquet file holding `columns`. */
export function encodeParquet(columns: readonly ParquetColumn[], options: ParquetWriteOptions = {}): Uint8Array {
  const writer = new ByteWriter();
  parquetWrite({
    writer,
    columnData: columns.map((column) => ({ name: column.name, data: column.values.map((v) => cell(column, v)) })),
    schema: schemaOf(columns) as never,
    codec: CODEC[options.codec ?? "snappy"],
    compressors: COMPRESSORS as never,
    statistics: false,
    rowGroupSize: options.rowGroupRows ?? 100_000,
    ...(options.pageBytes ? { pageSize: options.pageBytes } : {}),
  });
  return new Uint8Array(writer.getBuffer());
}
