/**
 * @module test/support/bad-config-cases — bad YAML configs for `benchmark from-config`, each with the exit code and
 * the words its `error:` line must hold, beside test/support/bad-input-cases (same context, same runners).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { file, type BadInputCase, type CaseContext } from "./bad-input-cases.ts";

/** A valid offline YAML with `extraModelLine` under model_params and `endpoint` as the only endpoint. */
function offlineYaml(c: CaseContext, name: string, extraModelLine: string, endpoint = c.url): string {
  const path = join(c.dir, name);
  const yaml = [
    "type: offline",
    "model_params:",
    "  name: m",
    `  ${extraModelLine}`,
    "datasets:",
    `  - path: ${c.dataset}`,
    "endpoint_config:",
    "  endpoints:",
    `    - ${endpoint}`,
    "",
  ].join("\n");
  writeFileSync(path, yaml);
  return path;
}
const fromConfig = (c: CaseContext, path: string) => [
  "benchmark",
  "from-config",
  "-c",
  path,
  "--report-dir",
  c.reportDir,
];

export const CONFIG_CASES: BadInputCase[] = [
  [
    "a YAML key that does not exist",
    (c) => fromConfig(c, offlineYaml(c, "typo.yaml", "temprature: 0.5")),
    2,
    true,
    () => "temprature",
  ],
  [
    "an unset ${VAR} in the YAML",
    (c) => fromConfig(c, offlineYaml(c, "env.yaml", "seed: 1", "${IE_TEST_UNSET_VAR}")),
    2,
    true,
    () => "IE_TEST_UNSET_VAR",
  ],
  [
    "a YAML syntax error",
    (c) => fromConfig(c, file(c, "bad.yaml", "type: offline\nmodel_params:\n  name: [m\n")),
    2,
    false,
    (c) => join(c.dir, "bad.yaml"),
  ],
  [
    "a YAML file that is a list",
    (c) => fromConfig(c, file(c, "list.yaml", "- type: offline\n")),
    2,
    false,
    (c) => join(c.dir, "list.yaml"),
  ],
  [
    "a YAML value of the wrong type",
    (c) => fromConfig(c, offlineYaml(c, "type.yaml", "max_new_tokens: lots")),
    2,
    true,
    () => "max_new_tokens",
  ],
  [
    "a config file that does not exist",
    (c) => fromConfig(c, join(c.dir, "absent.yaml")),
    2,
    false,
    (c) => join(c.dir, "absent.yaml"),
  ],
  [
    "a per-run key in generation_config_override",
    (c) =>
      fromConfig(
        c,
        file(
          c,
          "gco.yaml",
          `type: offline\nmodel_params: {name: m}\ndatasets: [{path: ${c.dataset}, generation_config_override: {name: x}}]\nendpoint_config: {endpoints: ['${c.url}']}\n`,
        ),
      ),
    2,
    true,
    () => "generation_config_override.name: 'name' is per run, not per dataset",
  ],
  [
    "a seed too large for a number",
    (c) =>
      fromConfig(
        c,
        file(
          c,
          "seed.yaml",
          `type: offline\nmodel_params: {name: m}\ndatasets: [{path: ${c.dataset}}]\nsettings: {runtime: {scheduler_random_seed: 1e400}}\nendpoint_config: {endpoints: ['${c.url}']}\n`,
        ),
      ),
    2,
    true,
    () =>
      "scheduler_random_seed (--runtime.scheduler-random-seed): expected a whole number (an RNG seed), got Infinity",
  ],
  [
    "a YAML parser that renames the prompt away",
    (c) =>
      fromConfig(
        c,
        file(
          c,
          "parser.yaml",
          `type: offline\nmodel_params: {name: m}\ndatasets: [{path: ${c.dataset}, parser: {bogus: question}}]\nendpoint_config: {endpoints: ['${c.url}']}\n`,
        ),
      ),
    2,
    true,
    () =>
      "hint: the parser renames the file's column 'question' to 'bogus', which no request reads; map it as parser.prompt=question",
  ],
];
