/**
 * @module accuracy/bfcl/ast-checker — BFCL v4's single-turn AST check: whether a model's function
 * calls match the ground truth, as bfcl-eval's `ast_checker` decides it.
 *
 * A category naming "parallel" takes the calls in any order (each expected call, in turn, takes the
 * first unclaimed model call that passes — greedy, not a best matching); one naming "multiple"
 * checks the first call against the one expected; any other wants exactly one call. A call passes
 * when it names the declared function (dots as underscores for models that cannot use dots, see
 * accuracy/bfcl/dotless-models), gives every required parameter, no parameter the ground truth
 * lacks, and each value passes accuracy/bfcl/ast-values; parameters left out must be optional there.
 * For Java and JavaScript every value arrives as source text and is converted first (java-types,
 * js-types); a non-string is rejected outright.
 *
 * Where bfcl-eval would raise (a malformed call such as arguments that are a list, or a description
 * naming an unknown type) the sample is invalid, with `errorType` "python_exception:<kind>": the
 * Python caller would abort the whole scoring run there.
 */
import { type CheckResult, checkDict, checkList, checkListOfDicts, checkString, checkType } from "./ast-values.ts";
import { expectedCallName } from "./dotless-models.ts";
import { JAVA_TYPES, javaValue } from "./java-types.ts";
import { JS_TYPES, jsValue } from "./js-types.ts";
import {
  PyFloat,
  PyRaise,
  type PyType,
  isDict,
  pyContains,
  pyGet,
  pyItems,
  pyIter,
  pyLen,
  pySequence,
  pyType,
} from "./py-values.ts";

export type BfclLanguage = "python" | "java" | "javascript";
export type { CheckResult } from "./ast-values.ts";

const PYTHON_TYPES: Readonly<Record<string, PyType>> = {
  string: "str",
  integer: "int",
  float: "float",
  boolean: "bool",
  array: "list",
  tuple: "list",
  dict: "dict",
  any: "str",
};
/** Declared types whose elements are type-checked too (`items.type`). */
const PYTHON_NESTED = new Set(["array", "tuple"]);
/** Java and JavaScript types converted with their element type. */
const CONVERTED_NESTED = new Set(["Array", "ArrayList", "array"]);

const fail = (errorType: string, message: string): CheckResult => ({ valid: false, error: [message], errorType });

/** `table[key]`, raising as a Python dict lookup does. */
function lookup<T>(table: Readonly<Record<string, T>>, key: unknown): T {
  if (typeof key === "string" && Object.hasOwn(table, key)) return table[key] as T;
  throw new PyRaise(pyType(key) === "list" || pyType(key) === "dict" ? "TypeError" : "KeyError", String(key));
}

/** The only key of a ground-truth call (`{name: {param: options}}`). */
function firstKey(call: unknown): string {
  if (!isDict(call)) throw new PyRaise("AttributeError", `'${pyType(call)}' object has no attribute 'keys'`);
  const [key] = Object.keys(call);
  if (key === undefined) throw new PyRaise("IndexError", "list index out of range");
  return key;
}

/** The description of `name` in a list of them (null when absent); a lone description is itself. */
function findDescription(descriptions: unknown, name: string): unknown {
  if (pyType(descriptions) !== "list") return descriptions;
  return (descriptions as unknown[]).find((d) => pyGet(d, "name") === name) ?? null;
}

type Converted =
  | { failure?: undefined; value: unknown; expected: PyType | "set"; nested: PyType | null }
  | { failure: CheckResult };

/** A Java or JavaScript value converted from its source text, or the failure when it is not text. */
function converted(
  param: string,
  value: unknown,
  details: unknown,
  declared: unknown,
  language: "java" | "javascript",
): Converted {
  const table = language === "java" ? JAVA_TYPES : JS_TYPES;
  const expected = lookup<PyType | "set">(table, declared);
  if (typeof value !== "string")
    return {
      failure: fail(
        language === "java" ? "type_error:java" : "type_error:js",
        `Incorrect type for ${JSON.stringify(param)}: expected a String of source text, got ${pyType(value)}.`,
      ),
    };
  const convert = language === "java" ? javaValue : jsValue;
  if (!CONVERTED_NESTED.has(declared as string))
    return { value: convert(value, declared as string), expected, nested: null };
  const elementType = pyGet(pyGet(details, "items"), "type");
  const nested = lookup<PyType | "set">(table, elementType) as PyType;
  return { value: convert(value, declared as string, elementType as string), expected, nested };
}

/** One model call (`{name: arguments}`) against one ground-truth call, given the function's description. */
function checkCall(
  description: unknown,
  call: unknown,
  answer: unknown,
  language: BfclLanguage,
  modelName: string,
): CheckResult {
  if (!isDict(answer)) throw new PyRaise("AttributeError", `'${pyType(answer)}' object has no attribute 'values'`);
  const options = pyGet(answer, firstKey(answer));
  const declaredName = pyGet(description, "name");
  const parameters = pyGet(description, "parameters");
  const properties = pyGet(parameters, "properties");
  const required = pyGet(parameters, "required");
  if (typeof declaredName !== "string") throw new PyRaise("TypeError", "function name is not a string");
  const name = expectedCallName(declaredName, modelName);
  if (!pyContains(call, name))
    return fail(
      "simple_function_checker:wrong_func_name",
      `Function ${JSON.stringify(name)} not found in the model's call.`,
    );
  const args = pyGet(call, name);
  for (const param of pyIter(required)) {
    if (!pyContains(args, param))
      return fail("simple_function_checker:missing_required", `Missing required parameter ${JSON.stringify(param)}.`);
  }
  for (const [param, raw] of pyItems(args)) {
    if (!pyContains(properties, param) || !pyContains(options, param))
      return fail("simple_function_checker:unexpected_param", `Unexpected parameter ${JSON.stringify(param)}.`);
    const details = pyGet(properties, param);
    const declared = pyGet(details, "type");
    let value = raw;
    let expected: PyType | "set";
    let nested: PyType | null = null;
    if (language === "python") {
      expected = lookup(PYTHON_TYPES, declared);
      if (PYTHON_NESTED.has(declared as string)) nested = lookup(PYTHON_TYPES, pyGet(pyGet(details, "items"), "type"));
      // bfcl-eval widens an int given for a float (a float for an int stays a type error). Its tuple-to-list
      // step has nothing to do here: JSON has no tuples.
      if (declared === "float" && pyType(value) === "int") value = new PyFloat(value as number);
    } else {
      const result = converted(param, raw, details, declared, language);
      if (result.failure !== undefined) return result.failure;
      ({ value, expected, nested } = result);
    }
    const accepted = pyGet(options, param);
    const typed = checkType(param, value, accepted, expected, nested);
    if (!typed.valid) return { valid: false, error: typed.error, errorType: typed.errorType as string };
    // A variable (a value of the options' type, not the declared one) is compared exactly below.
    if (!typed.isVariable) {
      let result: CheckResult | null = null;
      if (expected === "dict") result = checkDict(param, value, accepted);
      else if (expected === "list" && nested === "dict") result = checkListOfDicts(param, value, accepted);
      else if (expected === "str") result = checkString(param, value as string, accepted);
      else if (expected === "list") result = checkList(param, value, accepted);
      if (result !== null) {
        if (!result.valid) return result;
        continue;
      }
    }
    if (!pyContains(accepted, value))
      return fail(
        "value_error:others",
        `Invalid value for ${JSON.stringify(param)}: ${JSON.stringify(value)}; expected one of ${JSON.stringify(accepted)}.`,
      );
  }
  for (const param of pyIter(options)) {
    if (!pyContains(args, param) && !pyContains(pyGet(options, param as string), "")) {
      return fail(
        "simple_function_checker:missing_optional",
        `Parameter ${JSON.stringify(param)} is left out but not optional.`,
      );
    }
  }
  return { valid: true, error: [] };
}

/** Every expected call matched by a distinct model call, in any order. */
function checkParallel(
  descriptions: unknown,
  output: unknown[],
  answers: unknown,
  language: BfclLanguage,
  modelName: string,
): CheckResult {
  if (output.length !== pyLen(answers))
    return fail("parallel_function_checker_no_order:wrong_count", "Wrong number of functions.");
  const claimed = new Set<number>();
  for (const [i, answer] of pySequence(answers).entries()) {
    const description = findDescription(descriptions, firstKey(answer));
    const errors: string[] = [];
    let result: CheckResult = { valid: true, error: [] };
    for (const [index, call] of output.entries()) {
      if (claimed.has(index)) continue;
      result = checkCall(description, call, answer, language, modelName);
      if (result.valid) {
        claimed.add(index);
        break;
      }
      errors.push(`model call ${index}: ${result.error.join(" ")}`);
    }
    if (!result.valid)
      return {
        valid: false,
        error: [`No model call matches expected call ${i}.`, ...errors],
        errorType: "parallel_function_checker_no_order:cannot_find_match",
      };
  }
  return { valid: true, error: [] };
}

/**
 * bfcl-eval's verdict on one sample. `modelOutput` holds one `{functionName: arguments}` per call;
 * `possibleAnswer` is the sample's ground truth (one `{functionName: {param: options}}` per call).
 * Numbers keep Python's int/float distinction only when parsed with parseBfclJson.
 */
export function bfclAstCheck(
  funcDescriptions: unknown[],
  modelOutput: Record<string, unknown>[],
  possibleAnswer: unknown[],
  language: BfclLanguage,
  testCategory: string,
  modelName: string,
): CheckResult {
  try {
    if (testCategory.includes("parallel"))
      return checkParallel(funcDescriptions, modelOutput, possibleAnswer, language, modelName);
    if (testCategory.includes("multiple")) {
      if (modelOutput.length !== pyLen(possibleAnswer))
        return fail("multiple_function_checker:wrong_count", "Wrong number of functions.");
      const answer = pyGet(possibleAnswer, 0);
      return checkCall(
        findDescription(funcDescriptions, firstKey(answer)),
        modelOutput[0],
        answer,
        language,
        modelName,
      );
    }
    if (modelOutput.length !== 1) return fail("simple_function_checker:wrong_count", "Wrong number of functions.");
    return checkCall(pyGet(funcDescriptions, 0), modelOutput[0], pyGet(possibleAnswer, 0), language, modelName);
  } catch (error) {
    if (error instanceof PyRaise)
      return fail(`python_exception:${error.kind}`, `bfcl-eval raises ${error.kind} here: ${error.message}`);
    throw error;
  }
}
