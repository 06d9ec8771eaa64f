/**
 * @module plan/shard-plan — one host's part of a plan that several hosts run together (`--shard I/N`).
 *
 * Every shard computes the same seeded plan and keeps its part, as k6's execution segments do:
 * open-loop entries i ≡ I (mod N) with their absolute due offsets, so the union of all shards
 * is exactly the single-host schedule (a Poisson stream dealt round-robin stays Poisson at 1/N
 * of the rate on each host); a closed loop's slots split the same way (remainders to the first
 * shards) with its entries; conversations whole, by slot; an open-loop in-flight ceiling split
 * as evenly as possible. This is plan/deal-plan's deal, applied across hosts instead of worker
 * processes. Pure.
 */
import { InputError } from "../errors.ts";
import { isConversationPlan, type ConversationPlan } from "./conversation-plan.ts";
import { dealPlan } from "./deal-plan.ts";
import type { PhasePlan } from "./phase-plan.ts";

interface ShardSpec {
  index: number;
  count: number;
}

const SHARD = /^(\d+)\/(\d+)$/;

/**
 * `I/N`, or `auto`: Slurm's SLURM_PROCID/SLURM_NTASKS, else a Kubernetes Indexed Job's
 * JOB_COMPLETION_INDEX with `shards` (the Job's completions). Null when sharding is off.
 */
export function resolveShard(
  text: string | null,
  shards: number | null,
  env: Readonly<Record<string, string | undefined>>,
): ShardSpec | null {
  if (text === null) return null;
  let index: number;
  let count: number;
  if (text === "auto") {
    if (env.SLURM_PROCID !== undefined && env.SLURM_NTASKS !== undefined)
      [index, count] = [Number(env.SLURM_PROCID), Number(env.SLURM_NTASKS)];
    else if (env.JOB_COMPLETION_INDEX !== undefined && shards !== null)
      [index, count] = [Number(env.JOB_COMPLETION_INDEX), shards];
    else {
      throw new InputError(
        "--shard auto: neither SLURM_PROCID/SLURM_NTASKS (srun) nor JOB_COMPLETION_INDEX with --shards (a Kubernetes Indexed Job) is set",
        {
          hint: "run under srun, or in an Indexed Job with --shards <completions>, or give --shard I/N",
        },
      );
    }
  } else {
    const m = SHARD.exec(text.trim());
    if (!m)
      throw new InputError(`--shard expects I/N (0-based shard of N) or auto, got '${text}'`, {
        hint: "e.g. --shard 0/2 on one host and --shard 1/2 on the other",
      });
    [index, count] = [Number(m[1]), Number(m[2])];
  }
  if (!Number.isInteger(index) || !Number.isInteger(count) || count < 1 || index < 0 || index >= count) {
    throw new InputError(`--shard ${index}/${count}: the shard must be 0 … ${Math.max(0, count - 1)} of ${count}`);
  }
  return { index, count };
}

/** This shard's part of `plan` (the whole plan for a single shard). */
export function shardPlan(plan: PhasePlan, shard: ShardSpec): PhasePlan {
  if (shard.count === 1) return plan;
  const part = dealPlan(plan, shard.count)[shard.index];
  if (!part) throw new Error(`shard ${shard.index} of ${shard.count} has no part`);
  const own: PhasePlan = {
    ...plan,
    sampleIndex: part.sampleIndex,
    offsetNs: part.offsetNs,
    slotOffsetsNs: part.slotOffsetsNs,
    maxConcurrency: part.inFlightCap,
    ...(part.modelIndex ? { modelIndex: part.modelIndex } : {}),
    ...(part.bodyIndex ? { bodyIndex: part.bodyIndex } : {}),
  };
  if (isConversationPlan(plan) && part.conversations)
    return { ...own, conversations: part.conversations } as ConversationPlan;
  return own;
}
