import { useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'

/** Spec §2: the page scrolls to the top on every path change (not on search-param changes). */
export function ScrollToTop() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}
