import { Eye, EyeOff } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { Input } from './input'

/**
 * A password input with a button that shows what was typed (ASVS 2.1.12). Takes every prop of
 * an input but its type, so a FormField gives it its id and aria attributes like any Input.
 */
function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const { t } = useTranslation('ui')
  const [shown, setShown] = useState(false)
  const Icon = shown ? EyeOff : Eye
  return (
    <div data-slot="password-input" className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className={cn('pe-10', className)} />
      <button
        type="button"
        aria-label={t('show_password')}
        aria-pressed={shown}
        disabled={props.disabled}
        onClick={() => setShown((current) => !current)}
        className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-gray-500 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600/40 disabled:opacity-50"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </div>
  )
}

export { PasswordInput }
