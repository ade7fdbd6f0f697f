/**
 * The history's word search (docs/decisions/0048): a search box's text in web search syntax — words, `"an exact
 * phrase"`, `-word` to exclude, `or` between two alternatives — as a PostgreSQL `tsquery` over the runs'
 * `search_words` (migration 0022), the last word matched as a prefix so that a word being typed already finds.
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

/**
 * A search as tsquery texts: what the user typed, and the two looser queries that let an index find its candidates
 * when a task's name may hold some of its words (see `historyWhere`).
 */
export interface WordSearch {
  /** The whole search. */
  query: string;
  /**
   * The search without its excluded words: a run whose result and error hold these needs nothing from its task's
   * name. Undefined when an alternative only excludes ("-sport"): no index finds what holds no word.
   */
  included: string | undefined;
  /** Any one of the words the search looks for, excluded ones aside; undefined when it looks for none. */
  anyIncluded: string | undefined;
}

/** The tsquery text for `search`, or undefined when it names no word (only punctuation, a lone `-`, `or`, quotes). */
export function wordSearchQuery(search: string): string | undefined {
  return wordSearch(search)?.query;
}

/** `search` as queries (`WordSearch`), or undefined when it names no word. */
export function wordSearch(search: string): WordSearch | undefined {
  const alternatives = wordSearchAlternatives(search);
  if (alternatives.length === 0) return undefined;
  const either = (texts: string[]) => texts.join(' | ');
  const all = (operands: Operand[]) => operands.map((operand) => operandText(operand)).join(' & ');
  const includedOf = alternatives.map((operands) => operands.filter((operand) => !operand.negated));
  const anyIncluded = includedOf.flat().map((operand) => operandText(operand));
  return {
    query: either(alternatives.map(all)),
    included: includedOf.some((operands) => operands.length === 0) ? undefined : either(includedOf.map(all)),
    anyIncluded: anyIncluded.length > 0 ? either(anyIncluded) : undefined,
  };
}

/** The search's alternatives (`or`), each the operands that must all hold; `prefix` only on the last operand typed. */
function wordSearchAlternatives(search: string): Operand[][] {
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
  const alternatives: Operand[][] = [];
  let or = false;
  for (const part of parts) {
    if (part === 'or') {
      or = alternatives.length > 0;
      continue;
    }
    if (part.lexemes.length === 0) continue;
    const operand = { ...part, prefix: part === last && part.prefix };
    if (or || alternatives.length === 0) alternatives.push([operand]);
    else alternatives.at(-1)?.push(operand);
    or = false;
  }
  return alternatives;
}

function operandText({ lexemes, negated, prefix }: Operand): string {
  const quoted = lexemes.map((lexeme, index) => `'${lexeme}'${prefix && index === lexemes.length - 1 ? ':*' : ''}`);
  const phrase = quoted.length === 1 ? (quoted[0] ?? '') : `(${quoted.join(' <-> ')})`;
  return negated ? `!${phrase}` : phrase;
}
