import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (message: string, code: string, syscall?: string) => Object.assign(new Error(message), { code, syscall });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused TCP connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED', 'connect')],
    ['a vanished Unix socket', withCode('connect ENOENT /data/.s.PGSQL.5432', 'ENOENT', 'connect')],
    ['an administrator shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['a server still starting', withCode('the database system is starting up', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a cause two wrappers down',
      new Error('Failed query: select 1', {
        cause: new Error('wrapped', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED', 'connect') }),
      }),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a missing file', withCode("ENOENT: no such file or directory, open 'x'", 'ENOENT', 'open')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'connect ECONNREFUSED'],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
