import { describe, expect, it } from 'vitest';
import { isMultiLineText, isSingleLineText, singleLineText, textMessages } from './safe-text';

describe('safe text', () => {
  it('refuses every control character in a single line: C0, DEL and C1', () => {
    for (const control of ['\u0000', '\u0007', '\n', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(isSingleLineText(`Ada${control}Lovelace`), JSON.stringify(control)).toBe(false);
    }
    expect(singleLineText().safeParse('Ada\u007f').error?.issues[0]?.message).toBe(textMessages.controlCharacters);
  });

  it('keeps tabs and line breaks in multi-line text, and the letters of every script', () => {
    expect(isMultiLineText('Line one\n\tLine two\r\n')).toBe(true);
    expect(isMultiLineText('A bell \u0007')).toBe(false);
    expect(isMultiLineText('DEL \u007f')).toBe(false);
    expect(isSingleLineText('Zoë Ñúñez 李雷 🙂 \u00a0non-breaking')).toBe(true);
  });

  it('refuses a lone surrogate', () => {
    expect(isSingleLineText('broken \ud83d')).toBe(false);
  });
});
