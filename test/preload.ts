/** @module test/preload — makes every test hermetic: no secrets or tokens from the developer's environment. */
for (const name of Object.keys(process.env)) {
  if (/(_API_KEY|_TOKEN|^HF_HOME$|^HF_HUB_OFFLINE$)/.test(name)) delete process.env[name];
}
process.env.NO_COLOR = "1";
