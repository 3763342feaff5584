import { useTranslation } from 'react-i18next'
import type { ImportMessage } from '../lib/import-errors'

/** An `imports` message with its numbers written the reader's way (100,000 or 100.000). */
export function ImportMessageText({ message }: { message: ImportMessage }) {
  const { t, i18n } = useTranslation('imports')
  const values = Object.fromEntries(
    Object.entries(message.values ?? {}).map(([name, value]) => [
      name,
      typeof value === 'number' ? value.toLocaleString(i18n.language) : value,
    ]),
  )
  return <>{t(message.key, values)}</>
}
