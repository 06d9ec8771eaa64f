/**
 * @module scripts/check-exports — lists exports no other file uses; exits 1 when there are any (`npm run check`, CI).
 *
 * An export is used when an identifier in another file of the project (src, workers, scripts,
 * test) resolves to it — through a static import, a re-export, a dynamic `import()` or a
 * `typeof import()` — as the TypeScript checker sees it, so a name that only looks alike does
 * not count. Test files themselves are read by `bun test`, not imported: their exports are
 * not checked. A module under src/ that nothing imports at all is listed too.
 */
import { dirname, join, relative } from "node:path";
import ts from "typescript";

const ROOT = join(import.meta.dir, "..");
/** Files whose exports are read by tools, not by imports (bun test, the build). */
const TOOL_READ = /(^|\/)(test\/.*\.test\.ts|bunfig\.toml)$/;

/** The project's program as tsc builds it from tsconfig.json. */
export function loadProgram(): ts.Program {
  const configPath = join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  return ts.createProgram(parsed.fileNames, parsed.options);
}

function projectFiles(program: ts.Program): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter((f) => !f.isDeclarationFile && !f.fileName.includes("/node_modules/") && f.fileName.startsWith(ROOT));
}

/** The original symbol behind an alias (an import, a re-export). */
function resolved(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Every symbol an identifier outside its declaring file refers to. */
function usedSymbols(checker: ts.TypeChecker, files: readonly ts.SourceFile[]): Set<ts.Symbol> {
  const used = new Set<ts.Symbol>();
  for (const file of files) {
    const note = (symbol: ts.Symbol | undefined) => {
      if (!symbol) return;
      const target = resolved(checker, symbol);
      if (target.declarations?.some((d) => d.getSourceFile() !== file)) used.add(target);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) || ts.isStringLiteral(node)) note(checker.getSymbolAtLocation(node));
      // `const { a, b: c } = await import("./x.ts")`: each name is a property of the module's type.
      if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const key = node.propertyName ?? node.name;
        if (ts.isIdentifier(key)) note(checker.getTypeAtLocation(node.parent).getProperty(key.text));
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return used;
}

interface UnusedExport {
  file: string;
  name: string;
}

/** Modules under src/ that no other file imports (src/main.ts is the entry). */
function unimportedModules(program: ts.Program, files: readonly ts.SourceFile[]): string[] {
  const imported = new Set<string>();
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      const specifier = moduleSpecifier(node);
      if (specifier && ts.isStringLiteral(specifier)) {
        const target = ts.resolveModuleName(
          specifier.text,
          file.fileName,
          program.getCompilerOptions(),
          ts.sys,
        ).resolvedModule;
        if (target) imported.add(target.resolvedFileName);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return files
    .map((f) => f.fileName)
    .filter((f) => relative(ROOT, f).startsWith("src/") && !f.endsWith("/src/main.ts") && !imported.has(f))
    .map((f) => relative(ROOT, f));
}

/** The module a node names: import/export declarations, `import()`, `require()`, `typeof import()`. */
function moduleSpecifier(node: ts.Node): ts.Node | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return node.moduleSpecifier;
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) return node.argument.literal;
  if (!ts.isCallExpression(node) || node.arguments.length === 0) return undefined;
  const callee = node.expression;
  const isLoader =
    callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require");
  return isLoader ? node.arguments[0] : undefined;
}

function unusedExports(program: ts.Program): UnusedExport[] {
  const checker = program.getTypeChecker();
  const files = projectFiles(program);
  const used = usedSymbols(checker, files);
  const unused: UnusedExport[] = [];
  for (const file of files) {
    const path = relative(ROOT, file.fileName);
    if (TOOL_READ.test(path)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(file);
    if (!moduleSymbol) continue;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const target = resolved(checker, exported);
      if (!used.has(target) && !used.has(exported)) unused.push({ file: path, name: exported.name });
    }
  }
  for (const file of unimportedModules(program, files)) unused.push({ file, name: "(the module: nothing imports it)" });
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

/** Prints the unused exports and the closing line; true when there are none. */
export function reportUnusedExports(program: ts.Program): boolean {
  const unused = unusedExports(program);
  for (const u of unused) console.log(`${u.file}: ${u.name}`);
  console.error(
    unused.length === 0
      ? "check-exports: every export is used"
      : `check-exports: ${unused.length} export(s) nothing else uses`,
  );
  return unused.length === 0;
}

if (import.meta.main) process.exit(reportUnusedExports(loadProgram()) ? 0 : 1);
