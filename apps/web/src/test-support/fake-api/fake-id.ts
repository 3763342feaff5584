let counter = 0

/** A fresh UUID (v4-shaped, as the contracts require) that reads well in a test failure. */
export const fakeId = () => `00000000-0000-4000-9000-${String(++counter).padStart(12, '0')}`
