/**
 * @module scripts/record-code/code-text — what the record's generated sources share: a field as the generators see it, a property read, the file header.
 *
 * Field names are identifiers record/request-fields declares, never input, so they go into the
 * source as they are.
 */
import type { FieldName, FieldSpec } from "../../src/record/request-field-lists.ts";

export type CodeField = FieldSpec & { name: FieldName };

/** A property read of `f` on `object`: its fallback where a producer may leave it unset. */
export function readExpression(object: string, f: CodeField): string {
  return f.fallback === undefined ? `${object}.${f.name}` : `(${object}.${f.name} ?? ${JSON.stringify(f.fallback)})`;
}

/** The same read where nothing binds tighter around it (a statement's value, the left of `??`): without its parentheses, as the formatter writes it. */
export function bareRead(object: string, f: CodeField): string {
  return f.fallback === undefined ? `${object}.${f.name}` : `${object}.${f.name} ?? ${JSON.stringify(f.fallback)}`;
}

/** The opening comment of a generated file: what it owns, and that it is written, not edited. */
export function generatedHeader(module: string, owns: string, source: string): string[] {
  return [
    "/**",
    ` * @module ${module} — ${owns}.`,
    " *",
    ` * Generated from record/request-fields by scripts/make-record-code.ts (${source}), not`,
    " * edited: run it after a change to record/request-fields; a test fails while this file differs",
    " * from what it writes. Typed source rather than `new Function`, so that it type-checks and a",
    " * debugger steps through it.",
    " */",
  ];
}
