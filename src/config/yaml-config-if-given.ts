/**
 * @module config/yaml-config-if-given — a command's `-c FILE`, read only when one is given.
 *
 * The yaml package is loaded here and nowhere on the way to a run from flags alone, so such a
 * run starts without evaluating it (test/e2e/start-up-imports guards that).
 */

/** The config file at `path` as a plain object, or undefined when no file was named. */
export async function yamlConfigIfGiven(path: string | undefined): Promise<unknown> {
  if (path === undefined) return undefined;
  const { loadYamlConfig } = await import("./load-yaml.ts");
  return loadYamlConfig(path);
}
