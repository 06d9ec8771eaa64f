/**
 * @module scripts/parquet/thrift-compact — encodes Thrift structs in the compact protocol, the
 * encoding of Parquet page headers and the file footer (Apache Thrift THRIFT-110 spec).
 *
 * Structs are written from a plain description: `[fieldId, value]` pairs in ascending id order,
 * with `undefined` values skipped, so the Parquet writer reads like the parquet.thrift IDL.
 */
import { ByteWriter } from "./byte-writer.ts";

export type ThriftValue =
  | { i32: number }
  | { i64: number | bigint }
  | { bool: boolean }
  | { binary: string }
  | { struct: ThriftStruct }
  | { list: ThriftValue[]; of: "i32" | "binary" | "struct" };

export type ThriftStruct = ReadonlyArray<readonly [number, ThriftValue | undefined]>;

const TYPE = { boolTrue: 1, boolFalse: 2, i32: 5, i64: 6, binary: 8, list: 9, struct: 12 } as const;
const encoder = new TextEncoder();

function zigzag(value: number | bigint): bigint {
  const n = BigInt(value);
  return n >= 0n ? n << 1n : ((-n) << 1n) - 1n;
}

function typeOf(value: ThriftValue): number {
  if ("i32" in value) return TYPE.i32;
  if ("i64" in value) return TYPE.i64;
  if ("bool" in value) return value.bool ? TYPE.boolTrue : TYPE.boolFalse;
  if ("binary" in value) return TYPE.binary;
  if ("struct" in value) return TYPE.struct;
  return TYPE.list;
}

function writeValue(out: ByteWriter, value: ThriftValue): void {
  if ("i32" in value) out.varint(zigzag(value.i32));
  else if ("i64" in value) out.varint(zigzag(value.i64));
  else if ("bool" in value) return; // field-level booleans live in the type nibble
  else if ("binary" in value) {
    const bytes = encoder.encode(value.binary);
    out.varint(bytes.length);
    out.bytes(bytes);
  } else if ("struct" in value) writeStruct(out, value.struct);
  else {
    const elementType = TYPE[value.of];
    if (value.list.length < 15) out.byte((value.list.length << 4) | elementType);
    else {
      out.byte(0xf0 | elementType);
      out.varint(value.list.length);
    }
    for (const element of value.list) writeValue(out, element);
  }
}

/** Appends one struct (fields, then the stop byte) to `out`. */
function writeStruct(out: ByteWriter, fields: ThriftStruct): void {
  let lastId = 0;
  for (const [id, value] of fields) {
    if (value === undefined) continue;
    const delta = id - lastId;
    if (delta > 0 && delta <= 15) out.byte((delta << 4) | typeOf(value));
    else {
      out.byte(typeOf(value));
      out.varint(zigzag(id));
    }
    writeValue(out, value);
    lastId = id;
  }
  out.byte(0);
}

/** The compact-protocol bytes of one struct. */
export function encodeStruct(fields: ThriftStruct): Uint8Array {
  const out = new ByteWriter(256);
  writeStruct(out, fields);
  return out.toBytes();
}
