/**
 * @module scripts/check — `npm run check`: the project's types as `tsc --noEmit -p .` checks them, then the exports
 * nothing uses (scripts/check-exports), from one TypeScript program.
 *
 * One program rather than `tsc` and then check-exports building a second: the checker's work is done once, which on
 * the 2-core CI machine took the step from 42 s to about half that.
 */
import ts from "typescript";
import { loadProgram, reportUnusedExports } from "./check-exports.ts";

const program = loadProgram();
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.length > 0) {
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => ts.sys.newLine,
  };
  process.stdout.write(ts.formatDiagnostics(diagnostics, host));
  console.error(`check: ${diagnostics.length} type error(s)`);
}
const exportsUsed = reportUnusedExports(program);
process.exit(diagnostics.length === 0 && exportsUsed ? 0 : 1);
