/**
 * @module config/upstream/no-effect-fields — upstream fields that tune upstream's own machinery (its
 * ZeroMQ transport, Python GC, service start-up, connection pre-warming) and have nothing to act
 * on here. They are accepted so upstream's configs run unchanged; set to anything but their
 * default, each gets a warning saying why it does nothing (docs/upstream-config.md lists them).
 */
import { getPath } from "../object-path.ts";
import type { BenchmarkConfig } from "../schema/schema.ts";
import { listLeaves } from "../schema/walk.ts";

const NOT_PRE_OPENED =
  "connections are not pre-opened: each is opened by its first request and kept alive; --warmup warms them";
const OWN_SHUTDOWN = "the main process stops the workers by its own shutdown sequence";
const COUNTED_AFTER = "the tokenizer counts every response after the session, in the main process";

interface NoEffect {
  why: string;
  /** A value that already describes what happens here: no warning for it. */
  sameHere?: unknown;
}

/** Schema path (or prefix ending in `.`) → why it has no effect here. */
const NO_EFFECT_FIELDS: Readonly<Record<string, NoEffect>> = {
  "settings.client.warmup_connections": { why: NOT_PRE_OPENED, sameHere: 0 },
  "settings.client.auto_warmup_budget_fraction": { why: NOT_PRE_OPENED },
  "settings.client.max_concurrent_warmup_connects": { why: NOT_PRE_OPENED },
  "settings.client.min_required_connections": { why: NOT_PRE_OPENED, sameHere: 0 },
  "settings.client.max_idle_time": { why: "Bun's fetch keeps idle connections by its own rule, which cannot be set" },
  "settings.client.stream_all_chunks": {
    why: "every chunk's arrival time is always recorded (ITL needs it)",
    sameHere: true,
  },
  "settings.client.worker_graceful_shutdown_wait": { why: OWN_SHUTDOWN },
  "settings.client.worker_force_kill_timeout": { why: OWN_SHUTDOWN },
  "settings.client.worker_gc_mode": {
    why: "it tunes Python's garbage collector in upstream's workers; Bun workers have none to tune",
  },
  "settings.client.transport.": { why: "it tunes upstream's ZeroMQ IPC; workers here talk over unix sockets" },
  "settings.drain.metrics_drain_timeout_s": { why: COUNTED_AFTER },
  "settings.drain.metrics_tokenizer_workers": { why: COUNTED_AFTER },
  "settings.service_ready_timeout_s": {
    why: "it waits for upstream's aggregator and event-logger services; there are none here",
  },
  "model_params.osl_distribution.": { why: "stored and not used, as in mlcommons/endpoints" },
};

/** The NO_EFFECT_FIELDS key that covers `path`. */
function keyFor(path: string): string | undefined {
  if (NO_EFFECT_FIELDS[path] !== undefined) return path;
  return Object.keys(NO_EFFECT_FIELDS).find((key) => key.endsWith(".") && path.startsWith(key));
}

/** One warning per no-effect field (or group) set to something other than its default. */
export function noEffectWarnings(config: BenchmarkConfig): string[] {
  const changed = new Map<string, string[]>();
  for (const leaf of listLeaves()) {
    const key = keyFor(leaf.path);
    if (key === undefined) continue;
    const value = getPath(config, leaf.path.split("."));
    const unset = value === undefined || (leaf.defaultValue === undefined && value === null);
    if (unset || value === leaf.defaultValue || value === NO_EFFECT_FIELDS[key]?.sameHere) continue;
    changed.set(key, [...(changed.get(key) ?? []), `${leaf.path} ${JSON.stringify(value)}`]);
  }
  return [...changed].map(([key, settings]) => `${settings.join(", ")}: no effect (${NO_EFFECT_FIELDS[key]?.why})`);
}
