import { parse } from 'svelte/compiler';

/**
 * User-visible words written into the renderer's code rather than the catalogue: string literals
 * (and the raw English texts main sends beside a code: an error's or notice's `.message`, a refused
 * code's `.problem`, a journal line's `.summary`) in the places a person reads them:
 *  - the value of a property named like UI text (`text:`, `message:`, `label:`, `title:`, ...);
 *  - assigned to, or declared as, something named like UI text (`applyError = ...`, `errors['x'] = ...`);
 *  - returned from a function, when it is prose (a capitalised word followed by another word);
 *  - shown by the template: `{cond ? 'Yes' : x}`, or in an attribute a person reads (`title={...}`).
 * A `.svelte` file is read whole (scripts and template); a `.ts` module is parsed as a script.
 */
export interface ScriptString {
  /** The literal's text, or `.message` / `.problem` / `.summary` for main's raw English shown as it is. */
  text: string;
  line: number;
  where: string;
}

const UI_KEY = /^(text|message|label|title|placeholder|hint|caption|heading|tooltip|description|verdict|sentence|aria-?label|ariaLabel|alt)$/i;
const UI_TARGET = /(error|message|text|label|title|placeholder|hint|caption|heading|verdict|sentence|problem)s?$/i;
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const WORDS = /\p{L}{2,}/u;
/** Fields of the contract that hold main's English beside a code the screens word (issue 18). */
const RAW_ENGLISH = new Set(['message', 'problem', 'summary']);
/** Prose, not a code or a class list: a capitalised word, then another word. */
const PROSE = /^[\p{Lu}][\p{L}'’]*[,:]?\s+[\p{L}\d]/u;

interface Node {
  type?: string;
  start?: number;
  [key: string]: unknown;
}

/** Nodes a value passes through unchanged on its way to where it is used. */
function transparent(parent: Node, child: Node): boolean {
  switch (parent.type) {
    case 'ConditionalExpression':
      return parent['test'] !== child;
    case 'LogicalExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'ParenthesizedExpression':
    case 'ChainExpression':
      return true;
    default:
      return false;
  }
}

function nameOf(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.type === 'Identifier') return String(n['name']);
  if (n.type === 'Literal') return String(n['value']);
  if (n.type === 'MemberExpression') {
    const property = n['computed'] && (n['property'] as Node).type !== 'Literal' ? undefined : nameOf(n['property']);
    return property && UI_TARGET.test(property) ? property : nameOf(n['object']);
  }
  return undefined;
}

function textOf(node: Node): string | undefined {
  if (node.type === 'Literal' && typeof node['value'] === 'string') return node['value'];
  if (node.type === 'TemplateLiteral') {
    return (node['quasis'] as Node[]).map((q) => String((q['value'] as { cooked?: string }).cooked ?? '')).join('…');
  }
  if (node.type === 'MemberExpression' && !node['computed']) {
    const property = nameOf(node['property']);
    if (property !== undefined && RAW_ENGLISH.has(property)) return `.${property}`;
  }
  return undefined;
}

/** Why a text in this place is shown to a person, or undefined when it is not. */
function shown(text: string, chain: Node[]): string | undefined {
  let child = chain[chain.length - 1] as Node;
  let i = chain.length - 2;
  while (i >= 0 && transparent(chain[i] as Node, child)) child = chain[i--] as Node;
  const parent = chain[i];
  if (!parent) return undefined;
  const raw = /^\.\w+$/.test(text) && RAW_ENGLISH.has(text.slice(1));
  const words = raw || WORDS.test(text);
  switch (parent.type) {
    case 'Property':
      return parent['value'] === child && words && UI_KEY.test(nameOf(parent['key']) ?? '') ? `property ${nameOf(parent['key'])}` : undefined;
    case 'AssignmentExpression':
      return parent['right'] === child && words && UI_TARGET.test(nameOf(parent['left']) ?? '') ? `assigned to ${nameOf(parent['left'])}` : undefined;
    case 'VariableDeclarator':
      return parent['init'] === child && words && UI_TARGET.test(nameOf(parent['id']) ?? '') ? `declared as ${nameOf(parent['id'])}` : undefined;
    case 'ReturnStatement':
      return raw || PROSE.test(text) ? 'returned' : undefined;
    case 'ArrowFunctionExpression':
      return parent['body'] === child && (raw || PROSE.test(text)) ? 'returned' : undefined;
    case 'ExpressionTag': {
      if (!words) return undefined;
      const attribute = chain[i - 1];
      if (attribute?.type === 'Attribute') return READ_ATTRIBUTES.has(String(attribute['name'])) ? `attribute ${String(attribute['name'])}` : undefined;
      return 'shown in the template';
    }
    default:
      return undefined;
  }
}

export function scriptStrings(source: string, kind: 'svelte' | 'ts'): ScriptString[] {
  // A module is parsed as a component's script: one parser, and line numbers shifted by none (the tag is on line 0's end).
  const text = kind === 'svelte' ? source : `<script lang="ts">${source}\n</script>`;
  const offset = kind === 'svelte' ? 0 : '<script lang="ts">'.length;
  const ast = parse(text, { modern: true }) as unknown as Node;
  const found: ScriptString[] = [];
  const lineAt = (pos: number): number => source.slice(0, Math.max(0, pos - offset)).split('\n').length;
  const visit = (node: unknown, chain: Node[]): void => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, chain));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'RegularElement' && n['name'] === 'kbd') return;
    if (n.type === 'ImportDeclaration' || n.type === 'ExportAllDeclaration' || n.type === 'TSTypeAliasDeclaration' || n.type === 'TSInterfaceDeclaration') return;
    const next = n.type === undefined ? chain : [...chain, n];
    if (n.type !== undefined) {
      const said = textOf(n);
      if (said !== undefined) {
        const where = shown(said, next);
        if (where) found.push({ text: said, line: lineAt(n.start ?? 0), where });
        if (n.type === 'Literal' || n.type === 'MemberExpression') return;
      }
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'metadata' || key === 'loc' || key === 'css' || key === 'comments') continue;
      visit(value, next);
    }
  };
  visit(ast, []);
  return found;
}
