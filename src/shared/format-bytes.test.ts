import { expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

it.each([
  [0, '0 B'],
  [999, '999 B'],
  [1_234, '1.2 kB'],
  [1_234_567, '1.2 MB'],
  [9_876_543_210, '9.9 GB'],
])('%i bytes read %s', (bytes, shown) => {
  expect(formatBytes(bytes)).toBe(shown);
});
