import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { errorResponse } from './api-stubs';

/** The reason a failing endpoint gives in these tests; the page must pass it on to the user. */
export const outageMessage = 'The database is unavailable.';

/**
 * An endpoint that is down (a 503 with `outageMessage`) until `recover()`, and then answers as `answer` does: for the
 * tests of a load error and its Retry button.
 */
export function downUntilRecovered<Request>(answer: (request: Request) => Response | Promise<Response>) {
  let down = true;
  return {
    handler: (request: Request) => (down ? errorResponse(503, 'unavailable', outageMessage) : answer(request)),
    recover: () => {
      down = false;
    },
  };
}

/** The load error names what failed and the server's reason; then the endpoint recovers and Retry is pressed. */
export async function retryAfterLoadError(title: string, recover: () => void) {
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain(title);
  expect(alert.textContent).toContain(outageMessage);
  recover();
  await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
}
