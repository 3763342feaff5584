import type { BackendModule } from 'i18next'

/**
 * i18next's backend for the server's /locales/{lng}/{ns}.json?v=<version>: a fetch and no more (a
 * general HTTP backend would add its weight to the sign-in page, DESIGN §7). A failure the server
 * may get over (a 5xx, a network error) is marked for i18next to retry; a 4xx is final.
 */
export function localesBackend(version: string): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read: (language, namespace, callback) => {
      const url = `/locales/${language}/${namespace}.json?v=${encodeURIComponent(version)}`
      fetch(url)
        .then(async (response) => {
          if (!response.ok) {
            callback(`failed loading ${url}: ${response.status}`, response.status >= 500)
            return
          }
          callback(null, (await response.json()) as Record<string, unknown>)
        })
        .catch((error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true))
    },
  }
}
