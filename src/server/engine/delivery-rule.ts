import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { taskRuns } from '../db/schema';
import type { AiProvider, GenerateResult } from '../providers/ai-provider';

/** Why a completed run was not delivered, as its history shows it (issue 19). */
export const notDeliveredReasons = {
  unchanged: 'Not delivered: result unchanged',
} as const;

/** Enough of the model's answer to see why it was not a yes, on one line of the run's history. */
const answerLength = 80;
// C0/C1 controls and the bidirectional overrides that could reorder the text around the answer.
const unsafeCharacters = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * For deliverWhen "condition", only a clear yes delivers (docs/decisions/0065): a no, an unclear answer and a failed
 * check are all recorded with what the model said, or why it said nothing.
 */
export function conditionNotMet(check: { answer: string } | { failure: string }): string {
  // A failure is the provider's error in our own words, told in full like a failed run's.
  if ('failure' in check) return `Condition not checked: ${oneLine(check.failure)}`;
  const answer = shortened(oneLine(check.answer));
  return answer ? `Condition not met (answer: ${answer})` : 'Condition not met (no answer)';
}

function oneLine(text: string): string {
  return text.replace(unsafeCharacters, ' ').replace(/\s+/g, ' ').trim();
}

// Cut between graphemes, so an emoji or an accented letter is never split in half.
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function shortened(text: string): string {
  const parts = Array.from(graphemes.segment(text), ({ segment }) => segment);
  if (parts.length <= answerLength) return text;
  const head = parts.slice(0, answerLength - 1).join('');
  return `${head.trimEnd()}…`;
}

/**
 * The question the task's own model answers about a result, for deliverWhen "condition". The result is quoted as
 * data, and the answer must start with yes or no.
 */
export function conditionPrompt(condition: string, result: string): string {
  return [
    'Answer the question about the text below with one word: yes or no.',
    `Question: ${condition}`,
    'Text:',
    '"""',
    result,
    '"""',
    'Answer yes or no.',
  ].join('\n\n');
}

export function conditionAnswer(text: string): 'yes' | 'no' | 'unclear' {
  const word = /^[\s"'*_`.]*(yes|no)\b/i.exec(text)?.[1]?.toLowerCase();
  return word === 'yes' || word === 'no' ? word : 'unclear';
}

/** Asks the model whether `result` meets the task's condition; its tokens count to the run. */
export async function checkCondition(
  provider: AiProvider,
  {
    model,
    condition,
    result,
    temperature,
    signal,
  }: { model: string; condition: string; result: string; temperature: number | undefined; signal?: AbortSignal },
): Promise<{ met: boolean; answer: string; usage: GenerateResult['usage'] }> {
  const answer = await provider.generate({ model, input: conditionPrompt(condition, result), temperature, webSearch: false, signal });
  return { met: conditionAnswer(answer.text) === 'yes', answer: answer.text, usage: answer.usage };
}

/**
 * For deliverWhen "changed": whether `result` equals, whitespace trimmed, the newest earlier result of the task that
 * was delivered or is on its way. A run whose delivery failed or was skipped does not count as delivered.
 */
export async function sameAsLastDelivered(
  db: Pick<Database, 'select'>,
  { taskId, runId, result }: { taskId: string; runId: string; result: string },
): Promise<boolean> {
  const [last] = await db
    .select({ result: taskRuns.result })
    .from(taskRuns)
    .where(
      and(
        eq(taskRuns.taskId, taskId),
        ne(taskRuns.id, runId),
        eq(taskRuns.status, 'completed'),
        inArray(taskRuns.deliveryStatus, ['delivered', 'pending']),
      ),
    )
    .orderBy(desc(taskRuns.startedAt), desc(taskRuns.id))
    .limit(1);
  return last !== undefined && (last.result ?? '').trim() === result.trim();
}
