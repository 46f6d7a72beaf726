/**
 * The problem codes each API operation's handler can raise, found in the source with TypeScript's
 * checker rather than listed by hand: from the handler a route file hands to route() or documented(),
 * every function, method, class and constant it refers to is followed into its declaration (through
 * imports, across lib/), and every string literal there whose contextual type is a problem code
 * (`new AppError("batch.not_found")`, `parseOrThrow(…, "resource.not_found")`, a table typed
 * `Record<…, ProblemCode>`) is a code the operation can answer. What route() itself checks before the
 * handler runs follows from the route's spec instead (lib/openapi/problems.ts).
 *
 * It over-approximates on purpose: a code raised on a branch the handler never takes, or caught on the
 * way up, is still listed, since a document that names a code the service never sends misleads less
 * than one that omits a code it sends. It cannot follow a call through an interface to an
 * implementation; problem codes are raised in functions and constants, never behind an interface, and
 * tests/unit/openapi-raised.test.ts checks that every code raised anywhere under lib/ is found.
 */
import path from "node:path";
import ts from "typescript";
import { problemCodes, type ProblemCode } from "@/lib/http/problem";
import { ROUTE_METHODS, type RouteMethod } from "@/lib/http/allowed-methods";
import type { RaisedCodes } from "@/lib/openapi/problems";

const ROOT = path.resolve(import.meta.dirname, "..");
const CODES = new Set<string>(Object.keys(problemCodes));

/**
 * A program with the repository's compiler options over the route files and what they import (and
 * the project's own global declarations), not every file `npm run typecheck` reads: tests, pages and
 * the bench raise nothing an API operation answers.
 */
export function routesProgram(files: readonly string[]): ts.Program {
  return programOf(files);
}

function programOf(files: readonly string[]): ts.Program {
  const configFile = ts.findConfigFile(ROOT, ts.sys.fileExists, "tsconfig.json")!;
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const declarations = parsed.fileNames.filter((f) => f.endsWith(".d.ts"));
  return ts.createProgram({
    rootNames: [...declarations, ...files.map((f) => path.join(ROOT, f))],
    options: { ...parsed.options, incremental: false, noEmit: true },
  });
}

/**
 * The document's own code (and the generated table of raised codes it reads) names every code without
 * raising any: followed, it would make the document's route answer them all.
 */
const DESCRIBES_CODES = ["lib/openapi/", "app/api/openapi.json/"].map((dir) => path.join(ROOT, dir));

const isOwnSource = (sf: ts.SourceFile) =>
  !sf.isDeclarationFile &&
  !sf.fileName.includes("/node_modules/") &&
  !DESCRIBES_CODES.some((dir) => path.resolve(sf.fileName).startsWith(dir));

/** True when `type` is a problem code or a union of them (undefined aside, for optional parameters). */
function isProblemCodeType(type: ts.Type): boolean {
  const members = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
  return members.length > 0 && members.every((t) => t.isStringLiteral() && CODES.has(t.value));
}

/** The declarations a reference leads to, through import aliases. */
function declarationsOf(checker: ts.TypeChecker, node: ts.Node): ts.Declaration[] {
  let symbol = checker.getSymbolAtLocation(node);
  if (!symbol) return [];
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol.declarations ?? [];
}

/** The part of a declaration that runs: a function's body, a constant's initialiser, a whole class. */
function runnablePart(decl: ts.Declaration): ts.Node | undefined {
  if (ts.isFunctionLike(decl)) return (decl as ts.FunctionLikeDeclaration).body;
  if (ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl)) return decl.initializer;
  if (ts.isShorthandPropertyAssignment(decl)) return decl.name;
  if (ts.isClassDeclaration(decl) || ts.isClassExpression(decl)) return decl;
  if (ts.isExportAssignment(decl)) return decl.expression;
  return undefined;
}

/**
 * The codes reachable from `start`, and where each literal was found (for messages). Each
 * declaration is visited once per call.
 */
export function codesReachableFrom(checker: ts.TypeChecker, start: ts.Node, follow = true): Map<ProblemCode, string> {
  const found = new Map<ProblemCode, string>();
  const seen = new Set<ts.Node>();
  const queue: ts.Node[] = [start];
  const visit = (node: ts.Node): void => {
    // A property name is a key, not a value: problemCodes' own keys are not raised by reading the table.
    const isKey =
      node.parent && (ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent)) && node.parent.name === node;
    if (ts.isStringLiteralLike(node) && CODES.has(node.text) && !isKey) {
      const contextual = checker.getContextualType(node);
      if (contextual && isProblemCodeType(contextual) && !found.has(node.text as ProblemCode)) {
        const sf = node.getSourceFile();
        found.set(
          node.text as ProblemCode,
          `${path.relative(ROOT, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
        );
      }
    } else if (follow && (ts.isIdentifier(node) || ts.isPrivateIdentifier(node))) {
      for (const decl of declarationsOf(checker, node)) {
        const part = runnablePart(decl);
        if (part && !seen.has(part) && isOwnSource(decl.getSourceFile())) {
          seen.add(part);
          queue.push(part);
        }
      }
    }
    // Types name no code a request can be answered with.
    if (!ts.isTypeNode(node) && !ts.isTypeAliasDeclaration(node) && !ts.isInterfaceDeclaration(node)) ts.forEachChild(node, visit);
  };
  while (queue.length) visit(queue.pop()!);
  return found;
}

/** The handler route() or documented() was given for each method of a route file's methods({…}). */
export function handlersOf(checker: ts.TypeChecker, sf: ts.SourceFile): Partial<Record<RouteMethod, ts.Node>> {
  const out: Partial<Record<RouteMethod, ts.Node>> = {};
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "methods" &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    ) {
      for (const prop of node.arguments[0].properties) {
        if (!ts.isPropertyAssignment(prop) && !ts.isShorthandPropertyAssignment(prop)) continue;
        const method = prop.name.getText(sf) as RouteMethod;
        if (!ROUTE_METHODS.includes(method)) continue;
        let value: ts.Node | undefined = ts.isPropertyAssignment(prop) ? prop.initializer : prop.name;
        if (value && ts.isIdentifier(value)) {
          const decl = declarationsOf(checker, value).find(ts.isVariableDeclaration);
          value = decl?.initializer;
        }
        if (
          value &&
          ts.isCallExpression(value) &&
          ts.isIdentifier(value.expression) &&
          ["route", "documented"].includes(value.expression.text)
        ) {
          out[method] = value.arguments[1];
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const byStatusThenName = (a: ProblemCode, b: ProblemCode) => problemCodes[a].status - problemCodes[b].status || a.localeCompare(b);

/** The codes each method of each route file can raise from its handler, by file (relative, as in the routes index). */
export function raisedCodes(files: readonly string[], program = routesProgram(files)): RaisedCodes {
  const checker = program.getTypeChecker();
  const out: Record<string, Partial<Record<RouteMethod, ProblemCode[]>>> = {};
  for (const file of files) {
    const sf = program.getSourceFile(path.join(ROOT, file));
    if (!sf) throw new Error(`${file} is not in the TypeScript program`);
    const entry: Partial<Record<RouteMethod, ProblemCode[]>> = {};
    for (const [method, handler] of Object.entries(handlersOf(checker, sf)) as Array<[RouteMethod, ts.Node]>) {
      entry[method] = [...codesReachableFrom(checker, handler).keys()].sort(byStatusThenName);
    }
    if (Object.keys(entry).length) out[file] = entry;
  }
  return out;
}

/**
 * The codes raised anywhere in these files (relative to the repository), each with where: every
 * literal in a problem code's place, whether or not a route reaches it.
 */
export function codesWrittenIn(files: readonly string[]): Map<ProblemCode, string> {
  const program = programOf(files);
  const checker = program.getTypeChecker();
  const out = new Map<ProblemCode, string>();
  for (const file of files) {
    const sf = program.getSourceFile(path.join(ROOT, file))!;
    if (!isOwnSource(sf)) continue;
    for (const [code, where] of codesReachableFrom(checker, sf, false)) if (!out.has(code)) out.set(code, where);
  }
  return out;
}
