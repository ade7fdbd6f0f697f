import { describe, expect, it } from 'vitest';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor';

describe('history cursors', () => {
  it('carry the start time to the microsecond and the run id, and come back unchanged', () => {
    const position = { startedAt: '2026-11-23T07:21:23.123456Z', id: '0b6c9a4e-3f1d-4c2a-9e8b-7d6f5a4b3c2d' };
    const cursor = encodeHistoryCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/); // safe in a query string as it is
    expect(decodeHistoryCursor(cursor)).toEqual(position);
  });

  it('refuse anything the server did not hand out', () => {
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      'garbage',
      encode('2026-11-23T07:21:23.123Z|0b6c9a4e-3f1d-4c2a-9e8b-7d6f5a4b3c2d'), // milliseconds only
      encode('2026-11-23T07:21:23.123456Z|not-a-uuid'),
      encode("2026-11-23T07:21:23.123456Z|0b6c9a4e-3f1d-4c2a-9e8b-7d6f5a4b3c2d' or 1=1"),
      encode('2026-13-45T07:21:23.123456Z|0b6c9a4e-3f1d-4c2a-9e8b-7d6f5a4b3c2d'),
    ]) {
      expect(decodeHistoryCursor(cursor), cursor).toBeUndefined();
    }
  });
});
