/**
 * @module test/e2e/explain-failure — a failing assertion that carries the run's own output.
 *
 * A test that fails once in a CI run leaves only its assertion's message; for a run whose
 * outcome depends on many steps (a sweep, a search) that message cannot say why. Wrapping the
 * checks in `explained` appends what the run printed, so the next failure names its cause.
 */

/** Runs `checks`; if one throws, rethrows it with `context()` appended to its message. */
export async function explained<T>(context: () => string, checks: () => T | Promise<T>): Promise<T> {
  try {
    return await checks();
  } catch (error) {
    if (error instanceof Error) error.message = `${error.message}\n--- the run printed:\n${context()}`;
    throw error;
  }
}
