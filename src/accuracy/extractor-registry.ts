/**
 * @module accuracy/extractor-registry — extractors by the names configs use (`accuracy_config.extractor`).
 *
 * An extractor is a pure `(text) => string | null`: the answer found in a model's output, or
 * null when there is none. Names are upstream's, and so are the class names results files give
 * them (upstream writes `extractor.__name__`).
 */
import { InputError } from "../errors.ts";
import { abcdExtractor } from "./extractors/abcd-extractor.ts";
import { boxedMathExtractor } from "./extractors/boxed-math-extractor.ts";
import { extractFunctionCalls } from "./extractors/function-call-extractor.ts";
import { pythonCodeExtractor } from "./extractors/python-code-extractor.ts";
import type { ExtractorName } from "./scoring-setup.ts";

export type Extractor = (text: string) => string | null;

/** `identity_extractor`: the output unchanged. */
export function identityExtractor(text: string): string {
  return text;
}

const EXTRACTORS: Readonly<Record<ExtractorName, Extractor>> = {
  abcd_extractor: abcdExtractor,
  boxed_math_extractor: boxedMathExtractor,
  function_call_extractor: extractFunctionCalls,
  identity_extractor: identityExtractor,
  python_code_extractor: pythonCodeExtractor,
};

/** Upstream's class of each extractor: accuracy_results.json names the extractor by it. */
const CLASS_NAMES: Readonly<Record<ExtractorName, string>> = {
  abcd_extractor: "ABCDExtractor",
  boxed_math_extractor: "BoxedMathExtractor",
  function_call_extractor: "FunctionCallExtractor",
  identity_extractor: "IdentityExtractor",
  python_code_extractor: "PythonCodeExtractor",
};

/** `abcd_extractor` → `ABCDExtractor`; an unknown name is an InputError, as getExtractor's. */
export function extractorClassName(name: string): string {
  getExtractor(name);
  return CLASS_NAMES[name as ExtractorName];
}

/** Registered extractor names, sorted. */
export function extractorNames(): string[] {
  return Object.keys(EXTRACTORS).sort();
}

/** The extractor called `name`; an unknown name is an InputError listing the registered ones. */
export function getExtractor(name: string): Extractor {
  const extractor = Object.hasOwn(EXTRACTORS, name) ? EXTRACTORS[name as ExtractorName] : undefined;
  if (!extractor) {
    throw new InputError(`unknown extractor '${name}'`, {
      hint: `accuracy_config.extractor must be one of: ${extractorNames().join(", ")}`,
    });
  }
  return extractor;
}
