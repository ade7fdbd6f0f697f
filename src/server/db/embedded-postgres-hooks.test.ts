import exitHook from 'async-exit-hook';
import { describe, expect, it } from 'vitest';
import './embedded-postgres';

describe('the embedded PostgreSQL module', () => {
  it('leaves signals, exit and the exit code to us', () => {
    // On 'beforeExit' the library's hook called process.exit(0), so a failing test run reported success.
    expect(exitHook.hookedEvents()).toEqual([]);
  });
});
