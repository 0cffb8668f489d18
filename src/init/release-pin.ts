// What the pipeline files pin: the repository that publishes dpac's releases and its GitHub Action
// (package.json), and, when this dpac comes from `npm run release`, the commit it was released from
// and the SHA-256 of that release's single-file bundle (release.json, which only the release's
// tarball holds). Without them the files name the release by its tag and leave the digest empty.
// The bundle swaps this module for one that hashes its own file (scripts/bundle.mjs).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repositoryName } from './repository.js';

/** The package folder: dist/init/ and src/init/ both sit two levels below it. */
const PACKAGE_ROOT = path.resolve(import.meta.dirname, '../..');

export interface ReleasePin {
  /** owner/name on GitHub. */
  repository: string;
  /** The released commit, when the release was made from a clean checkout. */
  commit?: string;
  /** SHA-256 (hex) of the release's dpac.mjs. */
  bundleSha256?: string;
}

export async function releasePin(): Promise<ReleasePin> {
  const pkg = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  return { repository: repositoryName(pkg.repository), ...(await releaseStamp()) };
}

async function releaseStamp(): Promise<Omit<ReleasePin, 'repository'>> {
  let text: string;
  try {
    text = await readFile(path.join(PACKAGE_ROOT, 'release.json'), 'utf8');
  } catch {
    return {};
  }
  const { commit, bundleSha256 } = JSON.parse(text) as Omit<ReleasePin, 'repository'>;
  return { ...(commit ? { commit } : {}), ...(bundleSha256 ? { bundleSha256 } : {}) };
}
