import type { ImportDateOrder } from '../../db/schema/imports.js'
import { readAmount, slashDateOrder } from './cell-values.js'
import type { Delimiter } from './csv-reader.js'

/**
 * Decides the order of a file's slash dates (`03/04/2027`) from all of them, before its rows are
 * read (ADR 0031): a date that reads in one order only (`15/03/2027`, `3/31/2026`) shows the file's
 * order, and the order more of them show wins. When none shows it, the file's conventions choose:
 * `;` between values, decimal-comma amounts (`24.000,50`) or dotted dates (`31.03.2026`) are
 * European, day first; otherwise month first, as HubSpot's and Salesforce's US exports write.
 */
export function dateOrderTally(delimiter: Delimiter) {
  let dayFirst = 0
  let monthFirst = 0
  let dayFirstExample: string | undefined
  let monthFirstExample: string | undefined
  let decimalComma = 0
  let decimalPoint = 0
  let dotted = false
  return {
    /** A date cell's text (trimmed). */
    date(text: string) {
      const shown = slashDateOrder(text)
      if (shown === 'day_first') {
        dayFirst++
        dayFirstExample ??= text
      } else if (shown === 'month_first') {
        monthFirst++
        monthFirstExample ??= text
      } else if (!shown && /^\d{1,2}\.\d{1,2}\.\d{4}(?:\s|$)/.test(text)) dotted = true
    },
    /** An amount cell's text (trimmed): its decimal mark is a convention of the file. */
    amount(text: string) {
      if (readAmount(text) === undefined) return
      const cleaned = text.replace(/[\s\u00a0'’]/g, '').replace(/[^\d]+$/, '')
      if (/,\d{1,2}$/.test(cleaned)) decimalComma++
      else if (/\.\d{1,2}$/.test(cleaned)) decimalPoint++
    },
    decide(): ImportDateOrder {
      if (dayFirst > monthFirst) {
        return { order: 'day_first', basis: 'dates', example: dayFirstExample ?? '' }
      }
      if (monthFirst > dayFirst) {
        return { order: 'month_first', basis: 'dates', example: monthFirstExample ?? '' }
      }
      const european = delimiter === ';' || decimalComma > decimalPoint || dotted
      const order = european ? 'day_first' : 'month_first'
      // As many dates show each order: the ones in the other order are reported against the
      // convention's, whose date then serves as the example.
      const example = european ? dayFirstExample : monthFirstExample
      return example ? { order, basis: 'conventions', example } : { order, basis: 'conventions' }
    },
  }
}
