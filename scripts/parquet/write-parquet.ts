/**
 * @module scripts/parquet/write-parquet — a small Parquet writer for test fixtures and
 * benchmarks: flat or list columns of strings, int32, int64, doubles and booleans, every column
 * nullable, PLAIN or dictionary encoded, data page v1, uncompressed/SNAPPY/GZIP/ZSTD.
 *
 * Why our own: pyarrow is not installed on the build machines and `hyparquet-writer` is not a
 * dependency. The layout follows parquet-format (parquet.thrift): "PAR1", column chunks per row
 * group, the Thrift-compact FileMetaData, its length, "PAR1". Lists use the standard three-level
 * `optional group (LIST) { repeated group list { optional element } }` shape pyarrow writes.
 */
import { gzipSync } from "node:zlib";
import { ByteWriter } from "./byte-writer.ts";
import {
  buildDictionary,
  writeDictionaryIndices,
  writeLevels,
  writePlain,
  type Primitive,
  type PrimitiveKind,
} from "./page-encoding.ts";
import { encodeStruct, type ThriftStruct, type ThriftValue } from "./thrift-compact.ts";
import { snappyCompress } from "./snappy-compress.ts";

export type ParquetCodec = "uncompressed" | "snappy" | "gzip" | "zstd";

export interface ParquetColumn {
  name: string;
  kind: PrimitiveKind;
  /** A list of `kind` per row (null rows and null elements allowed). */
  list?: boolean;
  /** Dictionary-encode the values (RLE_DICTIONARY), as pyarrow does by default. */
  dictionary?: boolean;
  /** One value per row; null or undefined is a null. */
  values: readonly unknown[];
}

interface ParquetWriteOptions {
  codec?: ParquetCodec;
  rowGroupRows?: number;
  pageRows?: number;
}

const CODEC_ID: Readonly<Record<ParquetCodec, number>> = { uncompressed: 0, snappy: 1, gzip: 2, zstd: 6 };
const PHYSICAL_TYPE: Readonly<Record<PrimitiveKind, number>> = { boolean: 0, int32: 1, int64: 2, double: 5, string: 6 };
const ENCODING = { plain: 0, rle: 3, rleDictionary: 8 } as const;
const PAGE = { data: 0, dictionary: 2 } as const;
const MAGIC = new TextEncoder().encode("PAR1");

const i32 = (value: number): ThriftValue => ({ i32: value });
const i64 = (value: number | bigint): ThriftValue => ({ i64: value });

function compress(codec: ParquetCodec, bytes: Uint8Array): Uint8Array {
  if (codec === "snappy") return snappyCompress(bytes);
  if (codec === "gzip") return gzipSync(bytes);
  if (codec === "zstd") return Bun.zstdCompressSync(bytes);
  return bytes;
}

/** Repetition levels, definition levels and present leaf values of rows [start, end). */
function levelRows(column: ParquetColumn, start: number, end: number) {
  const rep: number[] = [];
  const def: number[] = [];
  const present: Primitive[] = [];
  for (let row = start; row < end; row++) {
    const value = column.values[row];
    if (!column.list) {
      def.push(value == null ? 0 : 1);
      if (value != null) present.push(value as Primitive);
    } else if (value == null || !Array.isArray(value) || value.length === 0) {
      rep.push(0);
      def.push(value == null ? 0 : 1);
    } else {
      value.forEach((element: unknown, i) => {
        rep.push(i === 0 ? 0 : 1);
        def.push(element == null ? 2 : 3);
        if (element != null) present.push(element as Primitive);
      });
    }
  }
  return { rep, def, present };
}

function schemaLeaf(kind: PrimitiveKind, name: string): ThriftStruct {
  const isString = kind === "string";
  return [
    [1, i32(PHYSICAL_TYPE[kind])],
    [3, i32(1)],
    [4, { binary: name }],
    [6, isString ? i32(0) : undefined],
    [10, isString ? { struct: [[1, { struct: [] }]] } : undefined],
  ];
}

function schemaElements(columns: readonly ParquetColumn[]): ThriftValue[] {
  const elements: ThriftStruct[] = [[[4, { binary: "schema" }], [5, i32(columns.length)]]];
  for (const column of columns) {
    if (!column.list) elements.push(schemaLeaf(column.kind, column.name));
    else {
      elements.push([[3, i32(1)], [4, { binary: column.name }], [5, i32(1)], [6, i32(3)], [10, { struct: [[3, { struct: [] }]] }]]);
      elements.push([[3, i32(2)], [4, { binary: "list" }], [5, i32(1)]]);
      elements.push(schemaLeaf(column.kind, "element"));
    }
  }
  return elements.map((struct) => ({ struct }));
}

/** Collects the file's byte chunks and the running offset. */
class FileSink {
  readonly chunks: Uint8Array[] = [MAGIC];
  offset = MAGIC.length;
  push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.offset += bytes.length;
  }
}

/** Writes one page (header + compressed body); returns its uncompressed size with header. */
function writePage(file: FileSink, codec: ParquetCodec, type: number, body: Uint8Array, subHeader: readonly [number, ThriftStruct]): number {
  const compressed = compress(codec, body);
  const header = encodeStruct([[1, i32(type)], [2, i32(body.length)], [3, i32(compressed.length)], [subHeader[0], { struct: subHeader[1] }]]);
  file.push(header);
  file.push(compressed);
  return header.length + body.length;
}

function writeColumnChunk(file: FileSink, column: ParquetColumn, start: number, end: number, options: Required<ParquetWriteOptions>): ThriftStruct {
  const chunkStart = file.offset;
  const maxDef = column.list ? 3 : 1;
  let uncompressed = 0;
  let dictionaryOffset: number | undefined;
  let positions: Map<Primitive, number> | undefined;
  if (column.dictionary) {
    const built = buildDictionary(levelRows(column, start, end).present);
    positions = built.positions;
    const body = new ByteWriter();
    writePlain(body, column.kind, built.dictionary);
    dictionaryOffset = file.offset;
    uncompressed += writePage(file, options.codec, PAGE.dictionary, body.toBytes(), [7, [[1, i32(built.dictionary.length)], [2, i32(ENCODING.plain)]]]);
  }
  const dataOffset = file.offset;
  let numValues = 0;
  for (let pageStart = start; pageStart < end; pageStart += options.pageRows) {
    const { rep, def, present } = levelRows(column, pageStart, Math.min(end, pageStart + options.pageRows));
    const body = new ByteWriter();
    if (column.list) writeLevels(body, rep, 1);
    writeLevels(body, def, maxDef);
    if (positions) {
      const lookup = positions;
      writeDictionaryIndices(body, Uint32Array.from(present, (value) => lookup.get(value) ?? 0), lookup.size);
    } else writePlain(body, column.kind, present);
    numValues += def.length;
    const encoding = positions ? ENCODING.rleDictionary : ENCODING.plain;
    uncompressed += writePage(file, options.codec, PAGE.data, body.toBytes(), [5, [[1, i32(def.length)], [2, i32(encoding)], [3, i32(ENCODING.rle)], [4, i32(ENCODING.rle)]]]);
  }
  const encodings = positions ? [ENCODING.plain, ENCODING.rle, ENCODING.rleDictionary] : [ENCODING.plain, ENCODING.rle];
  const path = column.list ? [column.name, "list", "element"] : [column.name];
  return [
    [1, i32(PHYSICAL_TYPE[column.kind])],
    [2, { list: encodings.map(i32), of: "i32" }],
    [3, { list: path.map((binary) => ({ binary })), of: "binary" }],
    [4, i32(CODEC_ID[options.codec])],
    [5, i64(numValues)],
    [6, i64(uncompressed)],
    [7, i64(file.offset - chunkStart)],
    [9, i64(dataOffset)],
    [11, dictionaryOffset === undefined ? undefined : i64(dictionaryOffset)],
  ];
}

/** The bytes of a Parquet file holding `columns` (all of the same length). */
export function encodeParquet(columns: readonly ParquetColumn[], options: ParquetWriteOptions = {}): Uint8Array {
  const settings: Required<ParquetWriteOptions> = { codec: "snappy", rowGroupRows: 100_000, pageRows: 20_000, ...options };
  const rowCount = columns[0]?.values.length ?? 0;
  if (columns.some((column) => column.values.length !== rowCount)) throw new Error("parquet columns differ in length");
  const file = new FileSink();
  const rowGroups: ThriftValue[] = [];
  for (let start = 0; start < rowCount; start += settings.rowGroupRows) {
    const end = Math.min(rowCount, start + settings.rowGroupRows);
    const groupStart = file.offset;
    const chunks = columns.map((column) => {
      const fileOffset = file.offset;
      const meta = writeColumnChunk(file, column, start, end, settings);
      return { struct: [[2, i64(fileOffset)], [3, { struct: meta }]] } satisfies ThriftValue;
    });
    rowGroups.push({ struct: [[1, { list: chunks, of: "struct" }], [2, i64(file.offset - groupStart)], [3, i64(end - start)]] });
  }
  const footer = encodeStruct([
    [1, i32(1)],
    [2, { list: schemaElements(columns), of: "struct" }],
    [3, i64(rowCount)],
    [4, { list: rowGroups, of: "struct" }],
    [6, { binary: "inference-endpoint scripts/parquet" }],
  ]);
  file.push(footer);
  const length = new ByteWriter(4);
  length.u32(footer.length);
  file.push(length.toBytes());
  file.push(MAGIC);
  return Buffer.concat(file.chunks);
}
