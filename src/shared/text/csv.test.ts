import { describe, expect, it } from 'vitest';
import { csvRow } from './csv';

describe('csvRow', () => {
  it('quotes quotes, commas and line breaks, and leaves plain fields alone', () => {
    expect(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 3])).toBe('plain,"a,b","say ""hi""","two\nlines",,3\r\n');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvRow(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)'])).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1)\r\n`);
  });
});
