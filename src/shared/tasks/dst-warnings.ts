import { Cron } from 'croner';
import { formatTime, instantOf, parseDate, wallTimeAt } from '../time/zoned-time';
import { scheduleTimeZone, upcomingSlots, type Schedule, type Slot } from './schedule';

/**
 * A day within the next year on which the schedule's wall time does not exist (clocks go forward) or happens twice
 * (clocks go back) in its zone, for the task form to say so before the user saves (ADR 0116).
 */
export interface DstWarning {
  kind: 'gap' | 'repeat';
  /** The day, as the form shows it: "Sun, Mar 14, 2027". */
  day: string;
  /** The wall times of the schedule that do not exist, or happen twice, that day: "02:30". */
  times: string[];
  timeZone: string;
  /** Where a time that does not exist runs instead, under the "shift" policy: "03:00". */
  shiftedTo?: string;
  /**
   * A cron that fires every hour or more often keeps elapsed time: it runs in both passes of the repeated hour whatever
   * `dstRepeat` says, and the warning says so.
   */
  keepsElapsedTime?: boolean;
}

const dayMs = 24 * 60 * 60_000;
// Every slot a change touches lies within an hour of it; a little more leaves room for a slot croner moves.
const aroundChangeMs = 3 * 60 * 60_000;
/** How far the form looks ahead. */
const horizonDays = 366;
// A minute cron has 1,440 slots a day; past this many on a change day, it says nothing rather than freeze the form.
const slotCap = 800;

/**
 * The daylight-saving changes the schedule meets in the next `horizonDays` (from its start date when later), as `upcomingSlots` notes them under the
 * default policies (so a skipped or doubled slot is still seen). Only the hours around each change of the zone's
 * offset are scanned, which keeps a minute cron cheap. Hourly schedules keep elapsed time, so they have nothing to say.
 */
export function dstWarnings(schedule: Schedule, { after = new Date() }: { after?: Date } = {}): DstWarning[] {
  if (schedule.scheduleType === 'hourly') return [];
  const timeZone = scheduleTimeZone(schedule);
  // A task that starts later is warned of its own first year.
  const start = schedule.startDate ? instantOf({ ...parseDate(schedule.startDate), hour: 0, minute: 0 }, timeZone) : after;
  if (start.getTime() > after.getTime()) after = start;
  const horizon = after.getTime() + horizonDays * dayMs;
  const warnings: DstWarning[] = [];
  for (const change of offsetChanges(timeZone, after, horizon)) {
    const from = new Date(Math.max(after.getTime(), change.at.getTime() - aroundChangeMs));
    const until = Math.min(horizon, change.at.getTime() + aroundChangeMs);
    const noted = slotsBetween(schedule, from, until).filter((slot) => slot.note);
    const shifted = noted.find((slot) => slot.note === 'dst_shifted');
    if (change.kind === 'gap' && shifted) {
      warnings.push({
        kind: 'gap',
        day: dayOf(shifted.at, timeZone),
        times: missingTimes(schedule, change, timeZone),
        timeZone,
        shiftedTo: formatTime(wallTimeAt(shifted.at, timeZone)),
      });
    }
    const repeated = noted.filter((slot) => slot.note === 'dst_repeated');
    const first = repeated[0];
    if (change.kind === 'repeat' && first) {
      const times = [...new Set(repeated.map((slot) => formatTime(wallTimeAt(slot.at, timeZone))))].sort();
      const warning: DstWarning = { kind: 'repeat', day: dayOf(first.at, timeZone), times, timeZone };
      // Under "first", a time listed twice is one the cron's own minutes bring back.
      warnings.push(repeated.length > times.length ? { ...warning, keepsElapsedTime: true } : warning);
    }
  }
  return warnings;
}

/** The slots from `from` to `until`, at most `slotCap`, fetched a few at a time: a daily schedule needs two. */
function slotsBetween(schedule: Schedule, from: Date, until: number): Slot[] {
  const slots: Slot[] = [];
  let after = from;
  for (let batch = 8; slots.length < slotCap; batch = Math.min(batch * 4, slotCap - slots.length)) {
    const found = upcomingSlots({ ...schedule, dstGap: 'shift', dstRepeat: 'first' }, { after, count: batch, notes: true });
    const within = found.filter((slot) => slot.at.getTime() <= until);
    slots.push(...within);
    const last = found.at(-1);
    if (within.length < found.length || found.length < batch || !last) break;
    after = last.at;
  }
  return slots;
}

type OffsetChange = { kind: 'gap' | 'repeat'; at: Date; minutes: number };

/** The offset of `timeZone` at `instant`, in minutes east of UTC. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instants the zone's offset changes between `from` and `until`, found a day at a time, then to the minute. */
function offsetChanges(timeZone: string, from: Date, until: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let before = from.getTime();
  let offset = offsetAt(from, timeZone);
  while (before < until) {
    const next = Math.min(until, before + dayMs);
    const nextOffset = offsetAt(new Date(next), timeZone);
    if (nextOffset !== offset) {
      let low = before;
      let high = next;
      while (high - low > 60_000) {
        const middle = low + Math.floor((high - low) / 2);
        if (offsetAt(new Date(middle), timeZone) === offset) low = middle;
        else high = middle;
      }
      const minutes = nextOffset - offset;
      changes.push({ kind: minutes > 0 ? 'gap' : 'repeat', at: new Date(high), minutes: Math.abs(minutes) });
      offset = nextOffset;
    }
    before = next;
  }
  return changes;
}

/**
 * The wall times the schedule names inside a gap: a simple schedule's own time, or the minutes a cron matches there.
 * A cron read in UTC matches wall times as they are written, whatever the zone does with them.
 */
function missingTimes(schedule: Schedule, change: OffsetChange, timeZone: string): string[] {
  if (schedule.scheduleType !== 'custom') return schedule.localTime ? [schedule.localTime] : [];
  const after = wallTimeAt(change.at, timeZone);
  const asWritten = new Cron(schedule.customCron?.trim() ?? '', { timezone: 'UTC', paused: true });
  const times: string[] = [];
  for (let minute = change.minutes; minute > 0; minute--) {
    const wall = new Date(Date.UTC(after.year, after.month - 1, after.day, after.hour, after.minute - minute));
    if (asWritten.match(wall)) times.push(formatTime({ hour: wall.getUTCHours(), minute: wall.getUTCMinutes() }));
  }
  return times;
}

function dayOf(instant: Date, timeZone: string): string {
  const formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
  return formatter.format(instant);
}

/** "02:30", "01:00 and 01:30", "01:00, 01:15, 01:30 and 01:45", or "01:00 to 01:59" when there are many. */
function listOf(times: string[]): string {
  if (times.length > 4) return `${times[0] ?? ''} to ${times.at(-1) ?? ''}`;
  if (times.length < 2) return times[0] ?? '';
  return `${times.slice(0, -1).join(', ')} and ${times.at(-1) ?? ''}`;
}

/** The warning in words, with what happens under the chosen policy. */
export function dstWarningText(
  warning: DstWarning,
  { dstGap = 'shift', dstRepeat = 'first' }: Pick<Schedule, 'dstGap' | 'dstRepeat'> = {},
): string {
  const several = warning.times.length > 1;
  if (warning.kind === 'gap') {
    const what = warning.times.length
      ? `${listOf(warning.times)} ${several ? 'do' : 'does'} not exist`
      : 'a time of this schedule does not exist';
    const outcome = dstGap === 'skip' ? 'that day is skipped' : `it runs at ${warning.shiftedTo ?? ''}`;
    return `On ${warning.day} ${what} in ${warning.timeZone} (clocks go forward): ${outcome}.`;
  }
  const outcome = warning.keepsElapsedTime
    ? 'it runs at both, as a schedule that runs every hour or more often keeps elapsed time'
    : dstRepeat === 'both'
      ? 'it runs at both'
      : 'it runs once, at the first';
  return `On ${warning.day} ${listOf(warning.times)} ${several ? 'happen' : 'happens'} twice in ${warning.timeZone} (clocks go back): ${outcome}.`;
}
