#!/usr/bin/env node
// A fake `gh` for the workflow tests: `gh api` against a small in-file GitHub (issues and their
// comments) in $FAKE_GITHUB_STATE, recording every call. $GH_TOKEN must be one of the state's
// `logins` (token → login): what it writes has that author (`user.login`). Enough of gh for the
// shipped workflows, and it fails loudly on anything else. `--jq` runs the real jq, as gh applies
// it to the response.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const stateFile = process.env.FAKE_GITHUB_STATE;
if (!stateFile) fail('FAKE_GITHUB_STATE is not set');
const state = JSON.parse(readFileSync(stateFile, 'utf8'));
const [command, ...args] = process.argv.slice(2);
if (command !== 'api') fail(`unsupported command: gh ${command}`);
const login = state.logins[process.env.GH_TOKEN ?? ''];
if (!login) fail('HTTP 401: Bad credentials');
const user = { login };

let method;
let jq;
let endpoint;
const fields = {};
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--method' || arg === '-X') method = args[++i];
  else if (arg === '--paginate') continue;
  else if (arg === '--jq' || arg === '-q') jq = args[++i];
  else if (arg === '-F' || arg === '--field' || arg === '-f' || arg === '--raw-field') {
    const [key, ...rest] = args[++i].split('=');
    let value = rest.join('=');
    if ((arg === '-F' || arg === '--field') && value.startsWith('@'))
      value = readFileSync(value.slice(1), 'utf8');
    if (key.endsWith('[]')) fields[key.slice(0, -2)] = [...(fields[key.slice(0, -2)] ?? []), value];
    else fields[key] = value;
  } else if (!endpoint) endpoint = arg;
  else fail(`unexpected argument ${arg}`);
}
method ??= Object.keys(fields).length ? 'POST' : 'GET';
const url = new URL(endpoint, 'https://api.github.test/');
state.calls.push({ method, path: url.pathname + url.search, fields });
const response = route(method, url.pathname.split('/').filter(Boolean), url.searchParams);
writeFileSync(stateFile, JSON.stringify(state, null, 2));
const json = JSON.stringify(response);
process.stdout.write(jq ? runJq(jq, json) : `${json}\n`);

/** The real jq, as on GitHub's runners (.ci/run installs it where it is missing). */
function runJq(filter, input) {
  try {
    return execFileSync('jq', ['-r', filter], { input, encoding: 'utf8' });
  } catch (error) {
    fail(
      error.code === 'ENOENT' ? 'jq is not installed (apt-get install jq)' : `jq failed: ${error.message}`,
    );
  }
}

function route(method, parts, query) {
  const [repos, owner, repo, collection, ...rest] = parts;
  if (repos !== 'repos' || `${owner}/${repo}` !== process.env.GITHUB_REPOSITORY || collection !== 'issues')
    fail(`unsupported endpoint ${parts.join('/')}`);
  const key = `${method} ${rest.map((p) => (/^\d+$/.test(p) ? 'N' : p)).join('/')}`;
  switch (key) {
    case 'GET ':
      return state.issues.filter(
        (i) =>
          (query.get('state') ?? 'open') === i.state &&
          (!query.get('labels') || i.labels.includes(query.get('labels'))),
      );
    case 'POST ':
      state.issues.push({
        number: ++state.next,
        state: 'open',
        user,
        title: fields.title,
        body: fields.body,
        labels: fields.labels ?? [],
      });
      return state.issues.at(-1);
    case 'PATCH N':
      return Object.assign(issue(rest[0]), fields);
    case 'GET N/comments':
      return state.comments.filter((c) => c.issue === Number(rest[0]));
    case 'POST N/comments':
      state.comments.push({ id: ++state.next, issue: Number(rest[0]), user, body: fields.body });
      return state.comments.at(-1);
    case 'PATCH comments/N': {
      const comment = state.comments.find((c) => c.id === Number(rest[1]));
      if (!comment) fail(`no comment ${rest[1]}`);
      return Object.assign(comment, { body: fields.body });
    }
    default:
      fail(`unsupported call ${method} ${parts.join('/')}`);
  }
}

function issue(number) {
  const found = state.issues.find((i) => i.number === Number(number));
  if (!found) fail(`no issue ${number}`);
  return found;
}

function fail(message) {
  process.stderr.write(`fake gh: ${message}\n`);
  process.exit(1);
}
