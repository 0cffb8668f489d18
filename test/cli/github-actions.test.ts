// Inside GitHub Actions, problems are also workflow commands that annotate the manifest line, with
// GitHub's escaping (% \r \n in the message; also : and , in properties), and plan and drift add
// their markdown to the job summary. Outside it, nothing of this is printed or written.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

const DOMAIN = 'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: sales\nspec:\n  description: Sales.\n';

describe('GitHub Actions', () => {
  it('prints each validate error as an escaped ::error command on stderr, stdout unchanged', async () => {
    await e2e.write('bad/odd: name, 100%.yaml', DOMAIN.replace('description', 'descripton'));
    const plain = await e2e.dpac(['validate', 'bad', '-o', 'json']);
    const inActions = await e2e.dpac(['validate', 'bad', '-o', 'json'], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: path.dirname(e2e.dir) },
    });
    expect(inActions.code).toBe(1);
    expect(inActions.stdout).toBe(plain.stdout);
    expect(plain.stderr).toBe('');
    const workspaceDir = path.basename(e2e.dir);
    expect(inActions.stderr).toBe(
      `::error file=${workspaceDir}/bad/odd%3A name%2C 100%25.yaml,line=6,col=3,title=Domain/sales::` +
        'Unknown field `spec.descripton`. Did you mean `description`?%0AKnown fields here: description, environments.',
    );
  });

  it('annotates plan errors too, before anything is sent', async () => {
    await e2e.write('broken/domain.yaml', `${DOMAIN}  environments: [nowhere]\n`);
    const seq = e2e.lastSeq();
    const result = await e2e.dpac(['plan', 'broken'], { env: { GITHUB_ACTIONS: 'true' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^::error file=broken\/domain\.yaml,line=7,col=\d+,title=Domain\/sales::/m);
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('appends the plan and drift markdown to $GITHUB_STEP_SUMMARY', async () => {
    await e2e.write('good/domain.yaml', DOMAIN);
    const summary = path.join(e2e.dir, 'summary.md');
    await writeFile(summary, '# earlier step\n');
    const env = { GITHUB_STEP_SUMMARY: summary };
    expect((await e2e.dpac(['plan', 'good', '-o', 'json'], { env })).code).toBe(0);
    expect((await e2e.dpac(['drift', 'good'], { env })).code).toBe(2);
    const markdown = (await e2e.dpac(['plan', 'good', '-o', 'markdown'])).stdout;
    const drift = (await e2e.dpac(['drift', 'good', '-o', 'markdown'])).stdout;
    expect(await readFile(summary, 'utf8')).toBe(`# earlier step\n${markdown}\n\n${drift}\n\n`);
  });
});
