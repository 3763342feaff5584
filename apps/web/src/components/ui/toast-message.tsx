import { useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'

/**
 * A toast's text, cut to three lines (a long name must not grow the toast over the page). When
 * the cut hides part of it, a button shows the whole text and hides it again: a title attribute
 * only opens on hover, which touch screens and keyboards cannot do. Screen readers read the whole
 * text either way; the cut is visual only.
 */
export function ToastMessage({ text, onExpand }: { text: string; onExpand?: () => void }) {
  const { t } = useTranslation('ui')
  const id = useId()
  const textRef = useRef<HTMLSpanElement>(null)
  const [expanded, setExpanded] = useState(false)
  const [cut, setCut] = useState(false)

  // Measured once drawn: only the browser knows whether three lines hold the text.
  useLayoutEffect(() => {
    const element = textRef.current
    if (element && !expanded) setCut(element.scrollHeight > element.clientHeight)
  }, [text, expanded])

  function toggle() {
    if (!expanded) onExpand?.()
    setExpanded(!expanded)
  }

  return (
    <span className="flex flex-col items-start gap-1">
      <span
        ref={textRef}
        id={id}
        className={cn('[overflow-wrap:anywhere]', !expanded && 'line-clamp-3')}
      >
        {text}
      </span>
      {(cut || expanded) && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={toggle}
          className="rounded text-xs font-medium underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none"
        >
          {expanded ? t('toast_show_less') : t('toast_show_all')}
        </button>
      )}
    </span>
  )
}
