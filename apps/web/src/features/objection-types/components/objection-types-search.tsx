import { Search } from 'lucide-react'
import { useEffect, useEffectEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'

/** How long typing must pause before the URL (and so the list) follows. */
export const SEARCH_DEBOUNCE_MS = 300

/** A search box kept in step with the URL's `search`; the URL changes once typing pauses. */
export function ObjectionTypesSearch({
  search,
  onSearch,
}: {
  search: string | undefined
  onSearch: (search: string | undefined) => void
}) {
  const { t } = useTranslation('objection-types')
  const id = useId()
  const [text, setText] = useState(search ?? '')
  // The URL can change without typing (back button, "Clear search"): the box follows it.
  const [shownSearch, setShownSearch] = useState(search)
  if (search !== shownSearch) {
    setShownSearch(search)
    if ((search ?? '') !== text.trim()) setText(search ?? '')
  }

  const commit = useEffectEvent((value: string | undefined) => onSearch(value))
  useEffect(() => {
    const next = text.trim() || undefined
    if (next === search) return
    const timer = setTimeout(() => commit(next), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, search])

  return (
    <div role="search" className="relative w-full sm:max-w-md">
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-gray-500"
      />
      <Input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        autoComplete="off"
        placeholder={t('search.placeholder')}
        // A long translation ends in an ellipsis rather than being cut mid-word.
        className="ps-9 text-ellipsis"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once rather than after the pause.
          const next = text.trim() || undefined
          if (event.key === 'Enter' && next !== search) onSearch(next)
        }}
      />
    </div>
  )
}
