/** Spec §4/§9: where to return after sign-in is kept in session storage. */
export const REDIRECT_STORAGE_KEY = 'redirect_after_login'

export function saveRedirectLocation(href: string) {
  // The sign-in pages themselves are never a destination worth returning to.
  if (/^\/(login|register|complete_registration)(\/|$|\?)/.test(href)) return
  try {
    sessionStorage.setItem(REDIRECT_STORAGE_KEY, href)
  } catch {
    // Storage can be unavailable (private mode); sign-in then lands on the dashboard.
  }
}

// One `/`, then anything but a second `/` or `\\` (browsers read `/\\host` as `//host`), or `/` alone.
const LOCAL_PATH = /^\/(?![/\\])/
// Browsers drop tabs and line breaks from URLs, so `/\t/host` would become `//host`.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/
const PROBE_ORIGIN = 'https://dealcoach.invalid'

/**
 * Whether a location is a path of this app: what sign-in may send the browser to. Checked by
 * shape and then by how the URL parser resolves it, so no spelling can leave the origin.
 */
export function isSameOriginPath(href: string): boolean {
  if (!LOCAL_PATH.test(href) || CONTROL_CHARACTER.test(href)) return false
  try {
    return new URL(href, PROBE_ORIGIN).origin === PROBE_ORIGIN
  } catch {
    return false
  }
}

/** Returns the saved location once, then forgets it. Only this app's own paths are honoured. */
export function takeRedirectLocation(): string | null {
  try {
    const href = sessionStorage.getItem(REDIRECT_STORAGE_KEY)
    sessionStorage.removeItem(REDIRECT_STORAGE_KEY)
    return href !== null && isSameOriginPath(href) ? href : null
  } catch {
    return null
  }
}
