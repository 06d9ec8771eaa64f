/**
 * @module scripts/record-code/record-batch-source — the source of src/ipc/record-batch-loops.ts: the batch's packing and reading loops.
 *
 * Each field gets its own statement, as a hand-written loop would have (`numbers[3 * count + i] =
 * r.scheduledNs`): monomorphic property accesses, not a loop over field names, which costs more per
 * record on the send path. The statements are the ones ipc/record-batch built with `new Function`
 * until they were generated ahead of time; the types added are erased, so the code run is the same.
 * The text is built from record/request-fields alone, and laid out as the formatter lays it out, so
 * that formatting the written file changes nothing.
 */
import { fieldsOf } from "../../src/record/request-field-lists.ts";
import { bareRead, type CodeField, generatedHeader, readExpression } from "./code-text.ts";

const NUMERIC = fieldsOf("number", "nan", "nullable");
const CODED = fieldsOf("code");
const ARRAYS = fieldsOf("f64s", "u16s", "u32s");
const TEXTS = fieldsOf("text");
const SPARSE = fieldsOf("sparse");
for (const f of SPARSE)
  if (f.fallback !== undefined && f.fallback !== null)
    throw new Error(`${f.name}: a sparse field's fallback must be null`);
const FRAME = fieldsOf("frame").map((f) => f.name);

const ARRAY_TYPE = { f64s: "Float64Array", u16s: "Uint16Array", u32s: "Uint32Array" } as const;
const arrayType = (f: CodeField) => ARRAY_TYPE[f.wire as keyof typeof ARRAY_TYPE];

const NO_CODE = 255;
/** The value is in `overflow`: a batch with more distinct strings than codes (a server's odd finish reasons). */
const OVERFLOW_CODE = 254;

/** A nullable field, null as NaN: `r.x ?? NaN` (a fallback of null adds nothing to it). */
const nullAsNaN = (f: CodeField) =>
  f.fallback === undefined || f.fallback === null ? `r.${f.name} ?? NaN` : `${readExpression("r", f)} ?? NaN`;

const indent = (lines: readonly string[], depth: number) => lines.map((l) => `${"  ".repeat(depth)}${l}`);

function packer(): string[] {
  const numeric = NUMERIC.map(
    (f, k) => `numbers[${k} * count + i] = ${f.wire === "nullable" ? nullAsNaN(f) : bareRead("r", f)};`,
  );
  const coded = CODED.map(
    (f, k) => `codes[${k} * count + i] = code(${readExpression("r", f)} ?? null, ${k} * count + i);`,
  );
  const lengths = ARRAYS.flatMap((f, k) => [
    "{",
    `  const a = ${readExpression("r", f)};`,
    "  if (a) {",
    `    lengths${k}[i] = a.length;`,
    `    total${k} += a.length;`,
    `  } else lengths${k}[i] = -1;`,
    "}",
  ]);
  const texts = TEXTS.flatMap((f, k) => [
    "{",
    `  const t = ${bareRead("r", f)};`,
    `  if (t !== null && t !== undefined) texts${k}.push([i, t]);`,
    "}",
  ]);
  // A sparse field's fallback is null, so the bare property is its value (0 is a value and is sent).
  const sparse = SPARSE.map((f, k) => `if (r.${f.name} != null) sparse${k}.push(i, r.${f.name});`);
  const copies = ARRAYS.flatMap((f, k) => [
    `const values${k} = new ${arrayType(f)}(total${k});`,
    `for (let i = 0, o = 0; i < count; i++) {`,
    `  const a = ${readExpression("(records[i] as RequestRecord)", f)};`,
    "  if (a) {",
    `    values${k}.set(a, o);`,
    "    o += a.length;",
    "  }",
    "}",
  ]);
  return [
    "/** The records as one batch of columns (ipc/record-batch). */",
    "export function packRecords(records: readonly RequestRecord[]): RecordBatch {",
    ...indent(
      [
        "const count = records.length;",
        `const numbers = new Float64Array(${NUMERIC.length} * count);`,
        `const codes = new Uint8Array(${CODED.length} * count);`,
        "const dictionary: string[] = [];",
        "const codeOf = new Map<string, number>();",
        "const overflow: [number, string][] = [];",
        "const code = (value: string | null, position: number): number => {",
        `  if (value === null) return ${NO_CODE};`,
        "  let known = codeOf.get(value);",
        "  if (known === undefined) {",
        `    if (dictionary.length === ${OVERFLOW_CODE}) {`,
        "      overflow.push([position, value]);",
        `      return ${OVERFLOW_CODE};`,
        "    }",
        "    known = dictionary.push(value) - 1;",
        "    codeOf.set(value, known);",
        "  }",
        "  return known;",
        "};",
        ...ARRAYS.flatMap((_, k) => [`const lengths${k} = new Int32Array(count);`, `let total${k} = 0;`]),
        ...TEXTS.map((_, k) => `const texts${k}: [number, string][] = [];`),
        ...SPARSE.map((_, k) => `const sparse${k}: number[] = [];`),
        "for (let i = 0; i < count; i++) {",
        "  const r = records[i] as RequestRecord;",
        ...indent([...numeric, ...coded, ...lengths, ...texts, ...sparse], 1),
        "}",
        ...copies,
        "return {",
        "  count,",
        "  numbers,",
        "  codes,",
        "  dictionary,",
        "  overflow,",
        "  arrays: [",
        ...ARRAYS.map((_, k) => `    { lengths: lengths${k}, values: values${k} },`),
        "  ],",
        `  texts: [${TEXTS.map((_, k) => `texts${k}`).join(", ")}],`,
        // Laid out as the formatter lays out a list this long.
        `  sparse: [${SPARSE.map((_, k) => `sparse${k}`).join(", ")}].map(`,
        "    (pairs) => Float64Array.from(pairs),",
        "  ),",
        "};",
      ],
      1,
    ),
    "}",
  ];
}

function reader(): string[] {
  const numericAt = new Map(NUMERIC.map((f, k) => [f.name, k]));
  const codedAt = new Map(CODED.map((f, k) => [f.name, k]));
  const arrayAt = new Map(ARRAYS.map((f, k) => [f.name, k]));
  const textAt = new Map(TEXTS.map((f, k) => [f.name, k]));
  const properties = [...FRAME, ...NUMERIC, ...CODED, ...ARRAYS, ...TEXTS, ...SPARSE].map((entry) => {
    if (typeof entry === "string") return `${entry},`;
    const { name, wire } = entry;
    // Null in every record's literal (one shape for all), then set from the pairs after the loop.
    if (wire === "sparse") return `${name}: null,`;
    const n = numericAt.get(name);
    if (n !== undefined)
      return wire === "nullable"
        ? `${name}: orNull(numbers[${n} * count + i] as number),`
        : `${name}: numbers[${n} * count + i] as number,`;
    const c = codedAt.get(name);
    if (c !== undefined) return `${name}: coded(${c} * count + i) as RequestRecord["${name}"],`;
    const a = arrayAt.get(name);
    if (a !== undefined) return `${name}: l${a} < 0 ? null : v${a}.subarray(o${a}, o${a} + l${a}),`;
    return `${name}: texts${textAt.get(name)}.get(i) ?? null,`;
  });
  return [
    "/** The records of a batch from worker `workerId`, all of `phase`; their typed arrays are views into the batch's. */",
    "export function readRecords(batch: RecordBatch, phase: string, workerId: number): RequestRecord[] {",
    ...indent(
      [
        "const { count, numbers, codes, dictionary } = batch;",
        "const orNull = (value: number): number | null => (value !== value ? null : value);",
        "const overflow = batch.overflow.length > 0 ? new Map(batch.overflow) : null;",
        "const coded = (position: number): string | null => {",
        "  const code = codes[position] as number;",
        `  if (code === ${NO_CODE}) return null;`,
        `  return code === ${OVERFLOW_CODE} ? ((overflow as Map<number, string>).get(position) as string) : (dictionary[code] as string);`,
        "};",
        ...TEXTS.map((_, k) => `const texts${k} = new Map(batch.texts[${k}]);`),
        ...ARRAYS.flatMap((f, k) => [
          `const lengths${k} = (batch.arrays[${k}] as Column).lengths;`,
          `const v${k} = (batch.arrays[${k}] as Column).values as ${arrayType(f)};`,
          `let o${k} = 0;`,
        ]),
        "const records: RequestRecord[] = new Array(count);",
        "for (let i = 0; i < count; i++) {",
        ...ARRAYS.map((_, k) => `  const l${k} = lengths${k}[i] as number;`),
        "  records[i] = {",
        ...indent(properties, 2),
        "  };",
        ...ARRAYS.map((_, k) => `  if (l${k} > 0) o${k} += l${k};`),
        "}",
        ...SPARSE.flatMap((f, k) => [
          `for (let k = 0, pairs = batch.sparse[${k}] as Float64Array; k + 1 < pairs.length; k += 2)`,
          `  (records[pairs[k] as number] as RequestRecord).${f.name} = pairs[k + 1] as number;`,
        ]),
        "return records;",
      ],
      1,
    ),
    "}",
  ];
}

/** The text of src/ipc/record-batch-loops.ts. */
export function recordBatchLoopsText(): string {
  if (FRAME.join() !== "phase,workerId")
    throw new Error(`record-batch sends phase and workerId once per frame, not ${FRAME.join()}`);
  return [
    ...generatedHeader(
      "ipc/record-batch-loops",
      "ipc/record-batch's packing and reading loops, a statement per field",
      "scripts/record-code/record-batch-source",
    ),
    'import type { RequestRecord } from "../record/request-record.ts";',
    'import type { RecordBatch } from "./record-batch.ts";',
    "",
    'type Column = RecordBatch["arrays"][number];',
    "",
    ...packer(),
    "",
    ...reader(),
    "",
  ].join("\n");
}
