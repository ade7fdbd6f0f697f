import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteFallback } from '../components/layout/route-fallback';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/*
 * Layouts and pages load lazily: the entry chunk holds only React, the router and the providers. React Router fetches
 * the chunks of all matched routes in parallel, so the first page costs one round trip. What those chunks are is
 * decided in vite.config.ts (ADR 0042): a few per area (public, signed-in, content), not one per import.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
          },
          { path: 'login', lazy: async () => ({ Component: (await import('./routes/auth/login')).LoginRoute }) },
          { path: 'register', lazy: async () => ({ Component: (await import('./routes/auth/register')).RegisterRoute }) },
          {
            path: 'forgot-password',
            lazy: async () => ({ Component: (await import('./routes/auth/forgot-password')).ForgotPasswordRoute }),
          },
          { path: 'reset-password', lazy: async () => ({ Component: (await import('./routes/auth/reset-password')).ResetPasswordRoute }) },
          { path: 'set-password', lazy: async () => ({ Component: (await import('./routes/auth/set-password')).SetPasswordRoute }) },
          { path: 'docs', lazy: async () => ({ Component: (await import('./routes/content/docs')).DocsRoute }) },
          { path: 'docs/quickstart', lazy: async () => ({ Component: (await import('./routes/content/quickstart')).QuickstartRoute }) },
          { path: 'docs/api', lazy: async () => ({ Component: (await import('./routes/content/api-docs')).ApiDocsRoute }) },
          {
            path: 'docs/integrations/:integrationId',
            lazy: async () => ({ Component: (await import('./routes/content/integration-docs')).IntegrationDocsRoute }),
          },
          { path: 'blog', lazy: async () => ({ Component: (await import('./routes/content/blog')).BlogRoute }) },
          { path: 'blog/:postId', lazy: async () => ({ Component: (await import('./routes/content/blog-post')).BlogPostRoute }) },
          { path: 'guides', lazy: async () => ({ Component: (await import('./routes/content/guides')).GuidesRoute }) },
          {
            path: 'guides/prompt-templates',
            lazy: async () => ({ Component: (await import('./routes/content/prompt-templates')).PromptTemplatesRoute }),
          },
          { path: 'guides/:guideId', lazy: async () => ({ Component: (await import('./routes/content/guide')).GuideRoute }) },
          { path: 'integrations', lazy: async () => ({ Component: (await import('./routes/content/integrations')).IntegrationsRoute }) },
          { path: 'about', lazy: async () => ({ Component: (await import('./routes/content/about')).AboutRoute }) },
          { path: 'contact', lazy: async () => ({ Component: (await import('./routes/content/contact')).ContactRoute }) },
          { path: 'privacy', lazy: async () => ({ Component: (await import('./routes/content/privacy')).PrivacyRoute }) },
          { path: 'unsubscribe', lazy: async () => ({ Component: (await import('./routes/unsubscribe')).UnsubscribeRoute }) },
          { path: 'delivery-address', lazy: async () => ({ Component: (await import('./routes/delivery-address')).DeliveryAddressRoute }) },
          { path: 'invitations/:token', lazy: async () => ({ Component: (await import('./routes/invitation')).InvitationRoute }) },
          { path: 'sso-domain/:token', lazy: async () => ({ Component: (await import('./routes/sso-domain')).SsoDomainRoute }) },
          { path: 'confirm-email', lazy: async () => ({ Component: (await import('./routes/confirm-email')).ConfirmEmailRoute }) },
          { path: 'terms', lazy: async () => ({ Component: (await import('./routes/content/terms')).TermsRoute }) },
          { path: 'account-deleted', lazy: async () => ({ Component: (await import('./routes/account-deleted')).AccountDeletedRoute }) },
          { path: 'status', lazy: async () => ({ Component: (await import('./routes/status')).StatusRoute }) },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
        ],
      },
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await import('./routes/guards')).RequireSignedIn }),
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./routes/dashboard/overview')).DashboardOverviewRoute }) },
              { path: 'settings', lazy: async () => ({ Component: (await import('./routes/settings')).SettingsRoute }) },
              { path: 'tasks', lazy: async () => ({ Component: (await import('./routes/dashboard/tasks/task-list')).TaskListRoute }) },
              { path: 'tasks/new', lazy: async () => ({ Component: (await import('./routes/dashboard/tasks/new-task')).NewTaskRoute }) },
              {
                path: 'tasks/:taskId',
                lazy: async () => ({ Component: (await import('./routes/dashboard/tasks/task-detail')).TaskDetailRoute }),
              },
              {
                path: 'tasks/:taskId/edit',
                lazy: async () => ({ Component: (await import('./routes/dashboard/tasks/edit-task')).EditTaskRoute }),
              },
              { path: 'history', lazy: async () => ({ Component: (await import('./routes/dashboard/history')).HistoryRoute }) },
              {
                path: 'subscription',
                lazy: async () => ({ Component: (await import('./routes/dashboard/subscription')).SubscriptionRoute }),
              },
              // Unknown pages below /admin and /dashboard: the 404 inside the layout, after the area's guard.
              { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
            ],
          },
        ],
      },
      {
        path: 'admin',
        lazy: async () => ({ Component: (await import('./routes/guards')).RequireAdmin }),
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./routes/admin/overview')).AdminOverviewRoute }) },
              { path: 'users', lazy: async () => ({ Component: (await import('./routes/admin/users')).AdminUsersRoute }) },
              {
                path: 'users/:userId',
                lazy: async () => ({ Component: (await import('./routes/admin/user-profile')).AdminUserProfileRoute }),
              },
              {
                path: 'workspaces',
                lazy: async () => ({ Component: (await import('./routes/admin/workspaces')).AdminWorkspacesRoute }),
              },
              { path: 'settings', lazy: async () => ({ Component: (await import('./routes/settings')).SettingsRoute }) },
              { path: 'tasks', lazy: async () => ({ Component: (await import('./routes/admin/tasks')).AdminTasksRoute }) },
              {
                path: 'tasks/:taskId',
                lazy: async () => ({ Component: (await import('./routes/admin/task-detail')).AdminTaskDetailRoute }),
              },
              { path: 'plans', lazy: async () => ({ Component: (await import('./routes/admin/plans')).AdminPlansRoute }) },
              { path: 'audit', lazy: async () => ({ Component: (await import('./routes/admin/audit')).AdminAuditRoute }) },
              { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
