/** @module version — the tool's version and the git SHA it was built from (set by scripts/build.ts). */
import pkg from "../package.json" with { type: "json" };

declare const __GIT_SHA__: string | undefined;

export const VERSION: string = pkg.version;
export const GIT_SHA: string | null = typeof __GIT_SHA__ === "string" && __GIT_SHA__ !== "" ? __GIT_SHA__ : null;
