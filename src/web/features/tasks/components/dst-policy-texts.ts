import type { DstGapPolicy, DstRepeatPolicy } from '#shared/tasks/schedule';

/** The daylight-saving policies as the task form offers them and the task page names them (ADR 0116). */
export const dstGapTexts: Record<DstGapPolicy, string> = {
  shift: 'Run at the first minute after it',
  skip: 'Skip that day',
};

export const dstRepeatTexts: Record<DstRepeatPolicy, string> = {
  first: 'Run once, at the first',
  both: 'Run at both',
};

export const dstGapLabel = 'If the time does not exist that day';
export const dstRepeatLabel = 'If the time happens twice';
