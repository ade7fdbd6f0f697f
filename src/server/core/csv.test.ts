import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';

describe('csvRow', () => {
  it('quotes commas, quotes and newlines, and defuses formulas', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 3])).toBe('plain,"a,b","say ""hi""","two\nlines",,3\r\n');
    expect(csvRow(['=SUM(A1)', '+1', '-2', '@x'])).toBe("'=SUM(A1),'+1,'-2,'@x\r\n");
  });
});
