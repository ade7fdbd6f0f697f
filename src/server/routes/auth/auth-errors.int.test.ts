import { expect, it } from 'vitest';
import { useTestApp, expectStatus, errorOf } from '#test/app';

const t = useTestApp();

// Our hook checks the account forms' fields (validate-account-input.ts); better-auth checks the rest of a body's shape
// first and said so in its own words: `validation_error`, "[body.kind] Invalid option: …".
it('answers a body of the wrong shape with validation_failed and the fields at fault, in the API’s error shape', async () => {
  const browser = t.visitor();
  const check = await browser.request('/api/auth/link-token/check', { method: 'POST', body: { kind: 'nope', token: 5 } });
  expectStatus(check, 400);
  expect(check.body).toEqual({
    error: {
      code: 'validation_failed',
      message: errorOf(check).fields?.kind,
      fields: { kind: expect.stringMatching(/^Invalid option/), token: expect.stringMatching(/^Invalid input/) },
    },
  });

  const reset = await browser.request('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email: 'shape@example.com', redirectTo: 5 },
  });
  expectStatus(reset, 400);
  expect(errorOf(reset)).toMatchObject({ code: 'validation_failed', fields: { redirectTo: expect.stringMatching(/^Invalid input/) } });
  expect(JSON.stringify([check.body, reset.body])).not.toContain('[body.');
});
