import { SALES_FRAMEWORK_KEYS, type SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { BANT_TEMPLATE } from './frameworks/bant.js'
import { CHALLENGER_TEMPLATE } from './frameworks/challenger.js'
import { CUSTOM_TEMPLATE } from './frameworks/custom.js'
import { MEDDIC_TEMPLATE } from './frameworks/meddic.js'
import { MEDDPICC_TEMPLATE } from './frameworks/meddpicc.js'
import { SANDLER_TEMPLATE } from './frameworks/sandler.js'
import { SPICED_TEMPLATE } from './frameworks/spiced.js'
import { SPIN_TEMPLATE } from './frameworks/spin.js'
import type { FrameworkTemplate } from './playbook-types.js'

/**
 * What each sales framework offers a team starting out: a pipeline whose stages follow the
 * framework, playbook actions whose descriptions say what good looks like (the engine coaches
 * against them), and the objection types reps meet most often when selling that way. Teams edit
 * everything afterwards; these are starting points, not rules.
 */
// A Record so the compiler insists on one template for every key.
const TEMPLATES: Record<SalesFrameworkKey, FrameworkTemplate> = {
  meddic: MEDDIC_TEMPLATE,
  meddpicc: MEDDPICC_TEMPLATE,
  bant: BANT_TEMPLATE,
  spin: SPIN_TEMPLATE,
  challenger: CHALLENGER_TEMPLATE,
  sandler: SANDLER_TEMPLATE,
  spiced: SPICED_TEMPLATE,
  custom: CUSTOM_TEMPLATE,
}

/** Every framework, in the order of SALES_FRAMEWORK_KEYS (the order the questionnaire shows). */
export const SALES_FRAMEWORK_TEMPLATES: readonly FrameworkTemplate[] = SALES_FRAMEWORK_KEYS.map(
  (key) => TEMPLATES[key],
)

export function findSalesFramework(key: SalesFrameworkKey): FrameworkTemplate {
  return TEMPLATES[key]
}
