import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appVersion } from './version';

/** ADR 0098: the version the product reports is a release the changelog describes, the same in every file that says it. */

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

describe('the release version', () => {
  it('is a semantic version past the 0.1.0 every earlier build reported', () => {
    expect(appVersion).toMatch(semver);
    expect(appVersion).not.toBe('0.1.0');
  });

  it('is the one package-lock.json records for the package itself', () => {
    const lock = JSON.parse(read('package-lock.json')) as { version: string; packages: Record<string, { version?: string }> };
    expect({ lock: lock.version, root: lock.packages['']?.version }).toEqual({ lock: appVersion, root: appVersion });
  });

  it('heads CHANGELOG.md, and every version there has upgrade notes', () => {
    const sections = read('CHANGELOG.md').split(/^## /m).slice(1);
    const versions = sections.map((section) => /^(\d+\.\d+\.\d+)\b/.exec(section)?.[1]);
    expect(versions[0]).toBe(appVersion);
    for (const section of sections.filter((_, index) => versions[index] !== undefined)) {
      expect(section).toMatch(/^### Upgrade notes\n\n- /m);
    }
  });
});
