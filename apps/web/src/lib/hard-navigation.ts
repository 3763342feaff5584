/** Full page loads, for recovering from errors the single-page app cannot undo by itself. */
export const hardNavigation = {
  reload: () => window.location.reload(),
  assign: (path: string) => window.location.assign(path),
}
