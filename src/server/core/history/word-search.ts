/**
 * The history's word search (docs/decisions/0048): a search box's text in web search syntax — words, `"an exact
 * phrase"`, `-word` to exclude, `or` between two alternatives — as a PostgreSQL `tsquery` over the runs'
 * `search_words` (migration 0021), the last word matched as a prefix so that a word being typed already finds.
 *
 * Built here rather than with `websearch_to_tsquery` so that the search cuts words exactly as the stored column does
 * (lower case, split at every character that is neither a letter nor a digit: "e-mail" is the phrase "e mail",
 * “markets”— is "markets"). Every lexeme is letters and digits only, so the text needs no escaping and any input
 * gives a valid query: nothing a user types reaches PostgreSQL's tsquery parser but those characters.
 */

type Operand = { lexemes: string[]; negated: boolean; prefix: boolean };

/** Letters and decimal digits, as PostgreSQL's `[[:alnum:]]` under ICU: everything else separates words. */
const separators = /[^\p{L}\p{Nd}]+/u;

export function wordsOf(text: string): string[] {
  return text.toLowerCase().split(separators).filter(Boolean);
}

/** The tsquery text for `search`, or undefined when it names no word (only punctuation, a lone `-`, `or`, quotes). */
export function wordSearchQuery(search: string): string | undefined {
  const parts: (Operand | 'or')[] = [];
  let at = 0;
  while (at < search.length) {
    const char = search[at] ?? '';
    if (/\s/u.test(char)) {
      at += 1;
      continue;
    }
    let negated = false;
    if (char === '-' && at + 1 < search.length && !/\s/u.test(search[at + 1] ?? '')) {
      negated = true;
      at += 1;
    }
    if (search[at] === '"') {
      const end = search.indexOf('"', at + 1);
      const phrase = search.slice(at + 1, end === -1 ? undefined : end);
      at = end === -1 ? search.length : end + 1;
      // A phrase still being typed ("exact phr) ends in a prefix like a word; a closed one does not.
      parts.push({ lexemes: wordsOf(phrase), negated, prefix: end === -1 });
      continue;
    }
    let end = at;
    while (end < search.length && !/\s/u.test(search[end] ?? '') && search[end] !== '"') end += 1;
    const word = search.slice(at, end);
    at = end;
    if (!negated && word.toLowerCase() === 'or') parts.push('or');
    else parts.push({ lexemes: wordsOf(word), negated, prefix: true });
  }

  const operands = parts.filter((part): part is Operand => part !== 'or' && part.lexemes.length > 0);
  const last = operands.at(-1);
  let query = '';
  let previous: Operand | undefined;
  let or = false;
  for (const part of parts) {
    if (part === 'or') {
      or = previous !== undefined;
      continue;
    }
    if (part.lexemes.length === 0) continue;
    if (previous) query += or ? ' | ' : ' & ';
    query += operandText(part, part === last && part.prefix);
    previous = part;
    or = false;
  }
  return query || undefined;
}

function operandText({ lexemes, negated }: Operand, prefix: boolean): string {
  const quoted = lexemes.map((lexeme, index) => `'${lexeme}'${prefix && index === lexemes.length - 1 ? ':*' : ''}`);
  const phrase = quoted.length === 1 ? (quoted[0] ?? '') : `(${quoted.join(' <-> ')})`;
  return negated ? `!${phrase}` : phrase;
}
