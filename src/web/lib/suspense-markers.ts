/**
 * renderToString marks the Suspense boundaries it could not fill (the session watch, the account menu); the browser
 * renders those itself, so in a page rendered ahead of the browser (ADR 0012, 0054, 0057) the markers only add bytes.
 */
export function withoutSuspenseMarkers(markup: string): string {
  return markup.replace(/<!--\$!?-->(<template[^>]*><\/template>)?|<!--\/\$-->/g, '');
}
