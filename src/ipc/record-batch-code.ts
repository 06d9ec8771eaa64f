/**
 * @module ipc/record-batch-code — the source of ipc/record-batch's packing and reading loops, written out from record/request-fields.
 *
 * Each field gets its own statement, as a hand-written loop would have (`numbers[3 * count + i]
 * = r.scheduledNs`): the generated functions are monomorphic property accesses, not a loop over
 * field names. The text is built from the declaration alone (field names are identifiers we
 * declared, never input), once per process.
 */
import { fieldsOf, readExpression } from "../record/request-field-lists.ts";

const NUMERIC = fieldsOf("number", "nan", "nullable");
const CODED = fieldsOf("code");
const ARRAYS = fieldsOf("f64s", "u16s", "u32s");
const TEXTS = fieldsOf("text");
const FRAME = fieldsOf("frame").map((f) => f.name);
if (FRAME.join() !== "phase,workerId")
  throw new Error(`record-batch sends phase and workerId once per frame, not ${FRAME.join()}`);

const ARRAY_TYPES = { f64s: Float64Array, u16s: Uint16Array, u32s: Uint32Array } as const;
/** The typed array each typed-array field travels in, in batch order (for the frame check, ipc/frame-fields). */
export const BATCH_ARRAY_TYPES = ARRAYS.map((f) => ARRAY_TYPES[f.wire as keyof typeof ARRAY_TYPES]);
export const BATCH_TEXT_FIELDS = TEXTS.length;

const NO_CODE = 255;
/** The value is in `overflow`: a batch with more distinct strings than codes (a server's odd finish reasons). */
const OVERFLOW_CODE = 254;

/** Body of `(records) => RecordBatch`. */
export function packerSource(): string {
  const numeric = NUMERIC.map(
    (f, k) =>
      `numbers[${k} * count + i] = ${f.wire === "nullable" ? `${readExpression("r", f)} ?? NaN` : readExpression("r", f)};`,
  );
  const coded = CODED.map(
    (f, k) => `codes[${k} * count + i] = code(${readExpression("r", f)} ?? null, ${k} * count + i);`,
  );
  const lengths = ARRAYS.map(
    (f, k) =>
      `{ const a = ${readExpression("r", f)}; if (a) { lengths${k}[i] = a.length; total${k} += a.length; } else lengths${k}[i] = -1; }`,
  );
  const texts = TEXTS.map(
    (f, k) => `{ const t = ${readExpression("r", f)}; if (t !== null && t !== undefined) texts${k}.push([i, t]); }`,
  );
  const copies = ARRAYS.map(
    (f, k) => `const values${k} = new ${ARRAY_TYPES[f.wire as keyof typeof ARRAY_TYPES].name}(total${k});
  for (let i = 0, o = 0; i < count; i++) { const a = ${readExpression("records[i]", f)}; if (a) { values${k}.set(a, o); o += a.length; } }`,
  );
  return `
  const count = records.length;
  const numbers = new Float64Array(${NUMERIC.length} * count);
  const codes = new Uint8Array(${CODED.length} * count);
  const dictionary = [];
  const codeOf = new Map();
  const overflow = [];
  const code = (value, position) => {
    if (value === null) return ${NO_CODE};
    let known = codeOf.get(value);
    if (known === undefined) {
      if (dictionary.length === ${OVERFLOW_CODE}) { overflow.push([position, value]); return ${OVERFLOW_CODE}; }
      known = dictionary.push(value) - 1;
      codeOf.set(value, known);
    }
    return known;
  };
  ${ARRAYS.map((_, k) => `const lengths${k} = new Int32Array(count); let total${k} = 0;`).join("\n  ")}
  ${TEXTS.map((_, k) => `const texts${k} = [];`).join("\n  ")}
  for (let i = 0; i < count; i++) {
    const r = records[i];
    ${[...numeric, ...coded, ...lengths, ...texts].join("\n    ")}
  }
  ${copies.join("\n  ")}
  return { count, numbers, codes, dictionary, overflow,
    arrays: [${ARRAYS.map((_, k) => `{ lengths: lengths${k}, values: values${k} }`).join(", ")}],
    texts: [${TEXTS.map((_, k) => `texts${k}`).join(", ")}] };`;
}

/** Body of `(batch, phase, workerId) => RequestRecord[]`: every field in declaration order, the frame's once. */
export function readerSource(): string {
  const numericAt = new Map(NUMERIC.map((f, k) => [f.name, k]));
  const codedAt = new Map(CODED.map((f, k) => [f.name, k]));
  const arrayAt = new Map(ARRAYS.map((f, k) => [f.name, k]));
  const textAt = new Map(TEXTS.map((f, k) => [f.name, k]));
  const properties = [...FRAME, ...NUMERIC, ...CODED, ...ARRAYS, ...TEXTS].map((entry) => {
    if (typeof entry === "string") return entry;
    const { name, wire } = entry;
    const n = numericAt.get(name);
    if (n !== undefined)
      return wire === "nullable" ? `${name}: orNull(numbers[${n} * count + i])` : `${name}: numbers[${n} * count + i]`;
    const c = codedAt.get(name);
    if (c !== undefined) return `${name}: coded(${c} * count + i)`;
    const a = arrayAt.get(name);
    if (a !== undefined) return `${name}: l${a} < 0 ? null : v${a}.subarray(o${a}, o${a} + l${a})`;
    return `${name}: texts${textAt.get(name)}.get(i) ?? null`;
  });
  return `
  const { count, numbers, codes, dictionary } = batch;
  const orNull = (value) => (value !== value ? null : value);
  const overflow = batch.overflow.length > 0 ? new Map(batch.overflow) : null;
  const coded = (position) => {
    const code = codes[position];
    if (code === ${NO_CODE}) return null;
    return code === ${OVERFLOW_CODE} ? overflow.get(position) : dictionary[code];
  };
  ${TEXTS.map((_, k) => `const texts${k} = new Map(batch.texts[${k}]);`).join("\n  ")}
  ${ARRAYS.map((_, k) => `const lengths${k} = batch.arrays[${k}].lengths, v${k} = batch.arrays[${k}].values; let o${k} = 0;`).join("\n  ")}
  const records = new Array(count);
  for (let i = 0; i < count; i++) {
    ${ARRAYS.map((_, k) => `const l${k} = lengths${k}[i];`).join(" ")}
    records[i] = { ${properties.join(", ")} };
    ${ARRAYS.map((_, k) => `if (l${k} > 0) o${k} += l${k};`).join(" ")}
  }
  return records;`;
}
