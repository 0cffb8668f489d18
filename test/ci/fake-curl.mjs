#!/usr/bin/env node
// A fake `curl` for the GitLab CI test: the few GitLab REST calls the shipped .gitlab-ci.yml makes
// (merge request notes, issues and their notes), served from a small in-file GitLab in
// $FAKE_GITLAB_STATE and recorded. A wrong PRIVATE-TOKEN answers 401, which `--fail` turns into
// curl's exit code 22; anything not emulated fails loudly.
import { readFileSync, writeFileSync } from 'node:fs';

const stateFile = process.env.FAKE_GITLAB_STATE;
if (!stateFile) fail('FAKE_GITLAB_STATE is not set');
const state = JSON.parse(readFileSync(stateFile, 'utf8'));
const args = process.argv.slice(2);
let method;
let url;
let data;
const headers = {};
const form = new URLSearchParams();
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (['--fail', '--silent', '--show-error'].includes(arg)) continue;
  if (arg === '--request') method = args[++i];
  else if (arg === '--header') {
    const [name, ...value] = args[++i].split(':');
    headers[name.toLowerCase()] = value.join(':').trim();
  } else if (arg === '--data') {
    const value = args[++i];
    data = value.startsWith('@') ? readFileSync(value.slice(1), 'utf8') : value;
  } else if (arg === '--data-urlencode') {
    const [key, ...value] = args[++i].split('=');
    form.append(key, value.join('='));
  } else if (arg.startsWith('-')) fail(`unsupported option ${arg}`);
  else url = new URL(arg);
}
if (headers['private-token'] !== process.env.FAKE_GITLAB_TOKEN) {
  process.stderr.write('curl: (22) The requested URL returned error: 401\n');
  process.exit(22);
}
const body =
  headers['content-type'] === 'application/json'
    ? JSON.parse(data)
    : Object.fromEntries(new URLSearchParams(data ?? form.toString()));
method ??= data !== undefined || form.size ? 'POST' : 'GET';
const prefix = `/api/v4/projects/${process.env.CI_PROJECT_ID}/`;
if (!url?.pathname.startsWith(prefix)) fail(`unsupported URL ${url}`);
const parts = url.pathname.slice(prefix.length).split('/');
state.calls.push({ method, path: url.pathname + url.search, body });
const response = route(method, parts, url.searchParams);
writeFileSync(stateFile, JSON.stringify(state, null, 2));
process.stdout.write(JSON.stringify(response));

function route(method, parts, query) {
  const key = `${method} ${parts.map((p) => (/^\d+$/.test(p) ? 'N' : p)).join('/')}`;
  const n = Number(parts[1]);
  switch (key) {
    case 'GET merge_requests/N/notes':
      return state.notes.filter((note) => note.mr === n);
    case 'POST merge_requests/N/notes':
      state.notes.push({ id: ++state.next, mr: n, body: body.body });
      return state.notes.at(-1);
    case 'PUT merge_requests/N/notes/N':
      return Object.assign(
        find(state.notes, (note) => note.id === Number(parts[3])),
        { body: body.body },
      );
    case 'GET issues':
      return state.issues.filter(
        (i) => i.state === (query.get('state') ?? 'opened') && i.labels.includes(query.get('labels')),
      );
    case 'POST issues':
      state.issues.push({ iid: ++state.next, state: 'opened', ...body, labels: body.labels.split(',') });
      return state.issues.at(-1);
    case 'PUT issues/N': {
      const issue = find(state.issues, (i) => i.iid === n);
      if (body.state_event === 'close') issue.state = 'closed';
      if (body.description !== undefined) issue.description = body.description;
      return issue;
    }
    case 'POST issues/N/notes':
      state.issueNotes.push({ issue: n, body: body.body });
      return state.issueNotes.at(-1);
    default:
      fail(`unsupported call ${method} ${parts.join('/')}`);
  }
}

function find(list, test) {
  const found = list.find(test);
  if (!found) fail('no such object');
  return found;
}

function fail(message) {
  process.stderr.write(`fake curl: ${message}\n`);
  process.exit(2);
}
