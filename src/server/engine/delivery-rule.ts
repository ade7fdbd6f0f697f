import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { taskRuns } from '../db/schema';
import type { AiProvider, GenerateResult } from '../providers/ai-provider';

/** Why a completed run was not delivered, as its history shows it (issue 19). */
export const notDeliveredReasons = {
  unchanged: 'Not delivered: result unchanged',
  conditionNotMet: 'Not delivered: condition not met',
} as const;

/**
 * The question the task's own model answers about a result, for deliverWhen "condition". The result is quoted as
 * data, and the answer must start with yes or no; anything else delivers (a missed message is worse than one more).
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
  { model, condition, result, temperature }: { model: string; condition: string; result: string; temperature: number | undefined },
): Promise<{ met: boolean; usage: GenerateResult['usage'] }> {
  const answer = await provider.generate({ model, input: conditionPrompt(condition, result), temperature, webSearch: false });
  return { met: conditionAnswer(answer.text) !== 'no', usage: answer.usage };
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
