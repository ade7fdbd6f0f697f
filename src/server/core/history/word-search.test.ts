import { describe, expect, it } from 'vitest';
import { hostileStrings } from '#test/hostile-inputs';
import { wordSearch, wordSearchQuery } from './word-search';

describe('history word search queries', () => {
  it('match every word, the last as a prefix', () => {
    expect(wordSearchQuery('market')).toBe("'market':*");
    expect(wordSearchQuery('  Quarterly   EARNINGS ')).toBe("'quarterly' & 'earnings':*");
  });

  it('read quoted phrases, -exclusions and or as web search syntax does', () => {
    expect(wordSearchQuery('"exact phrase" stocks')).toBe("('exact' <-> 'phrase') & 'stocks':*");
    expect(wordSearchQuery('stocks "exact phrase"')).toBe("'stocks' & ('exact' <-> 'phrase')");
    expect(wordSearchQuery('"exact phr')).toBe("('exact' <-> 'phr':*)");
    expect(wordSearchQuery('news -sport')).toBe("'news' & !'sport':*");
    expect(wordSearchQuery('news -"sport results"')).toBe("'news' & !('sport' <-> 'results')");
    expect(wordSearchQuery('rain or snow')).toBe("'rain' | 'snow':*");
    expect(wordSearchQuery('cold rain OR snow')).toBe("'cold' & 'rain' | 'snow':*");
  });

  it('name the words an index can find a run by, excluded ones aside', () => {
    expect(wordSearch('news -sport')).toEqual({ query: "'news' & !'sport':*", included: "'news'", anyIncluded: "'news'" });
    expect(wordSearch('slack or "discord alerts"')).toEqual({
      query: "'slack' | ('discord' <-> 'alerts')",
      included: "'slack' | ('discord' <-> 'alerts')",
      anyIncluded: "'slack' | ('discord' <-> 'alerts')",
    });
    expect(wordSearch('cold rain -snow or sun')).toEqual({
      query: "'cold' & 'rain' & !'snow' | 'sun':*",
      included: "'cold' & 'rain' | 'sun':*",
      anyIncluded: "'cold' | 'rain' | 'sun':*",
    });
    // An alternative that only excludes holds no word to look up.
    expect(wordSearch('rain or -snow')).toEqual({ query: "'rain' | !'snow':*", included: undefined, anyIncluded: "'rain'" });
    expect(wordSearch('-slack')).toEqual({ query: "!'slack':*", included: undefined, anyIncluded: undefined });
    expect(wordSearch('--')).toBeUndefined();
  });

  it('cut words where the stored words are cut: at anything that is not a letter or a digit', () => {
    expect(wordSearchQuery('e-mail')).toBe("('e' <-> 'mail':*)");
    expect(wordSearchQuery('“Märkte”—ÜBERBLICK')).toBe("('märkte' <-> 'überblick':*)");
    expect(wordSearchQuery('ПРИВЕТ мир')).toBe("'привет' & 'мир':*");
    expect(wordSearchQuery("it's")).toBe("('it' <-> 's':*)");
  });

  it('name no word for punctuation, operators alone and empty quotes', () => {
    for (const search of ['', '   ', '-', '--', "'", ':*', '&|!()', '"', '""', 'or', '<->', '\\']) {
      expect(wordSearchQuery(search), search).toBeUndefined();
    }
    expect(wordSearchQuery('"unclosed')).toBe("'unclosed':*");
    expect(wordSearchQuery("'; drop table task_runs; --")).toBe("'drop' & 'table' & ('task' <-> 'runs':*)");
    expect(wordSearchQuery('-or')).toBe("!'or':*");
  });

  it('only ever put letters and digits between the quotes of a lexeme', () => {
    for (const search of Object.values(hostileStrings)) {
      const query = wordSearchQuery(search.slice(0, 200));
      if (query === undefined) continue;
      for (const lexeme of query.matchAll(/'([^']*)'/gu)) expect(lexeme[1]).toMatch(/^[\p{L}\p{Nd}]+$/u);
    }
  });
});
