import { useTranslation } from 'react-i18next'

interface Counts {
  create: number
  update: number
  unchanged: number
  error: number
}

/**
 * The four outcomes of a row, as a dry run foresees them (`would create…`) or as the commit did
 * them (`created…`).
 */
export function ImportCounts({
  counts,
  phase,
  label,
}: {
  counts: Counts
  phase: 'dry_run' | 'result'
  label: string
}) {
  const { t, i18n } = useTranslation('imports')
  const items = [
    { key: 'create', value: counts.create, tone: 'text-emerald-700' },
    { key: 'update', value: counts.update, tone: 'text-brand-700' },
    { key: 'unchanged', value: counts.unchanged, tone: 'text-gray-700' },
    {
      key: 'error',
      value: counts.error,
      tone: counts.error > 0 ? 'text-red-700' : 'text-gray-700',
    },
  ] as const
  return (
    <section aria-label={label} className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-gray-900">{label}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.key} className="rounded-lg border border-gray-200 bg-white p-3">
            <dt className="text-sm text-gray-600">{t(`counts.${phase}.${item.key}`)}</dt>
            <dd className={`text-2xl font-semibold tabular-nums ${item.tone}`}>
              {item.value.toLocaleString(i18n.language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
