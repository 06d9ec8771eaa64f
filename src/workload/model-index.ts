/**
 * @module workload/model-index — a run's models by index, shared by plain runs, traces (workload/model-workload)
 * and conversations (workload/turn-models): a name's index, added at the end when new; the cap
 * the record's 16-bit model column sets; and the names a console note lists.
 */
import { InputError } from "../errors.ts";
import type { RunModel } from "../record/run-models.ts";

/** Model indices travel as 16-bit integers (record/request-fields). */
const MAX_MODELS = 65_536;
const NAMED_IN_NOTE = 5;

/** A function giving a name's index in `models`, pushing a model without a tokenizer for a name not there yet. */
export function modelIndexer(models: RunModel[]): (name: string) => number {
  const indexOf = new Map(models.map((m, i) => [m.name, i]));
  return (name) => {
    let index = indexOf.get(name);
    if (index === undefined) {
      index = models.push({ name, tokenizer: null }) - 1;
      indexOf.set(name, index);
    }
    return index;
  };
}

/** Refuses more models than the record's model column can index; `source` names the dataset. */
export function assertModelCount(models: readonly RunModel[], source: string): void {
  if (models.length > MAX_MODELS)
    throw new InputError(`${source}: its rows name ${models.length} models; a run sends to at most ${MAX_MODELS}`);
}

/** The names of the models from index `from` on, the first few and how many in all, for a console note. */
export function namedModels(models: readonly RunModel[], from: number): string[] {
  const named = models.slice(from, from + NAMED_IN_NOTE).map((m) => m.name);
  if (models.length > from + NAMED_IN_NOTE) named.push(`… ${models.length - from} in all`);
  return named;
}
