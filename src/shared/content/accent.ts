/** Colours of the decorative banners of blog posts and guides; the web app maps each to a gradient. */
export type ContentAccent = 'indigo' | 'violet' | 'emerald' | 'amber' | 'rose' | 'sky' | 'lime' | 'slate';
