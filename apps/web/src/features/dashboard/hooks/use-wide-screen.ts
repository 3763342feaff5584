import { useSyncExternalStore } from 'react'

const QUERY = '(min-width: 640px)'

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(QUERY)
  media?.addEventListener('change', onChange)
  return () => media?.removeEventListener('change', onChange)
}

/** Whether the screen is wider than a phone (Tailwind's sm): charts give their labels room then. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(QUERY).matches ?? true,
    () => true,
  )
}
