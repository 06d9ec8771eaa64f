/**
 * @module accuracy/bfcl/ast-values — BFCL's judgement of one argument value: its type, then its
 * value against the ground truth's options, as bfcl-eval's AST checker does it.
 *
 * The ground truth lists, per parameter, every acceptable value; `""` among them marks the parameter
 * optional. An option of another type than the declared one means "a variable": the model may pass
 * a value of that type (usually a name as a string), compared exactly. Otherwise strings compare
 * after {@link standardize}, lists element by element (order kept), dicts key by key, other values
 * with Python's `==` (so `1 == 1.0 == True`). Nested types are checked one level deep only.
 */
import { pyContains, pyEquals, pyItems, pyGet, pyIter, pyLen, pySequence, pyType, type PyType } from "./py-values.ts";

export interface CheckResult {
  valid: boolean;
  error: string[];
  errorType?: string;
}

/** Failed checks say which check, as bfcl-eval's `error_type` does ("value_error:string", ...). */
const fail = (errorType: string, message: string): CheckResult => ({ valid: false, error: [message], errorType });
const pass = (): CheckResult => ({ valid: true, error: [] });
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The type of the first option that is not the optional marker, or null when all are. */
function optionType(options: unknown): PyType | null {
  for (const option of pyIter(options)) if (!pyEquals(option, "")) return pyType(option);
  return null;
}

/**
 * Whether `value` has the declared type, or the type of the ground truth's options (a variable).
 * With an element type, every element must pass against at least one list option (or the options
 * hold a non-list, which passes without looking).
 */
export function checkType(
  param: string,
  value: unknown,
  options: unknown,
  expected: PyType | "set",
  nested: PyType | null,
): CheckResult & { isVariable: boolean } {
  const answerType = optionType(options);
  const isVariable = answerType !== null && answerType !== expected;
  const valueType = pyType(value);
  let nestedFailure: string | null = null;
  if (valueType === expected) {
    if (nested === null) return { ...pass(), isVariable };
    for (const option of pyIter(options)) {
      const ok =
        pyType(option) !== "list" || pyIter(value).every((item) => checkType(param, item, option, nested, null).valid);
      if (ok) return { ...pass(), isVariable };
    }
    nestedFailure = `Nested type check failed for ${show(param)}: expected ${expected} of ${nested}, got ${show(value)}.`;
  }
  // Python carries on after a failed nested check: a value of the options' type keeps that error.
  if (answerType !== null && valueType === answerType) {
    return nestedFailure === null
      ? { ...pass(), isVariable: true }
      : { ...fail("type_error:nested", nestedFailure), isVariable: true };
  }
  const message = `Incorrect type for ${show(param)}: expected ${expected}, got ${valueType} (${show(value)}).`;
  return {
    valid: false,
    error: nestedFailure === null ? [message] : [nestedFailure, message],
    errorType: "type_error:simple",
    isVariable: false,
  };
}

/** Spaces and `,./-_*^` dropped, lower case, `'` as `"`: "April 1, 2024" and "april 1 2024" match. */
const standardize = (text: string): string =>
  text
    .replace(/[ ,./\-_*^]/g, "")
    .toLowerCase()
    .replaceAll("'", '"');

const standardized = (value: unknown): unknown => (typeof value === "string" ? standardize(value) : value);

export function checkString(param: string, value: string, options: unknown): CheckResult {
  const accepted = pySequence(options)
    .filter((o) => typeof o === "string")
    .map(standardized);
  return pyContains(accepted, standardize(value))
    ? pass()
    : fail(
        "value_error:string",
        `Invalid value for ${show(param)}: ${show(value)}; expected one of ${show(options)} (case-insensitive).`,
      );
}

export function checkList(param: string, value: unknown, options: unknown): CheckResult {
  const accepted = pySequence(options).map((option) => pySequence(option).map(standardized));
  return pyContains(accepted, pySequence(value).map(standardized))
    ? pass()
    : fail(
        "value_error:list/tuple",
        `Invalid value for ${show(param)}: ${show(value)}; expected one of ${show(options)}.`,
      );
}

/** A flat dict against each dict option: no unknown key, each value among its options, no required key left out. */
export function checkDict(param: string, value: unknown, options: unknown): CheckResult {
  let result = fail("dict_checker:unclear", `No option for ${show(param)} to compare with.`);
  for (const option of pySequence(options)) {
    if (pyEquals(option, "")) continue;
    const errors: string[] = [];
    let errorType = "dict_checker:unclear";
    const note = (type: string, message: string): void => {
      errors.push(message);
      errorType = type;
    };
    for (const [key, item] of pyItems(value)) {
      if (!pyContains(option, key)) {
        note("value_error:dict_key", `Unexpected dict key ${show(key)}.`);
        break;
      }
      const accepted = pySequence(pyGet(option, key)).map(standardized);
      if (!pyContains(accepted, standardized(item))) {
        note(
          "value_error:dict_value",
          `Invalid value for dict key ${show(key)}: ${show(item)}; expected one of ${show(accepted)}.`,
        );
        break;
      }
    }
    // Python runs this pass even after the first one failed, so a missing key is reported last.
    for (const [key, accepted] of pyItems(option)) {
      if (!pyContains(value, key) && !pyContains(accepted, "")) {
        note("value_error:dict_key", `Missing dict key ${show(key)}.`);
        break;
      }
    }
    if (errors.length === 0) return pass();
    result = { valid: false, error: errors, errorType };
  }
  return result;
}

/** A list of dicts against each list option: same length, and each dict passes {@link checkDict} against its counterpart. */
export function checkListOfDicts(param: string, value: unknown, options: unknown): CheckResult {
  let result = fail("list_dict_checker:unclear", `No option for ${show(param)} to compare with.`);
  for (const option of pySequence(options)) {
    if (pyLen(value) !== pyLen(option)) {
      result = fail("value_error:list_dict_count", `Wrong number of dictionaries in ${show(param)}.`);
      continue;
    }
    let ok = true;
    for (const [i, item] of pySequence(value).entries()) {
      result = checkDict(param, item, [pyGet(option, i)]);
      if (!result.valid) {
        ok = false;
        break;
      }
    }
    if (ok) return pass();
  }
  return result;
}
