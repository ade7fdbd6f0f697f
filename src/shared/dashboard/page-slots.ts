/**
 * Where /dashboard's template (dashboard.html, written by the build) takes what the server renders into it (ADR 0057):
 * the markup goes into the empty #root, the queries it was rendered from replace the comment.
 */
export const dashboardPageSlots = { markup: '<div id="root"></div>', queries: '<!--prefetched-queries-->' } as const;
