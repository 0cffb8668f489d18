// Where a plan writes and what apply will read, said in every view (issue 27, points 11 and 13):
// the text and markdown plans open with the target and its URL, apply's question names them, and
// the markdown plan names the variable each secret comes from as the text plan does. No credential
// is ever part of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../helpers/capture-io.js';
import { type E2e, EXAMPLE_SECRETS, REFRESH_TOKEN, startE2e } from '../helpers/e2e.js';

let e2e: E2e;
let url: string;
/** The target's own credentials only: the generic DPAC_* ones are unset. */
const env = { DPAC_URL: undefined, DPAC_REFRESH_TOKEN: undefined, DPAC_STAGING_REFRESH_TOKEN: REFRESH_TOKEN };

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  url = e2e.emulator.url;
  await e2e.copyExamples();
  await e2e.write(
    'examples/dpac.yaml',
    `apiVersion: dpac/v1\nkind: Project\nproject: example-platform\ndefault_target: staging\ntargets:\n  staging:\n    url: ${url}\n`,
  );
});
afterAll(() => e2e.close());

describe('the target a plan writes to', () => {
  it('opens the text plan, and the markdown plan, with the target and its URL', async () => {
    const text = await e2e.dpac(['plan', 'examples', '--no-color'], { env });
    expect(text.stderr).toBe('');
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      `Target: staging (${url})`,
      '',
      'dpac will perform the following actions:',
    ]);
    const markdown = await e2e.dpac(['plan', 'examples', '-o', 'markdown'], { env });
    expect(markdown.stdout.split('\n').slice(0, 3)).toEqual([
      '### dpac plan',
      '',
      `Target: \`staging (${url})\``,
    ]);
    const json = JSON.parse((await e2e.dpac(['plan', 'examples', '-o', 'json'], { env })).stdout);
    expect(json).toMatchObject({ url, target: 'staging' });
    for (const out of [text.stdout, markdown.stdout, JSON.stringify(json)])
      expect(out).not.toContain(REFRESH_TOKEN);
  });

  it('shows the URL alone when no target is in force', async () => {
    const plain = await e2e.dpac(['plan', 'examples', '--no-color', '--url', url], {
      env: { DPAC_URL: url, DPAC_REFRESH_TOKEN: REFRESH_TOKEN, DPAC_STAGING_REFRESH_TOKEN: undefined },
    });
    // --url beats the default target's URL, but the target's name stays in force (its credentials).
    expect(plain.stdout.split('\n')[0]).toBe(`Target: staging (${url})`);
    await e2e.write(
      'bare/domain.yaml',
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: bare}\nspec: {}\n',
    );
    const bare = await e2e.dpac(['plan', 'bare', '--no-color'], {
      env: { DPAC_URL: url, DPAC_REFRESH_TOKEN: REFRESH_TOKEN },
    });
    expect(bare.stdout.split('\n')[0]).toBe(`Target: ${url}`);
  });

  it("names the target and URL in apply's question, and writes nothing on a no", async () => {
    const seq = e2e.lastSeq();
    const questions: string[] = [];
    const io = {
      ...captureIo(e2e.dir, { ...e2e.env, ...env }),
      isTty: true,
      ask: async (question: string) => {
        questions.push(question);
        return 'no';
      },
    };
    const run = await e2e.dpac(['apply', 'examples', '--no-color'], { io });
    expect(run.code).toBe(0);
    expect(questions).toEqual([
      `\nDo you want to perform these actions on staging (${url})? Only "yes" will be accepted: `,
    ]);
    expect(e2e.writesSince(seq)).toEqual([]);
  });
});

describe('secrets in the markdown plan', () => {
  it('names the variable apply reads each secret from, as the text plan does', async () => {
    const text = await e2e.dpac(['plan', 'examples', '--no-color'], { env });
    const markdown = await e2e.dpac(['plan', 'examples', '-o', 'markdown'], { env });
    expect(text.stdout).toContain('+ /connection/password = (sensitive, from $SALES_DB_PASSWORD)');
    expect(markdown.stdout).toContain('- `/connection/password` = `(sensitive, from $SALES_DB_PASSWORD)`');
    expect(markdown.stdout).not.toContain('"(sensitive)"');
  });

  it('says which variables are unset, and that apply will need them', async () => {
    const unset = { ...env, SALES_DB_PASSWORD: undefined };
    const markdown = await e2e.dpac(['plan', 'examples', '-o', 'markdown'], { env: unset });
    expect(markdown.stdout).toContain('`(sensitive, from $SALES_DB_PASSWORD: not set — apply will need it)`');
    expect(markdown.stdout).toContain(
      '- **Warning:** Apply will need this secret variable set: SALES\\_DB\\_PASSWORD.',
    );
    expect(markdown.stdout).not.toContain(EXAMPLE_SECRETS.SALES_DB_PASSWORD);
  });
});
