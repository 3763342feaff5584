/**
 * The one look of a field that cannot be edited (a member's view, an e-mail that cannot change):
 * flat and grey with a dashed edge, so it does not invite typing. Input and Textarea apply it
 * to `readOnly` controls; anything else showing a value read-only uses the same classes.
 */
export const readOnlyFieldClassName =
  'read-only:cursor-default read-only:border-dashed read-only:border-gray-300 read-only:bg-gray-50 read-only:text-gray-700 read-only:shadow-none read-only:focus-visible:border-gray-400 read-only:focus-visible:ring-gray-400/30'
