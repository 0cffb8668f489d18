// The views of `dpac ls`: a table for people (address, live id, ownership, manifest), with why an
// object is not provably this project's; JSON for scripts (src/render/output-schemas.ts). Pure.
import type { ManagedList, ManagedObject } from '../library/list.js';
import { paint, type Style } from './style.js';
import { renderJson, type Views } from './view.js';

export const LIST_VIEWS: Views<ManagedList, 'text' | 'json'> = {
  text: renderListText,
  json: (list) => renderJson(list),
};

const OWNERSHIP: Record<NonNullable<ManagedObject['ownership']>, string> = {
  ours: 'ours',
  theirs: "another project's",
  unowned: 'unowned',
};

function renderListText(list: ManagedList, style: Style): string {
  if (list.objects.length === 0) return 'No manifests declare anything here.';
  const rows = list.objects.map((o) => [
    o.address,
    o.id ?? 'not created',
    o.ownership ? `${OWNERSHIP[o.ownership]}${o.owner ? ` (${o.owner})` : ''}` : '-',
    `${o.file}:${o.line}`,
  ]);
  const header = ['ADDRESS', 'ID', 'OWNERSHIP', 'MANIFEST'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  const lines = [paint(style, 'bold', line(header)), ...rows.map(line)];
  const count = (state: ManagedObject['ownership']) =>
    list.objects.filter((o) => o.ownership === state).length;
  const parts = [
    `${count('ours')} ours`,
    `${count('theirs')} another project's`,
    `${count('unowned')} unowned`,
    `${count(null)} not created`,
  ];
  const n = list.objects.length;
  lines.push(
    '',
    `${n} object${n === 1 ? '' : 's'} declared (${parts.join(', ')}); this project's tag: ${list.ownership_tag}.`,
  );
  const notOurs = list.objects.filter((o) => o.ownership === 'theirs' || o.ownership === 'unowned');
  if (notOurs.length > 0) {
    lines.push('', "Not provably this project's (destroy leaves them):");
    for (const o of notOurs) lines.push(`  ${o.address}: ${o.why}`);
  }
  return lines.join('\n');
}
