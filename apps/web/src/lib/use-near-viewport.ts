import { type RefObject, useEffect, useState } from 'react'

/** How far outside the viewport an element already counts as near: it is ready when scrolled to. */
const NEAR_MARGIN = '100px'

/**
 * Whether the element behind `ref` has come near the viewport; once it has, it stays true.
 * Costly drawings wait for it: a page's charts below the fold are drawn when the reader scrolls
 * towards them, not while the page above loads (DESIGN §7's Lighthouse performance). Where the
 * browser has no IntersectionObserver (and in jsdom), everything counts as near; `alreadyNear`
 * counts the element as near from the start, and nothing is observed.
 */
export function useNearViewport(ref: RefObject<Element | null>, alreadyNear = false): boolean {
  const [near, setNear] = useState(() => alreadyNear || typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: NEAR_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, ref])
  return near
}
