import { expect, it } from 'vitest';
import { nightlyFileName } from './nightly-backup';

it('names a nightly backup by its UTC date and time, so several a day do not overwrite each other', () => {
  expect(nightlyFileName(new Date('2026-11-26T02:47:31Z'))).toBe('promptcron-2026-11-26-0247.jsonl.gz');
});
