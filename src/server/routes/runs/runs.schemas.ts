import { z } from '@hono/zod-openapi';
import { pageSize } from '#shared/lists/page-size';
import { isTimeZone } from '#shared/time/zoned-time';
import { historyRanges } from '#shared/runs/history-ranges';
import { singleLineText } from '#shared/text/safe-text';
import { decodeHistoryCursor } from '../../core/history/history-cursor';
import { largestHistoryPage } from '../../core/history/list-history';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** `GET /api/runs` query: the history filter of spec section 4 plus keyset pagination. */
export const historyQuerySchema = z
  .object({
    range: z
      .enum(historyRanges, {
        message: 'Please choose All time, Last 24 hours, Last 7 days, Last 30 days or Specific date.',
      })
      .default('all'),
    date: z
      .string()
      .regex(isoDate, 'Please pick a date.')
      .refine(
        (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        'Please pick a date.',
      )
      .optional()
      .openapi({ description: 'YYYY-MM-DD; required with range=date' }),
    timezone: singleLineText()
      .max(100)
      .refine(isTimeZone, 'Unknown time zone.')
      .default('UTC')
      .openapi({ description: 'IANA zone of `date`' }),
    q: singleLineText().max(200, 'Search text can be at most 200 characters.').optional().openapi({
      description:
        'The task name contains this text, or the result or error contains these words (case-insensitive; "exact phrase", -word excludes, or between terms; the last word matches as a prefix)',
    }),
    cursor: singleLineText()
      .max(200)
      .refine((value) => decodeHistoryCursor(value) !== undefined, 'This page link is not valid any more. Please reload the history.')
      .optional(),
    limit: pageSize(largestHistoryPage, 20),
  })
  .superRefine((query, context) => {
    if (query.range === 'date' && !query.date) context.addIssue({ code: 'custom', path: ['date'], message: 'Please pick a date.' });
  });
