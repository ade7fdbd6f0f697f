import type { Workspace } from '#shared/workspaces/workspace.schema';

/** The signed-in user's personal workspace, as `GET /api/workspaces` lists it. */
export const personalWorkspace: Workspace = {
  id: '0b9a4c7e-0000-4000-8000-000000000001',
  name: 'Personal',
  slug: 'jane-doe-1a2b3c4d',
  personal: true,
  role: 'owner',
  createdAt: '2030-01-01T10:00:00.000Z',
};

/** A team workspace of the same user's, named `name`. */
export const teamWorkspace = (name: string, slug: string): Workspace => ({
  ...personalWorkspace,
  id: '0b9a4c7e-0000-4000-8000-000000000002',
  name,
  slug,
  personal: false,
});
