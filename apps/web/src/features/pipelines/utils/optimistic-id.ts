// Entries added optimistically exist only in this browser until the server answers with their
// real ids; they get a stand-in id so React can key them meanwhile.
const PREFIX = 'optimistic-'

export const optimisticId = (kind: 'stage' | 'action', index: number) => `${PREFIX}${kind}-${index}`

export const isOptimisticId = (id: string) => id.startsWith(PREFIX)
