import { describe, expect, it } from 'vitest';
import {
  chooseDate,
  chooseRange,
  datePickerEnabled,
  emptyHistoryFilter,
  isFiltered,
  parseHistoryDate,
  parseHistoryRange,
} from './history-filter';

describe('history filter (spec section 4)', () => {
  it('sets the range to "Specific date" when a date is picked, from any range', () => {
    expect(chooseDate(emptyHistoryFilter, '2026-11-20')).toEqual({ range: 'date', date: '2026-11-20', search: '' });
    expect(chooseDate({ range: '7d', date: '', search: 'digest' }, '2026-11-20')).toEqual({
      range: 'date',
      date: '2026-11-20',
      search: 'digest',
    });
  });

  it('clears the date when another range is chosen, and keeps the search', () => {
    const onDate = { range: 'date' as const, date: '2026-11-20', search: 'digest' };
    expect(chooseRange(onDate, '24h', '2026-11-23')).toEqual({ range: '24h', date: '', search: 'digest' });
    expect(chooseRange(onDate, 'all', '2026-11-23')).toEqual({ range: 'all', date: '', search: 'digest' });
  });

  it('starts "Specific date" at today unless a date is already picked', () => {
    expect(chooseRange(emptyHistoryFilter, 'date', '2026-11-23')).toEqual({ range: 'date', date: '2026-11-23', search: '' });
    expect(chooseRange({ range: 'date', date: '2026-11-20', search: '' }, 'date', '2026-11-23').date).toBe('2026-11-20');
  });

  it('goes back to all time when the picked date is cleared', () => {
    expect(chooseDate({ range: 'date', date: '2026-11-20', search: '' }, '')).toEqual(emptyHistoryFilter);
  });

  it('enables the date picker only for "Specific date" and "All time"', () => {
    expect(datePickerEnabled('date')).toBe(true);
    expect(datePickerEnabled('all')).toBe(true);
    expect(datePickerEnabled('24h')).toBe(false);
    expect(datePickerEnabled('7d')).toBe(false);
    expect(datePickerEnabled('30d')).toBe(false);
  });

  it('counts a range or a search as a filter, spaces alone not', () => {
    expect(isFiltered(emptyHistoryFilter)).toBe(false);
    expect(isFiltered({ ...emptyHistoryFilter, search: '   ' })).toBe(false);
    expect(isFiltered({ ...emptyHistoryFilter, search: 'x' })).toBe(true);
    expect(isFiltered({ ...emptyHistoryFilter, range: '30d' })).toBe(true);
  });

  it('reads ranges and dates from the address, ignoring anything else', () => {
    expect(parseHistoryRange('7d')).toBe('7d');
    expect(parseHistoryRange('custom')).toBe('all');
    expect(parseHistoryRange(null)).toBe('all');
    expect(parseHistoryDate('2026-11-20')).toBe('2026-11-20');
    expect(parseHistoryDate('20.11.2026')).toBe('');
  });
});
