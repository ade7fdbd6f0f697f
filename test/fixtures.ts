import type { MeUser } from '#shared/auth/me.schema';

/**
 * The fixtures every side of the tests shares (server tests through test/app.ts, the web's stubs in
 * src/web/testing, the browser journeys in e2e/), so a password or a user means the same thing everywhere.
 */

/** Passes the shared password policy: 15+ characters with lower and upper case, a digit and one of its specials. */
export const strongPassword = 'Correct-Horse-Battery-9!';

/** A member who signed up and has a password: the default signed-in user of the web's stubs. */
export const testUser: MeUser = {
  id: 'user-1',
  email: 'jane@example.com',
  fullName: 'Jane Doe',
  role: 'user',
  invited: false,
  hasSetPassword: true,
};

export const testAdmin: MeUser = { ...testUser, id: 'admin-1', email: 'ada@example.com', fullName: 'Ada Admin', role: 'admin' };

/** Created by an administrator's invitation and has not chosen a password yet, so it must set one first. */
export const testInvitee: MeUser = {
  ...testUser,
  id: 'user-2',
  email: 'invited@example.com',
  fullName: null,
  invited: true,
  hasSetPassword: false,
};
