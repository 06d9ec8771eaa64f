/** @module scripts/build — compiles `dist/inference-endpoint` for this host (scripts/compile-binary). */
import { join } from "node:path";
import { compileBinary, gitSha } from "./compile-binary.ts";

const outfile = join(import.meta.dir, "..", "dist", "inference-endpoint");
const sha = await gitSha();
await compileBinary(outfile, null, `${process.platform}-${process.arch}`, sha);
console.error(`built ${outfile}${sha ? ` (${sha})` : ""}`);
