import type { SocialProvider } from '@dealcoach/contracts/auth'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { HttpError } from '@/lib/api-client'
import { hardNavigation } from '@/lib/hard-navigation'
import { chooseLanguage } from '@/lib/i18n'
import {
  type SocialIdentity,
  useAuthProviders,
  useSocialLogin,
  useSocialSignup,
} from '../api/social-sign-in'
import { beginSocialSignIn, takeSocialCallback } from '../social-redirect'
import { authErrorMessage } from './auth-error-message'

// Rarely needed, and a modal dialog is heavy: the sign-in page loads it only when it opens.
const LinkPasswordDialog = lazy(() =>
  import('./link-password-dialog').then((module) => ({ default: module.LinkPasswordDialog })),
)

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', microsoft: 'Microsoft' }

/**
 * "Continue with Google / Microsoft" when the server has them configured, and the return from the
 * provider. `keepSignedIn` is the sign-in form's choice, carried through the provider's redirect.
 */
export function SocialSignIn({
  keepSignedIn,
  onSignedIn,
}: {
  keepSignedIn: boolean
  onSignedIn: () => void
}) {
  const { t, i18n } = useTranslation('auth')
  const providers = useAuthProviders()
  const login = useSocialLogin()
  const signup = useSocialSignup()
  const [unknownIdentity, setUnknownIdentity] = useState<SocialIdentity | null>(null)
  /** A sign-in whose e-mail has a password account: linking needs that password. */
  const [linkRequest, setLinkRequest] = useState<SocialIdentity | null>(null)
  const [callback] = useState(() => takeSocialCallback(window.location.hash))
  const started = useRef(false)

  useEffect(() => {
    if (callback.kind !== 'token' || started.current) return
    started.current = true
    // The ID token must not stay in the address bar or the history.
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    )
    const body = {
      provider: callback.provider,
      token: callback.token,
      keep_signed_in: callback.keepSignedIn,
    }
    login.mutate(body, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof HttpError && error.code === 'account_not_found')
          setUnknownIdentity(body)
        if (error instanceof HttpError && error.code === 'password_required_to_link')
          setLinkRequest(body)
      },
    })
  }, [callback, login, onSignedIn])

  const enabled = (['google', 'microsoft'] as const).flatMap((provider) => {
    const settings = providers.data?.[provider]
    return settings ? [{ provider, clientId: settings.client_id }] : []
  })
  const failure = callback.kind === 'error' ? t(`social.${callback.reason}`) : null
  const loginError =
    login.isError && !unknownIdentity && !linkRequest ? authErrorMessage(login.error, t) : null
  const linkError =
    linkRequest &&
    !(login.error instanceof HttpError && login.error.code === 'password_required_to_link')
      ? login.error
      : null
  if (enabled.length === 0 && callback.kind === 'none') return null

  return (
    <div className="flex flex-col gap-3">
      {failure || loginError ? <FormAlert>{failure ?? loginError}</FormAlert> : null}
      {signup.isError ? <FormAlert>{authErrorMessage(signup.error, t)}</FormAlert> : null}
      {login.isPending || signup.isPending ? (
        <p role="status" className="text-sm text-gray-600">
          {t('social.signing_in')}
        </p>
      ) : null}
      {unknownIdentity ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md border border-gray-200 p-3 text-sm"
        >
          <p>{t('social.no_account', { provider: PROVIDER_NAMES[unknownIdentity.provider] })}</p>
          <Button
            variant="outline"
            disabled={signup.isPending}
            onClick={() =>
              signup.mutate(unknownIdentity, {
                // A new account starts in English on the server: it keeps the page's language.
                onSuccess: () => void chooseLanguage(i18n, i18n.language).then(onSignedIn),
              })
            }
          >
            {t('social.create_account', { provider: PROVIDER_NAMES[unknownIdentity.provider] })}
          </Button>
        </div>
      ) : null}
      {linkRequest ? (
        <Suspense fallback={null}>
          <LinkPasswordDialog
            provider={PROVIDER_NAMES[linkRequest.provider]}
            pending={login.isPending}
            error={linkError}
            onClose={() => {
              setLinkRequest(null)
              login.reset()
            }}
            // The server uses up the token only when it signs in, so the same one is sent again.
            onSubmit={(password) =>
              login.mutate({ ...linkRequest, password }, { onSuccess: onSignedIn })
            }
          />
        </Suspense>
      ) : null}
      {enabled.map(({ provider, clientId }) => (
        <Button
          key={provider}
          variant="outline"
          onClick={() => hardNavigation.assign(beginSocialSignIn(provider, clientId, keepSignedIn))}
        >
          {t('social.continue_with', { provider: PROVIDER_NAMES[provider] })}
        </Button>
      ))}
      {enabled.length > 0 ? (
        <p className="flex items-center gap-3 text-xs text-gray-500 uppercase before:h-px before:flex-1 before:bg-gray-200 after:h-px after:flex-1 after:bg-gray-200">
          {t('social.or')}
        </p>
      ) : null}
    </div>
  )
}
