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

/** Returns the saved location once, then forgets it. Only same-site paths are honoured. */
export function takeRedirectLocation(): string | null {
  try {
    const href = sessionStorage.getItem(REDIRECT_STORAGE_KEY)
    sessionStorage.removeItem(REDIRECT_STORAGE_KEY)
    return href?.startsWith('/') && !href.startsWith('//') ? href : null
  } catch {
    return null
  }
}
