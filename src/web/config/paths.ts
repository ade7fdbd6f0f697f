/** Ids of the landing page sections the header and footer link to. */
export const landingSectionIds = {
  features: 'features',
  faq: 'faq',
} as const;

/** The one list of URLs in the web app; routes and links both read from here. */
export const paths = {
  home: '/',
  features: `/#${landingSectionIds.features}`,
  faq: `/#${landingSectionIds.faq}`,
  login: '/login',
  register: '/register',
  docs: '/docs',
  docsQuickstart: '/docs/quickstart',
  docsApi: '/docs/api',
  blog: '/blog',
  guides: '/guides',
  promptTemplates: '/guides/prompt-templates',
  integrations: '/integrations',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  setPassword: '/set-password',
  accountDeleted: '/account-deleted',
  confirmEmail: '/confirm-email',
  status: '/status',
  dashboard: '/dashboard',
  dashboardSettings: '/dashboard/settings',
  dashboardTasks: '/dashboard/tasks',
  dashboardNewTask: '/dashboard/tasks/new',
  dashboardHistory: '/dashboard/history',
  dashboardSubscription: '/dashboard/subscription',
  admin: '/admin',
  adminSettings: '/admin/settings',
  adminUsers: '/admin/users',
  adminWorkspaces: '/admin/workspaces',
  adminTasks: '/admin/tasks',
  adminPlans: '/admin/plans',
  adminAudit: '/admin/audit',
} as const;

/** The page of a workspace invitation's e-mailed link (server: core/workspaces/workspace-invitations.ts). */
export const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** An administrator's page of one user, built from its id. */
export const adminUserPath = (userId: string) => `${paths.adminUsers}/${encodeURIComponent(userId)}`;

/** The pages of one task, built from its id. */
export const taskPaths = {
  detail: (taskId: string) => `${paths.dashboardTasks}/${encodeURIComponent(taskId)}`,
  edit: (taskId: string) => `${paths.dashboardTasks}/${encodeURIComponent(taskId)}/edit`,
};

/** The read-only page of any user's task in the admin area. */
export const adminTaskPaths = {
  detail: (taskId: string) => `${paths.adminTasks}/${encodeURIComponent(taskId)}`,
};

/** The pages of one content entry (blog post, guide, integration documentation), built from its id. */
export const blogPostPath = (postId: string) => `${paths.blog}/${encodeURIComponent(postId)}`;
export const guidePath = (guideId: string) => `${paths.guides}/${encodeURIComponent(guideId)}`;
export const integrationDocsPath = (integrationId: string) => `${paths.docs}/integrations/${encodeURIComponent(integrationId)}`;
