import { refreshAccessToken } from './api-client'

let restoring: Promise<unknown> | null = null
let settled = false

/**
 * Spec §4: the one refresh attempt on load. The app renders meanwhile (its shell and a placeholder)
 * and the routes that depend on the session wait for it instead of the whole page.
 */
export function restoreSession(): Promise<unknown> {
  restoring ??= refreshAccessToken().finally(() => {
    settled = true
  })
  return restoring
}

/** The restore still running, or null once it is over (or was never started, as in tests). */
export function pendingSessionRestore(): Promise<unknown> | null {
  return settled ? null : restoring
}
