import type { SalesFramework, SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { useTranslation } from 'react-i18next'

/**
 * A sales framework's name and description in the reader's language. The catalogue's own texts
 * are English; they stand in for a framework the translations do not know yet.
 */
export function useSalesFrameworkText() {
  const { t } = useTranslation('common')
  return {
    nameOfKey: (key: SalesFrameworkKey) => t(`sales_frameworks.names.${key}`),
    nameOf: (framework: SalesFramework) =>
      t(`sales_frameworks.names.${framework.key}`, { defaultValue: framework.name }),
    descriptionOf: (framework: SalesFramework) =>
      t(`sales_frameworks.descriptions.${framework.key}`, { defaultValue: framework.description }),
  }
}
