/**
 * @module scripts/parquet/page-encoding — the bodies of Parquet v1 data and dictionary pages:
 * repetition/definition levels in the RLE/bit-packed hybrid, PLAIN values and dictionary
 * indices (the Apache Parquet format's encodings).
 *
 * Levels and indices are written as RLE runs only (one run per stretch of equal values), which
 * is valid hybrid encoding and keeps the writer short.
 */
import { ByteWriter } from "./byte-writer.ts";

export type PrimitiveKind = "string" | "int32" | "int64" | "double" | "boolean";

/** A leaf value that is present (nulls are expressed by definition levels only). */
export type Primitive = string | number | bigint | boolean;

/** Bits needed for values 0..max. */
function bitWidth(max: number): number {
  return max === 0 ? 0 : 32 - Math.clz32(max);
}

/** Appends `values` as RLE runs of `width` bits (rounded up to whole bytes per run value). */
function writeRleRuns(out: ByteWriter, values: ArrayLike<number>, width: number): void {
  const valueBytes = Math.ceil(width / 8);
  for (let start = 0; start < values.length; ) {
    const value = values[start] as number;
    let end = start + 1;
    while (end < values.length && values[end] === value) end++;
    out.varint((end - start) * 2);
    for (let b = 0; b < valueBytes; b++) out.byte((value >>> (8 * b)) & 0xff);
    start = end;
  }
}

/** Levels with a 4-byte length prefix, as data page v1 stores them. */
export function writeLevels(out: ByteWriter, levels: ArrayLike<number>, maxLevel: number): void {
  const body = new ByteWriter(64);
  writeRleRuns(body, levels, bitWidth(maxLevel));
  out.u32(body.length);
  out.bytes(body.toBytes());
}

/** Appends present values in PLAIN encoding. */
export function writePlain(out: ByteWriter, kind: PrimitiveKind, values: readonly Primitive[]): void {
  if (kind === "boolean") {
    for (let i = 0; i < values.length; i += 8) {
      let byte = 0;
      for (let bit = 0; bit < 8 && i + bit < values.length; bit++) if (values[i + bit]) byte |= 1 << bit;
      out.byte(byte);
    }
    return;
  }
  for (const value of values) {
    if (kind === "string") out.lengthPrefixedString(String(value));
    else if (kind === "int32") out.i32(Number(value));
    else if (kind === "int64") out.i64(BigInt(value));
    else out.f64(Number(value));
  }
}

/** The distinct present values in first-seen order and each one's index. */
export function buildDictionary(values: readonly Primitive[]): { dictionary: Primitive[]; positions: Map<Primitive, number> } {
  const positions = new Map<Primitive, number>();
  const dictionary: Primitive[] = [];
  for (const value of values) {
    if (positions.has(value)) continue;
    positions.set(value, dictionary.length);
    dictionary.push(value);
  }
  return { dictionary, positions };
}

/** RLE_DICTIONARY data: one byte of bit width, then the indices as hybrid runs (no length prefix). */
export function writeDictionaryIndices(out: ByteWriter, indices: Uint32Array, dictionarySize: number): void {
  const width = bitWidth(Math.max(0, dictionarySize - 1));
  out.byte(width);
  if (width > 0) writeRleRuns(out, indices, width);
}
