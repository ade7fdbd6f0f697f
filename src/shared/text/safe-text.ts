import { z } from 'zod';

/**
 * Text the product stores and shows: no control characters (C0, DEL and C1) and no lone UTF-16 surrogates. PostgreSQL cannot store
 * NUL in text and refuses a lone surrogate in JSON, so without this check such input reached the database and
 * answered 500; the other control characters have no place in a name, an address or a search either. Multi-line
 * fields (a prompt, a description) keep tab, line feed and carriage return.
 */
export const textMessages = {
  controlCharacters: 'Text cannot contain control characters.',
} as const;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const anyControlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacterButLineBreaksAndTabs = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSingleLineText(value: string): boolean {
  return !anyControlCharacter.test(value) && !loneSurrogate.test(value);
}

export function isMultiLineText(value: string): boolean {
  return !controlCharacterButLineBreaksAndTabs.test(value) && !loneSurrogate.test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** A string of one line: a name, an e-mail address, a URL, a search. Chain `.trim()`, `.min()`... after it. */
export function singleLineText(params?: StringParams) {
  return z.string(params).refine(isSingleLineText, textMessages.controlCharacters);
}

/** A string that may span lines: a prompt, a description. */
export function multiLineText(params?: StringParams) {
  return z.string(params).refine(isMultiLineText, textMessages.controlCharacters);
}
