import { describe, expect, it } from 'vitest';
import { createDeliveryShare } from './delivery-share';

describe('a delivery share', () => {
  it('lets each user hold at most their share, and gives a slot back once per release', () => {
    const share = createDeliveryShare(2);
    const first = share.take('ada');
    const second = share.take('ada');
    expect(first && second).toBeTruthy();
    expect(share.take('ada')).toBeUndefined();
    // Another user is not held back by Ada.
    expect(share.take('grace')).toBeTruthy();

    first?.();
    first?.(); // a second release of the same slot frees nothing more
    expect(share.take('ada')).toBeTruthy();
    expect(share.take('ada')).toBeUndefined();
  });

  it('wakes the user’s waiting deliveries one per freed slot, oldest first', () => {
    const share = createDeliveryShare(1);
    const release = share.take('ada');
    const woken: string[] = [];
    share.whenFree('ada', () => woken.push('first'));
    share.whenFree('ada', () => woken.push('second'));
    share.whenFree('grace', () => woken.push('grace'));

    release?.();
    expect(woken).toEqual(['first']);
    share.take('ada')?.();
    expect(woken).toEqual(['first', 'second']);
  });
});
