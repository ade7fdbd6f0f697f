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

describe('a delivery share, waited for', () => {
  it('hands a slot freed within the wait to the waiting delivery, in turn with the others', async () => {
    const share = createDeliveryShare(1);
    const release = share.take('ada');
    const woken: string[] = [];
    share.whenFree('ada', () => woken.push('queued job'));
    const waited = share.takeWithin('ada', 1_000);
    release?.(); // the queued job was waiting first
    expect(woken).toEqual(['queued job']);
    share.take('ada')?.(); // the job's attempt ends
    expect(await waited).toBeTypeOf('function');
    expect(share.take('ada')).toBeUndefined();
  });

  it('gives up after the wait, and a slot freed later goes to the next in line', async () => {
    const share = createDeliveryShare(1);
    const release = share.take('ada');
    expect(await share.takeWithin('ada', 10)).toBeUndefined();
    const woken: string[] = [];
    share.whenFree('ada', () => woken.push('queued job'));
    release?.();
    expect(woken).toEqual(['queued job']);
  });
});
