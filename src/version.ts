/** @module version — the tool's version, the git SHA and the platform it was built for (set by scripts/compile-binary.ts). */
import pkg from "../package.json" with { type: "json" };

declare const __GIT_SHA__: string | undefined;
declare const __BUILD_TARGET__: string | undefined;

export const VERSION: string = pkg.version;
export const GIT_SHA: string | null = typeof __GIT_SHA__ === "string" && __GIT_SHA__ !== "" ? __GIT_SHA__ : null;
/** The platform a compiled binary was built for (`linux-arm64`), or "source" when run by bun from the source tree. */
export const BUILD_TARGET: string =
  typeof __BUILD_TARGET__ === "string" && __BUILD_TARGET__ !== "" ? __BUILD_TARGET__ : "source";
