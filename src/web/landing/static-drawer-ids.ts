/** Element ids of the landing page's static phone menu, shared by its markup and its script (ADR 0013). */
export const staticDrawerIds = { drawer: 'landing-drawer', overlay: 'landing-drawer-overlay', title: 'landing-drawer-title' } as const;
