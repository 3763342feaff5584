/**
 * The e-mails auth sends: their subject and text, nothing about when or how they are sent.
 * Subjects are fixed text: names and organisation names come from users, and a subject is what a
 * mail client shows before anyone opens the message, so it must not carry someone else's words.
 * Bodies are plain text (the outbox sends no HTML), where such text cannot become markup.
 */
export interface EmailText {
  subject: string
  textBody: string
}

const IGNORE_IF_NOT_YOU = 'If this was not you, you can ignore this e-mail.'

/** Greets by first name where the account is known, then the body's lines. */
function email(subject: string, firstName: string | null, lines: readonly string[]): EmailText {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,'
  return { subject, textBody: [greeting, '', ...lines].join('\n') }
}

/** To an address that asked to register but already has an account (no enumeration). */
export function accountExistsEmail(input: { firstName: string; appUrl: string }): EmailText {
  return email('You already have a Dealcoach account', input.firstName, [
    'Someone (probably you) asked to register this e-mail address with Dealcoach,',
    'but it already has an account. Sign in here:',
    '',
    `${input.appUrl}/login`,
    '',
    IGNORE_IF_NOT_YOU,
  ])
}

export function registrationLinkEmail(input: {
  firstName: string
  link: string
  expiresInHours: number
}): EmailText {
  return email('Finish your Dealcoach registration', input.firstName, [
    'Open this link to choose your password and finish your registration:',
    '',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInHours} hours.`,
    'If you did not ask for this, you can ignore this e-mail.',
  ])
}

export const INVITATION_SUBJECT = "You're invited to join a workspace on Dealcoach"

export function invitationEmail(input: {
  firstName: string
  inviter: { firstName: string; lastName: string }
  organisationName: string
  link: string
  expiresInHours: number
}): EmailText {
  const inviter = `${input.inviter.firstName} ${input.inviter.lastName}`
  return email(INVITATION_SUBJECT, input.firstName, [
    `${inviter} invited you to join ${input.organisationName} on Dealcoach.`,
    'Open this link to choose your password and join:',
    '',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInHours} hours.`,
  ])
}

const RESET_SUBJECT = 'Reset your Dealcoach password'

/** The link to choose a new password, to an account that has one (ASVS 2.5.1). */
export function passwordResetLinkEmail(input: {
  firstName: string
  link: string
  expiresInMinutes: number
}): EmailText {
  return email(RESET_SUBJECT, input.firstName, [
    'Someone (probably you) asked to reset the password of your Dealcoach account.',
    'Open this link to choose a new password:',
    '',
    input.link,
    '',
    `The link works once and expires in ${input.expiresInMinutes} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  ])
}

/** To an address with no account, so that every reset request sends one e-mail (no enumeration). */
export function passwordResetNoAccountEmail(input: { appUrl: string }): EmailText {
  return email(RESET_SUBJECT, null, [
    'Someone asked to reset the Dealcoach password of this e-mail address,',
    'but no Dealcoach account uses it. To create one, register here:',
    '',
    `${input.appUrl}/register`,
    '',
    IGNORE_IF_NOT_YOU,
  ])
}

/** To an account that signs in only with Google or Microsoft: there is no password to reset. */
export function passwordResetSocialOnlyEmail(input: {
  firstName: string
  appUrl: string
}): EmailText {
  return email(RESET_SUBJECT, input.firstName, [
    'Someone (probably you) asked to reset the password of your Dealcoach account.',
    'Your account signs in with Google or Microsoft and has no password. Sign in here:',
    '',
    `${input.appUrl}/login`,
    '',
    IGNORE_IF_NOT_YOU,
  ])
}

/**
 * ASVS 2.2.3: after any change of the password. The subject is fixed: nothing the user typed goes
 * into it.
 */
export function passwordChangedEmail(input: { firstName: string; appUrl: string }): EmailText {
  return email('Your Dealcoach password was changed', input.firstName, [
    'The password of your Dealcoach account was just changed, and your other sessions were',
    'signed out.',
    '',
    'If this was not you, reset your password now and tell your administrator:',
    '',
    `${input.appUrl}/forgot-password`,
  ])
}

/**
 * To an address that already has an account in another organisation, in place of an invitation:
 * the inviter is told "sent" either way (no cross-organisation enumeration), and an account
 * belongs to one organisation only.
 */
export function invitationRefusedEmail(input: { firstName: string; appUrl: string }): EmailText {
  return email(INVITATION_SUBJECT, input.firstName, [
    'Someone tried to invite this e-mail address to another workspace on Dealcoach.',
    'This address already has a Dealcoach account, and an account belongs to one workspace.',
    'To join the other workspace, ask them to invite a different e-mail address of yours.',
    '',
    `Your own workspace is unchanged. Sign in here: ${input.appUrl}/login`,
    '',
    'If you do not know what this is about, you can ignore this e-mail.',
  ])
}

const PROVIDER_NAMES = { google: 'Google', microsoft: 'Microsoft' } as const

/** ASVS 2.2.3: tells the owner that a new way to sign in to their account was added. */
export function socialIdentityLinkedEmail(input: {
  firstName: string
  provider: keyof typeof PROVIDER_NAMES
  appUrl: string
}): EmailText {
  const provider = PROVIDER_NAMES[input.provider]
  return email('A sign-in method was added to your Dealcoach account', input.firstName, [
    `Signing in with ${provider} was just linked to your Dealcoach account.`,
    `From now on you can sign in with ${provider} as well as with your password.`,
    '',
    'If this was not you, change your password at once and tell your administrator:',
    `${input.appUrl}/settings`,
  ])
}
