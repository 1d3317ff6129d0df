#!/usr/bin/env node
// Import cycles in the server and the web app: an import in a server or web file (static,
// re-export, dynamic `import()`, type-only too) is refused when the imported file's imports lead
// back to the importer. Imports of packages (node_modules, @vigil/contract) are not followed.
// TypeScript's parser reads the files; nothing is type-checked.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root, runSync } from './lib.mjs';

const SCOPE = ['packages/server/', 'packages/web/'];
const SOURCE = /\.(ts|tsx|mjs)$/;
const IGNORED = [/\/node_modules\//, /\/dist\//, /\/db\/migrations\//, /\.d\.ts$/];
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

const listed = runSync('git', ['ls-files', '-co', '--exclude-standard', 'packages']);
if (listed.status !== 0) {
  console.error(listed.stderr);
  process.exit(1);
}
const files = [...new Set(listed.stdout.split('\n'))]
  .filter((f) => SOURCE.test(f) && !IGNORED.some((re) => re.test(`/${f}`)))
  .filter((f) => existsSync(path.join(root, f)));

const isFile = (p) => existsSync(p) && statSync(p).isFile();

/** The repository file a relative specifier names, or null (a package, or nothing there). */
function resolve(from, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.resolve(path.dirname(path.join(root, from)), specifier.split('?')[0]);
  const stem = base.replace(/\.(js|mjs)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...(stem !== base ? EXTENSIONS.map((ext) => stem + ext) : []),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  const hit = candidates.find((c) => SOURCE.test(c) && isFile(c));
  return hit ? path.relative(root, hit) : null;
}

/** Every import of a file: the file it names and its line. */
function importsOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const add = (node, specifier) => {
    const target = resolve(file, specifier);
    if (target) found.push({ target, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) add(node, node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      add(node, node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      add(node, node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      add(node, node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// The graph: every file in packages/ and the files they import.
const edges = new Map();
const pending = [...files];
while (pending.length) {
  const file = pending.pop();
  if (edges.has(file)) continue;
  const out = importsOf(file);
  edges.set(file, out);
  for (const e of out) if (!edges.has(e.target)) pending.push(e.target);
}

// Strongly connected components (Tarjan, iterative): a cycle stays within one.
const component = new Map();
{
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const out = edges.get(frame.node);
      if (frame.next < out.length) {
        const to = out[frame.next++].target;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, frame.node);
        } while (member !== frame.node);
      }
    }
  }
}

/** The shortest way back from `from` to `to` (both in one component), as a list of files. */
function pathBack(from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const node = queue.shift();
    if (node === to) break;
    for (const { target } of edges.get(node)) {
      if (previous.has(target) || component.get(target) !== component.get(from)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  const route = [];
  for (let node = to; node != null; node = previous.get(node)) route.unshift(node);
  return route;
}

const problems = [];
for (const [file, out] of edges) {
  if (!SCOPE.some((s) => file.startsWith(s))) continue;
  for (const e of out) {
    if (component.get(e.target) !== component.get(file)) continue;
    problems.push(`${file}:${e.line}: import cycle: ${[file, ...pathBack(e.target, file)].join(' → ')}`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} import${problems.length === 1 ? '' : 's'} close a cycle`);
  process.exit(1);
}
console.log(`no import cycles (${edges.size} files)`);
