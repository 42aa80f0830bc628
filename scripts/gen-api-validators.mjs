// The validators of resources/openapi.yaml as code, made here once instead of by ajv in every
// process that starts: a desk's core compiled the 10-20 schemas its first sync needed each time it
// started (0.2-0.4 s of CPU), and compiling means `new Function` at run time. Ajv's standalone
// mode writes the same functions it would compile into a module (ajv.js.org/standalone.html), and
// esbuild joins in the few helpers they call (ajv's string length, ajv-formats' format checks), so
// the module needs no package at run time.
//
// Every schema src/shared/api/validators.ts may be asked for is here, by its JSON pointer into the
// document: each operation's request body, each documented response, each component schema, the
// Idempotency-Key header; for a top-level `oneOf` of refs, each branch as well (the errors of the
// closest branch are reported, not those of all).
import Ajv2020, { _ } from 'ajv/dist/2020.js';
import { build } from 'esbuild';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';

const DOCUMENT_ID = 'https://warehouse-desk.invalid/openapi.json';

/**
 * `x-unique-by: <property>` on an array: each item's property appears once. JSON Schema has no
 * such keyword (uniqueItems compares whole items), and a stock item listing one warehouse twice
 * has no meaning. A code keyword, as standalone code needs: its check is written into the module.
 */
const uniqueBy = {
  keyword: 'x-unique-by',
  type: 'array',
  schemaType: 'string',
  error: {
    message: ({ schemaCode, params }) => _`"lists " + ${schemaCode} + " " + JSON.stringify(${params.value}) + " more than once"`,
    params: ({ schemaCode, params }) => _`{property: ${schemaCode}, index: ${params.index}}`,
  },
  code(cxt) {
    const { gen, data, schemaCode } = cxt;
    const seen = gen.const('seen', _`new Set()`);
    const index = gen.let('index', -1);
    const value = gen.let('value');
    gen.forRange('i', 0, _`${data}.length`, (i) => {
      const item = gen.const('item', _`${data}[${i}]`);
      gen.if(_`typeof ${item} == "object" && ${item} !== null && ${item}[${schemaCode}] !== undefined`, () => {
        gen.if(_`${seen}.has(${item}[${schemaCode}])`, () => {
          gen.assign(index, i);
          gen.assign(value, _`${item}[${schemaCode}]`);
          gen.break();
        });
        gen.code(_`${seen}.add(${item}[${schemaCode}]);`);
      });
    });
    cxt.setParams({ index, value });
    cxt.fail(_`${index} >= 0`);
  },
};

function newAjv() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, verbose: true, coerceTypes: false, useDefaults: false, code: { source: true, esm: true, lines: true } });
  addFormats(ajv);
  // The document's non-schema parts and our x- extensions are not JSON Schema keywords: declare
  // them so strict mode still catches typos in the schemas themselves.
  ajv.addVocabulary(['openapi', 'info', 'servers', 'paths', 'components', 'tags', 'security', 'jsonSchemaDialect', 'webhooks', 'x-http-status', 'x-error-codes', 'x-problem', 'x-rules']);
  ajv.addKeyword(uniqueBy);
  return ajv;
}

const pointerTo = (segments) => '#/' + segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

function resolve(document, pointer) {
  let node = document;
  for (const raw of pointer.slice(2).split('/')) node = node?.[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`resources/openapi.yaml: nothing at ${pointer}`);
  return node;
}

/** The pointers validators.ts asks for: the same rules as its requestSchemaPointer and responsePointer. */
function pointersOf(document) {
  const pointers = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const operation = item.post;
    if (!operation) continue;
    if (operation.requestBody) pointers.push(pointerTo(['paths', path, 'post', 'requestBody', 'content', 'application/json', 'schema']));
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const base = typeof response.$ref === 'string' ? response.$ref : pointerTo(['paths', path, 'post', 'responses', status]);
      pointers.push(`${base}/content/application~1json/schema`);
    }
  }
  for (const name of Object.keys(document.components?.schemas ?? {})) pointers.push(pointerTo(['components', 'schemas', name]));
  pointers.push('#/components/parameters/IdempotencyKey/schema');
  return [...new Set(pointers)];
}

/** The branches of a top-level `oneOf` whose every branch is a ref (after the pointer's own refs). */
function branchRefs(document, pointer) {
  let node = resolve(document, pointer);
  while (typeof node.$ref === 'string') node = resolve(document, node.$ref);
  const oneOf = node.oneOf;
  return Array.isArray(oneOf) && oneOf.every((b) => typeof b.$ref === 'string') ? oneOf.map((b) => b.$ref) : [];
}

/** The module's source: one validating function per schema, in a table by pointer (`validatorTable()`). */
export async function validatorsModule(document, header, root) {
  const ajv = newAjv();
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const exported = new Map(); // pointer -> export name
  const exportOf = (pointer) => {
    let name = exported.get(pointer);
    if (!name) {
      name = `v${exported.size}`;
      ajv.compile({ $id: name, $ref: DOCUMENT_ID + pointer });
      exported.set(pointer, name);
    }
    return name;
  };
  const table = pointersOf(document).map((pointer) => [pointer, exportOf(pointer), branchRefs(document, pointer).map(exportOf)]);
  const code = standaloneCode(ajv, Object.fromEntries([...exported.values()].map((name) => [name, name])));
  const entries = table.map(([pointer, whole, branches]) => `  ${JSON.stringify(pointer)}: { whole: ${whole}, branches: [${branches.join(', ')}] },`).join('\n');
  // Ajv writes its helpers as require() calls; bundled, they become part of the module.
  const bundled = await build({
    stdin: { contents: `${code.replace(/^"use strict";/, '')}\n\nexport const validators = {\n${entries}\n};\n`, resolveDir: root, sourcefile: 'validators.gen.js', loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'generated',
    platform: 'neutral',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const text = bundled.outputFiles[0].text;
  const [opening, closing] = ['var generated = (() => {\n', '})();\n'];
  if (!text.startsWith(opening) || !text.endsWith(closing)) throw new Error(`esbuild wrote the validators in a shape this script does not know: ${JSON.stringify(text.slice(0, 60))} ... ${JSON.stringify(text.slice(-20))}`);
  // The functions and their schemas are made the first time a value is checked. The window's
  // thread and the cache's reader load the module and check nothing (the build puts it in the
  // chunk they share with the core's thread): they only parse it.
  return `${header}/* eslint-disable */
let table;

export function validatorTable() {
  table ??= (() => {
${text.slice(opening.length, -closing.length)}})().validators;
  return table;
}
`;
}

/** Its types: validators.ts reads the table through them. */
export function validatorsDeclarations(header) {
  return `${header}
import type { ErrorObject } from 'ajv/dist/2020.js';

/** A validating function as ajv writes it: true or false, and the errors of the last call. */
export interface GeneratedValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface SchemaValidators {
  readonly whole: GeneratedValidate;
  /** For a top-level oneOf of refs: one per branch, to report the closest branch only. */
  readonly branches: readonly GeneratedValidate[];
}

/** By JSON pointer into resources/openapi.yaml (\`#/components/schemas/StockItem\`, ...); made on the first call. */
export declare function validatorTable(): Readonly<Record<string, SchemaValidators>>;
`;
}
