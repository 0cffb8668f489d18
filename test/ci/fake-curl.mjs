#!/usr/bin/env node
// A fake `curl` for the pipeline tests. It serves two things:
// - release downloads, https://github.com/OWNER/NAME/releases/download/TAG/FILE, from the folder
//   $FAKE_RELEASES/OWNER/NAME/TAG/ (a missing file is a 404);
// - the few GitLab REST calls the shipped .gitlab-ci.yml makes (the token's user, merge request
//   notes, issues and their notes), from a small in-file GitLab in $FAKE_GITLAB_STATE, recorded.
//   Tokens are the state's `tokens` (token → user); an unknown PRIVATE-TOKEN answers 401. Lists
//   are paged as GitLab pages them (per_page, default 20, at most 100; page). A note or issue is
//   written by the token's user; any note can be edited, as a maintainer's token may.
// HTTP errors with --fail are curl's exit code 22; anything not emulated fails loudly.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
let method;
let url;
let data;
let output;
const headers = {};
const form = new URLSearchParams();
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (['--fail', '--silent', '--show-error', '--location'].includes(arg)) continue;
  if (arg === '--retry') i++;
  else if (arg === '--output') output = args[++i];
  else if (arg === '--request') method = args[++i];
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
if (!url) fail('no URL');
if (url.hostname === 'github.com') download(url);
else gitlab(url);

function download(url) {
  const match = /^\/([^/]+)\/([^/]+)\/releases\/download\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (!match || !process.env.FAKE_RELEASES) fail(`unsupported download ${url}`);
  let body;
  try {
    body = readFileSync(path.join(process.env.FAKE_RELEASES, ...match.slice(1)));
  } catch {
    httpError(404);
  }
  if (output) writeFileSync(output, body);
  else process.stdout.write(body);
}

function gitlab(url) {
  const stateFile = process.env.FAKE_GITLAB_STATE;
  if (!stateFile) fail('FAKE_GITLAB_STATE is not set');
  const state = JSON.parse(readFileSync(stateFile, 'utf8'));
  const user = state.tokens[headers['private-token']];
  if (!user) httpError(401);
  const body =
    headers['content-type'] === 'application/json'
      ? JSON.parse(data)
      : Object.fromEntries(new URLSearchParams(data ?? form.toString()));
  method ??= data !== undefined || form.size ? 'POST' : 'GET';
  state.calls.push({ method, path: url.pathname + url.search, body });
  const response = route(state, user, method, url, body);
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  process.stdout.write(JSON.stringify(response));
}

function route(state, user, method, url, body) {
  if (url.pathname === '/api/v4/user' && method === 'GET') return user;
  const prefix = `/api/v4/projects/${process.env.CI_PROJECT_ID}/`;
  if (!url.pathname.startsWith(prefix)) fail(`unsupported URL ${url}`);
  const parts = url.pathname.slice(prefix.length).split('/');
  const query = url.searchParams;
  const key = `${method} ${parts.map((p) => (/^\d+$/.test(p) ? 'N' : p)).join('/')}`;
  const n = Number(parts[1]);
  const author = { id: user.id, username: user.username };
  switch (key) {
    case 'GET merge_requests/N/notes':
      return page(
        state.notes.filter((note) => note.mr === n),
        query,
      );
    case 'POST merge_requests/N/notes':
      state.notes.push({ id: ++state.next, mr: n, author, body: body.body });
      return state.notes.at(-1);
    case 'PUT merge_requests/N/notes/N':
      return Object.assign(
        find(state.notes, (note) => note.id === Number(parts[3])),
        { body: body.body },
      );
    case 'GET issues':
      return page(
        state.issues.filter(
          (i) =>
            i.state === (query.get('state') ?? 'opened') &&
            i.labels.includes(query.get('labels')) &&
            (!query.has('author_id') || i.author.id === Number(query.get('author_id'))),
        ),
        query,
      );
    case 'POST issues':
      state.issues.push({
        iid: ++state.next,
        state: 'opened',
        author,
        ...body,
        labels: body.labels.split(','),
      });
      return state.issues.at(-1);
    case 'PUT issues/N': {
      const issue = find(state.issues, (i) => i.iid === n);
      if (body.state_event === 'close') issue.state = 'closed';
      if (body.description !== undefined) issue.description = body.description;
      return issue;
    }
    case 'POST issues/N/notes':
      state.issueNotes.push({ issue: n, author, body: body.body });
      return state.issueNotes.at(-1);
    default:
      fail(`unsupported call ${method} ${parts.join('/')}`);
  }
}

function page(list, query) {
  const size = Math.min(Number(query.get('per_page') ?? 20), 100);
  const number = Number(query.get('page') ?? 1);
  return list.slice((number - 1) * size, number * size);
}

function find(list, test) {
  const found = list.find(test);
  if (!found) httpError(404);
  return found;
}

function httpError(status) {
  process.stderr.write(`curl: (22) The requested URL returned error: ${status}\n`);
  process.exit(22);
}

function fail(message) {
  process.stderr.write(`fake curl: ${message}\n`);
  process.exit(2);
}
