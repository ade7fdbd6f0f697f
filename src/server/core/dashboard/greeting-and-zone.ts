import type { Database } from '../../db/client';
import { userTimeZone } from '../settings/user-time-zone';
import { isNewcomer } from './newcomer';

/**
 * What the signed-in app shows its user besides their account (ADR 0067): whether the dashboard greets them "Welcome"
 * or "Welcome back", and the zone every time is written in. Every answer that is the user's own account carries them,
 * since the web app keeps the latest such answer as the signed-in user.
 */
export async function greetingAndZone(db: Database, userId: string): Promise<{ newcomer: boolean; timeZone: string }> {
  const [newcomer, timeZone] = await Promise.all([isNewcomer(db, userId), userTimeZone(db, userId)]);
  return { newcomer, timeZone };
}
