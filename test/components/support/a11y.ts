import axe from 'axe-core';

/** The serious and critical axe findings in `root` (the whole page by default), each with where. */
export async function seriousA11yProblems(root: Document | Element = document): Promise<string[]> {
  const result = await axe.run(root, { resultTypes: ['violations'] });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
