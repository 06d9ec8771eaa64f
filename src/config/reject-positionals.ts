/** @module config/reject-positionals — a stray word on the command line is an error, never silently dropped. */
import { InputError } from "../errors.ts";

export function rejectPositionals(positionals: readonly string[], command: string): void {
  const [first] = positionals;
  if (first === undefined) return;
  throw new InputError(`unexpected argument '${first}' for ${command}`, {
    hint: `every value needs its flag (e.g. --dataset ${first}); boolean flags take true/false, not a number; run \`inference-endpoint ${command} --help\``,
  });
}
