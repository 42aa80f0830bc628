import { parse } from 'svelte/compiler';

/** What a component shows or reads out without the catalogue (see hardcoded-strings.test.ts). */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const WORDS = /\p{L}{2,}/u;
// Not words of any language: a chemical unit, and the shape of what a field takes (an example
// address, a token's prefix). Key caps are in <kbd>, which is skipped whole.
const NOT_WORDS = new Set(['CO₂e', 'https://api.example.com', 'shp_…']);

interface Node {
  type?: string;
  [key: string]: unknown;
}

export function hardcodedStrings(source: string): string[] {
  const ast = parse(source, { modern: true });
  const found: string[] = [];
  const visit = (node: unknown, parent: Node | null): void => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, parent));
    if (!node || typeof node !== 'object') return;
    const n = node as Node;
    if (n.type === 'RegularElement' && n['name'] === 'kbd') return;
    if (n.type === 'Text' && typeof n['data'] === 'string' && WORDS.test(n['data']) && !NOT_WORDS.has(n['data'].trim())) {
      const inReadAttribute = parent?.type === 'Attribute' && READ_ATTRIBUTES.has(String(parent['name']));
      const inOtherAttribute = (parent?.type === 'Attribute' && !inReadAttribute) || parent?.type === 'StyleDirective';
      if (!inOtherAttribute) found.push(n['data'].trim());
    }
    for (const [key, value] of Object.entries(n)) {
      if (key === 'instance' || key === 'module' || key === 'css' || key === 'expression' || key === 'metadata') continue;
      if ((n.type === 'Attribute' || n.type === 'StyleDirective') && key === 'value') {
        // An attribute's text: the Attribute itself is the parent that decides whether it counts.
        visit(value, n);
        continue;
      }
      visit(value, n.type === undefined ? parent : n);
    }
  };
  visit(ast.fragment, null);
  return found;
}

